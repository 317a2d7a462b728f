import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally } from './dynamo.js';
import { rateLimitEntity } from './entities/rate-limit-entity.js';
import { keys } from './keys.js';
import type { RateCounter, FixedWindow, RateLimits } from '../core/ports/rate-limits.js';

/** Source addresses stay out of the table and its backups, as phone numbers do. */
const sourceHash = (source: string) => createHash('sha256').update(source).digest('base64url').slice(0, 32);

function itemKey(counter: RateCounter, window: FixedWindow): { pk: string; sk: string } {
  const start = new Date(window.startsAt).toISOString();
  switch (counter.kind) {
    case 'caller-messages':
      return { pk: keys.salon(counter.salonId), sk: keys.callerMessagesLimitSk(counter.phoneHash, start) };
    case 'salon-messages':
      return { pk: keys.salon(counter.salonId), sk: keys.salonMessagesLimitSk(start) };
    case 'support-messages':
      return { pk: keys.salon(counter.salonId), sk: keys.supportMessagesLimitSk(start) };
    case 'caller-waitlist':
      return { pk: keys.salon(counter.salonId), sk: keys.callerWaitlistLimitSk(counter.phoneHash, start) };
    case 'salon-waitlist':
      return { pk: keys.salon(counter.salonId), sk: keys.salonWaitlistLimitSk(start) };
    case 'secret-failures':
      return { pk: keys.secretFailures(sourceHash(counter.source)), sk: keys.secretFailuresSk(start) };
  }
}

export function createRateLimits(client: DynamoDBDocumentClient, tableName: string): RateLimits {
  return {
    take(counter, window, cap) {
      return conditionally(
        client.send(
          new UpdateCommand(
            rateLimitEntity()
              .build(UpdateTransaction)
              .item({ ...itemKey(counter, window), count: $add(1), ttl: Math.ceil(window.endsAt / 1000) })
              .options({
                tableName,
                condition: {
                  or: [
                    { attr: 'count', exists: false },
                    { attr: 'count', lt: cap },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      );
    },
  };
}
