import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * Texts callers send the salon (functions/core/replies/): who said STOP, and what the salon's
 * last text to a number is waiting for an answer to. Both are under the salon and keyed by the
 * caller's phone hash, so STOP to one salon says nothing about another's texts.
 */
export type PendingReply = { kind: 'cancel'; bookingId: string; askedAt: string } | { kind: 'offer'; offerId: string; askedAt: string };

/** A question as it stands: `answeredAt` once a reply took it (kept until it expires, so a repeated answer is known as one). */
export type AskedQuestion = PendingReply & { answeredAt: string | null };

export interface SmsReplyStore {
  optOut(salonId: string, phoneHash: string, at: string): Promise<void>;
  optIn(salonId: string, phoneHash: string): Promise<void>;
  isOptedOut(salonId: string, phoneHash: string): Promise<boolean>;
  /** Remembers the question the salon's text asked (a later one replaces it); gone after `expiresAt`. */
  ask(salonId: string, phoneHash: string, pending: PendingReply, expiresAt: Date): Promise<void>;
  /** The question the salon's last text asked, answered or not, until it expires; null when never asked or stale. */
  pending(salonId: string, phoneHash: string, now: Date): Promise<AskedQuestion | null>;
  /** Takes the question for one reply: true for the first reply only (of several at once, or one after another). */
  answer(salonId: string, phoneHash: string, at: Date): Promise<boolean>;
  /** Remembers the booking the salon's latest text to the number was about (a later one replaces it). */
  noteSubject(salonId: string, phoneHash: string, bookingId: string, at: Date): Promise<void>;
  /** The booking the salon's latest text about a booking named, or null. */
  subject(salonId: string, phoneHash: string): Promise<string | null>;
  /** Takes a received text (Twilio's MessageSid) to act on: false when it was taken before (a replayed webhook). */
  receive(salonId: string, messageSid: string, at: Date): Promise<boolean>;
  /** Gives a received text back, when acting on it failed, so a redelivery can. */
  unreceive(salonId: string, messageSid: string): Promise<void>;
}

/**
 * Twilio signs no time: a signed webhook captured once can be replayed any time later. A text's
 * MessageSid is kept this long (a replay after it would be a text of over a year ago).
 */
const RECEIVED_KEPT_SECONDS = 400 * 86_400;

/** A booking a text named is worth remembering until long after any reply to it. */
const SUBJECT_KEPT_SECONDS = 90 * 86_400;

export function createSmsReplyStore(client: DynamoDBDocumentClient, tableName: string): SmsReplyStore {
  const optOutKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.smsOptOutSk(phoneHash) });
  const pendingKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.smsPendingSk(phoneHash) });
  const subjectKey = (salonId: string, phoneHash: string) => ({ pk: keys.salon(salonId), sk: keys.smsSubjectSk(phoneHash) });
  return {
    async optOut(salonId, phoneHash, at) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...optOutKey(salonId, phoneHash), at } }));
    },
    async optIn(salonId, phoneHash) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: optOutKey(salonId, phoneHash) }));
    },
    async isOptedOut(salonId, phoneHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: optOutKey(salonId, phoneHash), ConsistentRead: true }));
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
            Item: { ...subjectKey(salonId, phoneHash), bookingId, at: at.toISOString(), [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + SUBJECT_KEPT_SECONDS },
            // Texts about two bookings sent close together: the later one stays the subject.
            ConditionExpression: 'attribute_not_exists(#at) OR #at <= :at',
            ExpressionAttributeNames: { '#at': 'at' },
            ExpressionAttributeValues: { ':at': at.toISOString() },
          }),
        ),
      );
    },
    receive(salonId, messageSid, at) {
      return conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: keys.salon(salonId), sk: keys.smsReceivedSk(messageSid), at: at.toISOString(), [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + RECEIVED_KEPT_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async unreceive(salonId, messageSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.smsReceivedSk(messageSid) } }));
    },
    async subject(salonId, phoneHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: subjectKey(salonId, phoneHash), ConsistentRead: true }));
      return typeof result.Item?.bookingId === 'string' ? result.Item.bookingId : null;
    },
  };
}
