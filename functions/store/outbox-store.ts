import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { sandboxOutboxEntity } from './entities/dashboard-entities.js';
import { keyQuery } from './entities/query.js';
import { queryAll } from './dynamo.js';
import { keys } from './keys.js';
import type { OutboxEntry, OutboxStore } from '../core/ports/outbox-store.js';

/**
 * The SMS and email sandboxes' outbox: what the product would have sent, kept in the single table
 * so it works the same in AWS and on one machine. `SALON#<id>` / `OUTBOX#<iso>#<id>` (removed with
 * the salon), listed across salons through gsi1 `OUTBOX`, newest first, and gone after 30 days.
 */
export const OUTBOX_TTL_DAYS = 30;

const formatter = () => sandboxOutboxEntity().build(EntityFormatter);

function toEntry(item: ReturnType<ReturnType<typeof formatter>['format']>): OutboxEntry {
  return {
    id: item.id,
    salonId: item.salonId,
    channel: item.channel,
    to: item.to,
    ...(item.subject !== undefined ? { subject: item.subject } : {}),
    body: item.body ?? '',
    ...(item.html !== undefined ? { html: item.html } : {}),
    attachments: item.attachments ?? [],
    sentAt: item.sentAt,
  };
}

export function createOutboxStore(client: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): OutboxStore {
  /** DynamoDB's TTL deletes lazily: an expired entry may still be there for a while. */
  const unexpired = ({ Items }: { Items?: Record<string, unknown>[] }) => {
    const nowSeconds = now().getTime() / 1000;
    const format = formatter();
    return (Items ?? [])
      .map((item) => format.format(item))
      .filter((item) => item.ttl > nowSeconds)
      .map(toEntry);
  };
  return {
    async add(entry) {
      const at = now();
      const stored: OutboxEntry = { ...entry, id: randomUUID(), sentAt: at.toISOString() };
      await client.send(
        new PutCommand(
          sandboxOutboxEntity()
            .build(PutTransaction)
            .item({
              pk: keys.salon(entry.salonId),
              sk: keys.outboxSk(stored.sentAt, stored.id),
              gsi1pk: keys.outboxIndex,
              gsi1sk: keys.outboxIndexSk(stored.sentAt, stored.id),
              ttl: Math.ceil(at.getTime() / 1000) + OUTBOX_TTL_DAYS * 24 * 60 * 60,
              ...stored,
            })
            .options({ tableName })
            .params().Put,
        ),
      );
      return stored;
    },
    async listRecent(limit = 100) {
      return unexpired(await client.send(new QueryCommand(keyQuery(tableName, { index: 'gsi1', partition: keys.outboxIndex }, { reverse: true, limit }))));
    },
    async listSince(since) {
      return unexpired({ Items: await queryAll(client, keyQuery(tableName, { index: 'gsi1', partition: keys.outboxIndex, range: { gte: since } })) });
    },
    async listForSalon(salonId, limit = 100) {
      return unexpired(
        await client.send(
          new QueryCommand(keyQuery(tableName, { partition: keys.salon(salonId), range: { beginsWith: keys.outboxPrefix } }, { reverse: true, limit })),
        ),
      );
    },
  };
}
