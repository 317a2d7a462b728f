import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { keyQuery } from './entities/query.js';
import { smsTextedByEntity, smsWhichSalonEntity } from './entities/sms-routing-entities.js';
import { keys } from './keys.js';
import { TEXTED_WITHIN_DAYS, type WhichSalonQuestion, type SmsRoutingStore } from '../core/ports/sms-routing-store.js';

const callerHash = (phone: string) => createHash('sha256').update(`caller:${phone}`).digest('base64url').slice(0, 32);

export function createSmsRoutingStore(client: DynamoDBDocumentClient, tableName: string): SmsRoutingStore {
  const whichKey = (phone: string) => ({ pk: keys.smsCaller(callerHash(phone)), sk: keys.smsWhichSk });
  const readWhich = (item: Record<string, unknown> | undefined, now: Date): WhichSalonQuestion | null => {
    if (!item) return null;
    const { question, expiresAt } = smsWhichSalonEntity().build(EntityFormatter).format(item);
    return Date.parse(expiresAt) > now.getTime() ? question : null;
  };
  return {
    async noteTexted(phone, salonId, at) {
      await client.send(
        new PutCommand(
          smsTextedByEntity()
            .build(PutTransaction)
            .item({
              pk: keys.smsCaller(callerHash(phone)),
              sk: keys.smsTextedBySk(salonId),
              salonId,
              at: at.toISOString(),
              ttl: Math.ceil(at.getTime() / 1000) + TEXTED_WITHIN_DAYS * 86_400,
            })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async textedBy(phone, since) {
      const result = await client.send(
        new QueryCommand(
          keyQuery(tableName, { partition: keys.smsCaller(callerHash(phone)), range: { beginsWith: keys.smsTextedByPrefix } }, { consistent: true }),
        ),
      );
      const formatter = smsTextedByEntity().build(EntityFormatter);
      return (result.Items ?? [])
        .map((item) => formatter.format(item, { attributes: ['salonId', 'at'] }))
        .filter((entry) => entry.at >= since.toISOString())
        .sort((a, b) => b.at.localeCompare(a.at));
    },
    async askWhich(phone, question, expiresAt) {
      await client.send(
        new PutCommand(
          smsWhichSalonEntity()
            .build(PutTransaction)
            .item({ ...whichKey(phone), question, expiresAt: expiresAt.toISOString(), ttl: Math.ceil(expiresAt.getTime() / 1000) })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async which(phone, now) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: whichKey(phone), ConsistentRead: true }));
      return readWhich(result.Item, now);
    },
    async takeWhich(phone, now) {
      try {
        const result = await client.send(
          new DeleteCommand({
            ...smsWhichSalonEntity()
              .build(DeleteTransaction)
              .key(whichKey(phone))
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Delete,
            ReturnValues: 'ALL_OLD',
          }),
        );
        return readWhich(result.Attributes, now);
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return null;
        throw error;
      }
    },
  };
}
