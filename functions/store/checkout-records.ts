import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import { checkoutOrder, type CheckoutRecords } from '../core/ports/checkout-records.js';

export function createCheckoutRecords(client: DynamoDBDocumentClient, tableName: string): CheckoutRecords {
  const key = (salonId: string, sessionId: string) => ({ pk: keys.salon(salonId), sk: keys.checkoutSk(sessionId) });
  return {
    async openCheckouts(salonId, now) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.checkoutPrefix, { consistent: true }));
      return (
        items
          .map((item) => ({
            id: String(item.sessionId),
            priceId: String(item.priceId),
            url: String(item.url),
            createdAt: String(item.createdAt),
            expiresAt: String(item.expiresAt),
            ...(typeof item.firstChargeAt === 'string' ? { firstChargeAt: item.firstChargeAt } : {}),
          }))
          // TTL deletes late: an expired session is over whatever the table still holds.
          .filter((checkout) => Date.parse(checkout.expiresAt) > now.getTime())
          .sort((a, b) => (checkoutOrder(a) < checkoutOrder(b) ? -1 : 1))
      );
    },

    async keepCheckout(salonId, checkout) {
      const { id, ...fields } = checkout;
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key(salonId, id), sessionId: id, ...fields, ttl: Math.ceil(Date.parse(checkout.expiresAt) / 1000) },
        }),
      );
    },

    async forgetCheckouts(salonId, checkouts) {
      await Promise.all(checkouts.map((checkout) => client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, checkout.id) }))));
    },
  };
}
