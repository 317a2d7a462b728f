import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { OutboxAttachment, OutboxEntry, OutboxStore } from '../core/ports/outbox-store.js';

/**
 * The SMS and email sandboxes' outbox: what the product would have sent, kept in the single table
 * so it works the same in AWS and on one machine. `SALON#<id>` / `OUTBOX#<iso>#<id>` (removed with
 * the salon), listed across salons through gsi1 `OUTBOX`, newest first, and gone after 30 days.
 */
export const OUTBOX_TTL_DAYS = 30;

function toEntry(item: Record<string, unknown>): OutboxEntry {
  return {
    id: String(item.id),
    salonId: String(item.salonId),
    channel: item.channel === 'email' ? 'email' : 'sms',
    to: String(item.to),
    ...(typeof item.subject === 'string' ? { subject: item.subject } : {}),
    body: String(item.body ?? ''),
    ...(typeof item.html === 'string' ? { html: item.html } : {}),
    attachments: Array.isArray(item.attachments) ? (item.attachments as OutboxAttachment[]) : [],
    sentAt: String(item.sentAt),
  };
}

export function createOutboxStore(client: DynamoDBDocumentClient, tableName: string, now: () => Date = () => new Date()): OutboxStore {
  return {
    async add(entry) {
      const at = now();
      const stored: OutboxEntry = { ...entry, id: randomUUID(), sentAt: at.toISOString() };
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: keys.salon(entry.salonId),
            sk: keys.outboxSk(stored.sentAt, stored.id),
            gsi1pk: keys.outboxIndex,
            gsi1sk: keys.outboxIndexSk(stored.sentAt, stored.id),
            ttl: Math.ceil(at.getTime() / 1000) + OUTBOX_TTL_DAYS * 24 * 60 * 60,
            ...stored,
          },
        }),
      );
      return stored;
    },
    async listRecent(limit = 100) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :outbox',
          ExpressionAttributeValues: { ':outbox': keys.outboxIndex },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      // DynamoDB's TTL deletes lazily: an expired entry may still be there for a while.
      const nowSeconds = now().getTime() / 1000;
      return (result.Items ?? []).filter((item) => typeof item.ttl !== 'number' || item.ttl > nowSeconds).map(toEntry);
    },
  };
}
