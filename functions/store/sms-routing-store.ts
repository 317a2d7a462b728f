import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import { TEXTED_WITHIN_DAYS, type WhichSalonQuestion, type SmsRoutingStore } from '../core/ports/sms-routing-store.js';

const callerHash = (phone: string) => createHash('sha256').update(`caller:${phone}`).digest('base64url').slice(0, 32);

export function createSmsRoutingStore(client: DynamoDBDocumentClient, tableName: string): SmsRoutingStore {
  const whichKey = (phone: string) => ({ pk: keys.smsCaller(callerHash(phone)), sk: keys.smsWhichSk });
  const readWhich = (item: Record<string, unknown> | undefined, now: Date): WhichSalonQuestion | null =>
    item && Date.parse(String(item.expiresAt)) > now.getTime() ? (item.question as WhichSalonQuestion) : null;
  return {
    async noteTexted(phone, salonId, at) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: keys.smsCaller(callerHash(phone)),
            sk: keys.smsTextedBySk(salonId),
            salonId,
            at: at.toISOString(),
            [tableKeys.ttl]: Math.ceil(at.getTime() / 1000) + TEXTED_WITHIN_DAYS * 86_400,
          },
        }),
      );
    },
    async textedBy(phone, since) {
      const result = await client.send(
        new QueryCommand(
          keyQuery(tableName, { partition: keys.smsCaller(callerHash(phone)), range: { beginsWith: keys.smsTextedByPrefix } }, { consistent: true }),
        ),
      );
      return (result.Items ?? [])
        .map((item) => ({ salonId: String(item.salonId), at: String(item.at) }))
        .filter((entry) => entry.at >= since.toISOString())
        .sort((a, b) => b.at.localeCompare(a.at));
    },
    async askWhich(phone, question, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...whichKey(phone), question, expiresAt: expiresAt.toISOString(), [tableKeys.ttl]: Math.ceil(expiresAt.getTime() / 1000) },
        }),
      );
    },
    async which(phone, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: whichKey(phone), ConsistentRead: true }));
      return readWhich(result.Item, now);
    },
    async takeWhich(phone, now) {
      try {
        const result = await client.send(
          new DeleteCommand({ TableName: tableName, Key: whichKey(phone), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_OLD' }),
        );
        return readWhich(result.Attributes, now);
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw error;
      }
    },
  };
}
