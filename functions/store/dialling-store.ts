import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { DiallingStore } from '../core/ports/dialling-store.js';

export function createDiallingStore(client: DynamoDBDocumentClient, tableName: string): DiallingStore {
  return {
    async start(salonId, dialling) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: keys.salon(salonId), sk: keys.diallingSk(dialling.callSid), ...dialling, ttl: Math.ceil(Date.parse(dialling.expiresAt) / 1000) + 3600 },
        }),
      );
    },
    async active(salonId, now) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.diallingPrefix, { consistent: true }));
      return items
        .map((item) => ({
          callSid: String(item.callSid),
          to: String(item.to),
          caller: typeof item.caller === 'string' ? item.caller : null,
          expiresAt: String(item.expiresAt),
        }))
        .filter((dialling) => dialling.expiresAt > now.toISOString());
    },
    async end(salonId, callSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.diallingSk(callSid) } }));
    },
  };
}
