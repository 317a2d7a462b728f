import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { SlotOffer, WaitlistStore } from '../core/ports/waitlist-store.js';

const DAY_SECONDS = 86_400;

export function createWaitlistStore(client: DynamoDBDocumentClient, tableName: string): WaitlistStore {
  const offerKey = (salonId: string, offerId: string) => ({ pk: keys.salon(salonId), sk: keys.offerSk(offerId) });
  return {
    add(salonId, entry) {
      // Gone the day after the day asked for.
      const ttl = Math.floor(Date.parse(`${entry.date}T00:00:00Z`) / 1000) + 2 * DAY_SECONDS;
      return conditionally(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { pk: keys.salon(salonId), sk: keys.waitlistSk(entry.date, entry.id), ...entry, [tableKeys.ttl]: ttl },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    async forDay(salonId, date) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.waitlistPrefix(date) },
      });
      return items.map((item) => ({
        id: String(item.id),
        date: String(item.date),
        serviceId: String(item.serviceId),
        serviceName: String(item.serviceName),
        durationMinutes: Number(item.durationMinutes),
        callerName: String(item.callerName),
        callerPhone: String(item.callerPhone),
        createdAt: String(item.createdAt),
      }));
    },
    async remove(salonId, date, entryId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.waitlistSk(date, entryId) } }));
    },
    async putOffer(offer, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...offerKey(offer.salonId, offer.id), ...offer, [tableKeys.ttl]: Math.ceil(expiresAt.getTime() / 1000) + DAY_SECONDS },
        }),
      );
    },
    async getOffer(salonId, offerId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: offerKey(salonId, offerId), ConsistentRead: true }));
      if (!result.Item) return null;
      const { id, start, stylistName, invited, takenBy } = result.Item;
      return {
        id: String(id),
        salonId,
        start: String(start),
        stylistName: String(stylistName),
        invited: invited as SlotOffer['invited'],
        takenBy: (takenBy as string | null) ?? null,
      };
    },
    take: (salonId, offerId, phone) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: offerKey(salonId, offerId),
            UpdateExpression: 'SET takenBy = :phone',
            ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(takenBy) OR takenBy = :none)',
            ExpressionAttributeValues: { ':phone': phone, ':none': null },
          }),
        ),
      ),
  };
}
