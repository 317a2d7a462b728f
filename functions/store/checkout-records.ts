import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './dynamo.js';
import { keys } from './keys.js';

/**
 * `SALON#<id>` / `CHECKOUT#<sessionId>`: the subscription Checkout Sessions made for the salon and
 * not known to be over, each gone at its expiry (TTL), so that making one expires the others
 * (RELIABILITY 48). Part of the subscription store.
 */
export interface OpenCheckout {
  id: string;
  priceId: string;
  url: string;
  createdAt: string;
  /** When Stripe expires it unless it is paid first. */
  expiresAt: string;
  /** When its first payment is due (the trial's end); absent when paid at checkout. */
  firstChargeAt?: string;
}

export interface CheckoutRecords {
  /** The salon's subscription checkouts not past their expiry, oldest first (then by id). */
  openCheckouts(salonId: string, now: Date): Promise<OpenCheckout[]>;
  keepCheckout(salonId: string, checkout: OpenCheckout): Promise<void>;
  forgetCheckouts(salonId: string, checkouts: readonly Pick<OpenCheckout, 'id'>[]): Promise<void>;
}

/** The order checkouts were made in: of two made at once, the same one is last wherever it is asked. */
export const checkoutOrder = (checkout: Pick<OpenCheckout, 'createdAt' | 'id'>) => `${checkout.createdAt}#${checkout.id}`;

export function createCheckoutRecords(client: DynamoDBDocumentClient, tableName: string): CheckoutRecords {
  const key = (salonId: string, sessionId: string) => ({ pk: keys.salon(salonId), sk: keys.checkoutSk(sessionId) });
  return {
    async openCheckouts(salonId, now) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.checkoutPrefix },
        ConsistentRead: true,
      });
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
