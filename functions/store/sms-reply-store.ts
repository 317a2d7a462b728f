import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { PendingReply, SmsReplyStore } from '../core/ports/sms-reply-store.js';

/**
 * Twilio signs no time: a signed webhook captured once can be replayed any time later. A text's
 * MessageSid is kept this long (a replay after it would be a text of over a year ago).
 */
const RECEIVED_KEPT_SECONDS = 400 * 86_400;

/** A booking a text named is worth remembering until long after any reply to it. */
const SUBJECT_KEPT_SECONDS = 90 * 86_400;

/** A caller's number within an opt-out scope, hashed: no number is kept in a key. */
export const scopedPhoneHash = (scope: string, phone: string) => createHash('sha256').update(`${scope}:${phone}`).digest('base64url').slice(0, 32);

export function createSmsReplyStore(client: DynamoDBDocumentClient, tableName: string): SmsReplyStore {
  const optOutKey = (scope: string, phone: string) => ({ pk: keys.smsOptOut(scopedPhoneHash(scope, phone)), sk: keys.smsOptOutSk });
  const receivedKey = (messageSid: string) => ({ pk: keys.smsReceived(messageSid), sk: keys.smsReceivedSk });
  const pendingKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.smsPendingSk(phoneHash) });
  const subjectKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.smsSubjectSk(phoneHash) });
  return {
    async optOut(scope, phone, at) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...optOutKey(scope, phone), at } }));
    },
    async optIn(scope, phone) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: optOutKey(scope, phone) }));
    },
    async isOptedOut(scope, phone) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: optOutKey(scope, phone), ConsistentRead: true }));
      return Boolean(result.Item);
    },
    async ask(salonId, phoneHash, pending, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...pendingKey(salonId, phoneHash), pending, expiresAt: expiresAt.toISOString(), [tableKeys.ttl]: Math.ceil(expiresAt.getTime() / 1000) },
        }),
      );
    },
    async pending(salonId, phoneHash, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: pendingKey(salonId, phoneHash), ConsistentRead: true }));
      // TTL deletion runs late: an expired question is no question.
      if (!result.Item || Date.parse(String(result.Item.expiresAt)) <= now.getTime()) return null;
      return { ...(result.Item.pending as PendingReply), answeredAt: typeof result.Item.answeredAt === 'string' ? result.Item.answeredAt : null };
    },
    answer(salonId, phoneHash, at) {
      return conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: pendingKey(salonId, phoneHash),
            UpdateExpression: 'SET answeredAt = :at',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answeredAt)',
            ExpressionAttributeValues: { ':at': at.toISOString() },
          }),
        ),
      );
    },
    async noteSubject(salonId, phoneHash, bookingId, at) {
      await conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...subjectKey(salonId, phoneHash),
              bookingId,
              at: at.toISOString(),
              [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + SUBJECT_KEPT_SECONDS,
            },
            // Texts about two bookings sent close together: the later one stays the subject.
            ConditionExpression: 'attribute_not_exists(#at) OR #at <= :at',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':at': at.toISOString() },
          }),
        ),
      );
    },
    receive(messageSid, at) {
      return conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...receivedKey(messageSid), at: at.toISOString(), [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + RECEIVED_KEPT_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async unreceive(messageSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: receivedKey(messageSid) }));
    },
    async subject(salonId, phoneHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: subjectKey(salonId, phoneHash), ConsistentRead: true }));
      return typeof result.Item?.bookingId === 'string' ? result.Item.bookingId : null;
    },
  };
}
