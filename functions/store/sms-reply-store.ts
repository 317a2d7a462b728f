import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally } from './dynamo.js';
import { smsOptOutEntity, smsPendingEntity, smsReceivedEntity, smsSubjectEntity } from './entities/sms-reply-entities.js';
import { keys } from './keys.js';
import type { SmsReplyStore } from '../core/ports/sms-reply-store.js';

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
      await client.send(
        new PutCommand(
          smsOptOutEntity()
            .build(PutTransaction)
            .item({ ...optOutKey(scope, phone), at })
            .options({ tableName })
            .params().Put,
        ),
      );
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
        new PutCommand(
          smsPendingEntity()
            .build(PutTransaction)
            .item({ ...pendingKey(salonId, phoneHash), pending, expiresAt: expiresAt.toISOString(), ttl: Math.ceil(expiresAt.getTime() / 1000) })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async pending(salonId, phoneHash, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: pendingKey(salonId, phoneHash), ConsistentRead: true }));
      if (!result.Item) return null;
      const { pending, expiresAt, answeredAt } = smsPendingEntity().build(EntityFormatter).format(result.Item);
      // TTL deletion runs late: an expired question is no question.
      if (Date.parse(expiresAt) <= now.getTime()) return null;
      return { ...pending, answeredAt: answeredAt ?? null };
    },
    answer(salonId, phoneHash, at) {
      return conditionally(
        client.send(
          new UpdateCommand(
            smsPendingEntity()
              .build(UpdateTransaction)
              .item({ ...pendingKey(salonId, phoneHash), answeredAt: at.toISOString() })
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'pk', exists: true },
                    { attr: 'answeredAt', exists: false },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      );
    },
    async noteSubject(salonId, phoneHash, bookingId, at) {
      await conditionally(
        client.send(
          new PutCommand(
            smsSubjectEntity()
              .build(PutTransaction)
              .item({ ...subjectKey(salonId, phoneHash), bookingId, at: at.toISOString(), ttl: Math.ceil(at.getTime() / 1000) + SUBJECT_KEPT_SECONDS })
              // Texts about two bookings sent close together: the later one stays the subject.
              .options({
                tableName,
                condition: {
                  or: [
                    { attr: 'at', exists: false },
                    { attr: 'at', lte: at.toISOString() },
                  ],
                },
              })
              .params().Put,
          ),
        ),
      );
    },
    receive(messageSid, at) {
      return conditionally(
        client.send(
          new PutCommand(
            smsReceivedEntity()
              .build(PutTransaction)
              .item({ ...receivedKey(messageSid), at: at.toISOString(), ttl: Math.ceil(at.getTime() / 1000) + RECEIVED_KEPT_SECONDS })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      );
    },
    async unreceive(messageSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: receivedKey(messageSid) }));
    },
    async subject(salonId, phoneHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: subjectKey(salonId, phoneHash), ConsistentRead: true }));
      return result.Item ? smsSubjectEntity().build(EntityFormatter).format(result.Item).bookingId : null;
    },
  };
}
