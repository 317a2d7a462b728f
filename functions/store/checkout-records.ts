import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { queryAll } from './dynamo.js';
import { checkoutEntity } from './entities/billing-entities.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import { checkoutOrder, type CheckoutRecords } from '../core/ports/checkout-records.js';

export function createCheckoutRecords(client: DynamoDBDocumentClient, tableName: string): CheckoutRecords {
  const key = (salonId: string, sessionId: string) => ({ pk: keys.salon(salonId), sk: keys.checkoutSk(sessionId) });
  return {
    async openCheckouts(salonId, now) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.checkoutPrefix, { consistent: true }));
      const formatter = checkoutEntity().build(EntityFormatter);
      return (
        items
          .map((item) => {
            const { sessionId, priceId, url, createdAt, expiresAt, firstChargeAt } = formatter.format(item);
            return { id: sessionId, priceId, url, createdAt, expiresAt, ...(firstChargeAt === undefined ? {} : { firstChargeAt }) };
          })
          // TTL deletes late: an expired session is over whatever the table still holds.
          .filter((checkout) => Date.parse(checkout.expiresAt) > now.getTime())
          .sort((a, b) => (checkoutOrder(a) < checkoutOrder(b) ? -1 : 1))
      );
    },

    async keepCheckout(salonId, checkout) {
      const { id, ...fields } = checkout;
      await client.send(
        new PutCommand(
          checkoutEntity()
            .build(PutTransaction)
            .item({ ...key(salonId, id), sessionId: id, ...fields, ttl: Math.ceil(Date.parse(checkout.expiresAt) / 1000) })
            .options({ tableName })
            .params().Put,
        ),
      );
    },

    async forgetCheckouts(salonId, checkouts) {
      await Promise.all(checkouts.map((checkout) => client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, checkout.id) }))));
    },
  };
}
