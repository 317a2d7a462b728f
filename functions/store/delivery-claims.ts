import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
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
          new PutCommand({
            TableName: tableName,
            Item: {
              ...itemKey(key),
              status: 'sending',
              claimToken: token,
              claimedAt: now.getTime(),
              ttl: Math.ceil(now.getTime() / 1000) + CLAIM_TTL_DAYS * 24 * 60 * 60,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR (#status = :sending AND claimedAt < :stale)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':sending': 'sending', ':stale': now.getTime() - CLAIM_STALE_AFTER_MS },
          }),
        ),
      );
      return claimed ? { key, token } : null;
    },
    async markSent(claim, messageId, now) {
      // Taken over meanwhile (this holder looked dead): the other holder owns the item now.
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: itemKey(claim.key),
            UpdateExpression: 'SET #status = :sent, sentAt = :at, messageId = :messageId',
            ConditionExpression: 'claimToken = :token',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':sent': 'sent', ':at': now.toISOString(), ':messageId': messageId, ':token': claim.token },
          }),
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
          new DeleteCommand({
            TableName: tableName,
            Key: itemKey(claim.key),
            ConditionExpression: 'claimToken = :token',
            ExpressionAttributeValues: { ':token': claim.token },
          }),
        ),
      );
    },
  };
}
