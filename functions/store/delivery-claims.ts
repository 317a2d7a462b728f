import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally } from './dynamo.js';
import { deliveryClaimEntity } from './entities/delivery-claim-entity.js';
import { keys } from './keys.js';
import type { DeliveryKey, DeliveryClaims } from '../core/ports/delivery-claims.js';

/**
 * Claims that make message consumers idempotent (RELIABILITY 21): before sending, a consumer puts
 * `SALON#<id>` / `SENT#<eventType>#<subjectId>#<channel>` on condition that it is not there. Of two
 * deliveries of one event, one claims and sends; the other sends nothing. A failed send releases
 * its claim so the retry can send.
 *
 * A claim still `sending` long after any consumer could still be running (the consumer Lambda
 * times out after 30 s) was left by one that died mid-send: the next delivery may take it over.
 */
export const CLAIM_STALE_AFTER_MS = 45_000;
/** Far beyond every redelivery window (EventBridge retries for 24 h), then the item goes. */
export const CLAIM_TTL_DAYS = 30;

const itemKey = (key: DeliveryKey) => ({ pk: keys.salon(key.salonId), sk: keys.deliveryClaimSk(key.eventType, key.subjectId, key.channel) });

export function createDeliveryClaims(client: DynamoDBDocumentClient, tableName: string): DeliveryClaims {
  return {
    async claim(key, now) {
      const token = randomUUID();
      const claimed = await conditionally(
        client.send(
          new PutCommand(
            deliveryClaimEntity()
              .build(PutTransaction)
              .item({
                ...itemKey(key),
                status: 'sending',
                claimToken: token,
                claimedAt: now.getTime(),
                ttl: Math.ceil(now.getTime() / 1000) + CLAIM_TTL_DAYS * 24 * 60 * 60,
              })
              .options({
                tableName,
                condition: {
                  or: [
                    { attr: 'pk', exists: false },
                    {
                      and: [
                        { attr: 'status', eq: 'sending' },
                        { attr: 'claimedAt', lt: now.getTime() - CLAIM_STALE_AFTER_MS },
                      ],
                    },
                  ],
                },
              })
              .params().Put,
          ),
        ),
      );
      return claimed ? { key, token } : null;
    },
    async markSent(claim, messageId, now) {
      // Taken over meanwhile (this holder looked dead): the other holder owns the item now.
      await conditionally(
        client.send(
          new UpdateCommand(
            deliveryClaimEntity()
              .build(UpdateTransaction)
              .item({ ...itemKey(claim.key), status: 'sent', sentAt: now.toISOString(), messageId })
              .options({ tableName, condition: { attr: 'claimToken', eq: claim.token } })
              .params().Update,
          ),
        ),
      );
    },
    async wasSent(key) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: itemKey(key), ConsistentRead: true }));
      return result.Item?.status === 'sent';
    },
    async release(claim) {
      await conditionally(
        client.send(
          new DeleteCommand(
            deliveryClaimEntity()
              .build(DeleteTransaction)
              .key(itemKey(claim.key))
              .options({ tableName, condition: { attr: 'claimToken', eq: claim.token } })
              .params().Delete,
          ),
        ),
      );
    },
  };
}
