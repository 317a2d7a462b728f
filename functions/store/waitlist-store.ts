import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * The waiting list and the offers of freed times (functions/core/waitlist/): `WAITLIST#<date>#<id>`
 * is a caller who asked for a full day; `OFFER#<id>` a freed time texted to that day's list, taken
 * once (a conditional write), though the booking itself is what decides who gets the time.
 */
export interface WaitlistEntry {
  id: string;
  /** The local day asked for, YYYY-MM-DD. */
  date: string;
  serviceId: string;
  serviceName: string;
  durationMinutes: number;
  callerName: string;
  /** E.164 */
  callerPhone: string;
  createdAt: string;
}

export interface SlotOffer {
  id: string;
  salonId: string;
  /** Local wall-clock start, as the book tool takes it (2026-11-28T14:30). */
  start: string;
  stylistName: string;
  /** Who was texted, each with the entry they are on the list by. */
  invited: { entryId: string; date: string; callerPhone: string; callerName: string; serviceName: string }[];
  takenBy: string | null;
}

const DAY_SECONDS = 86_400;

function toEntry(item: Record<string, unknown>): WaitlistEntry {
  return {
    id: String(item.id),
    date: String(item.date),
    serviceId: String(item.serviceId),
    serviceName: String(item.serviceName),
    durationMinutes: Number(item.durationMinutes),
    callerName: String(item.callerName),
    callerPhone: String(item.callerPhone),
    createdAt: String(item.createdAt),
  };
}

export interface WaitlistStore {
  /** Keeps the entry unless one with its id is on that day's list already: false then, and nothing changes. */
  add(salonId: string, entry: WaitlistEntry): Promise<boolean>;
  forDay(salonId: string, date: string): Promise<WaitlistEntry[]>;
  /** Everyone waiting for `fromDate` or a later day, by day (the dashboard's waiting list). */
  upcoming(salonId: string, fromDate: string): Promise<WaitlistEntry[]>;
  get(salonId: string, date: string, entryId: string): Promise<WaitlistEntry | null>;
  remove(salonId: string, date: string, entryId: string): Promise<void>;
  putOffer(offer: SlotOffer, expiresAt: Date): Promise<void>;
  getOffer(salonId: string, offerId: string): Promise<SlotOffer | null>;
  /** Marks the offer taken by `phone`; false when someone took it first. */
  take(salonId: string, offerId: string, phone: string): Promise<boolean>;
}

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
      return items.map(toEntry);
    },
    async upcoming(salonId, fromDate) {
      // `WAITLIST#<date>#…` sorts by day; `WAITLIST$` is the first key after every `WAITLIST#…`.
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':from': keys.waitlistPrefix(fromDate), ':to': 'WAITLIST$' },
      });
      return items.map(toEntry);
    },
    async get(salonId, date, entryId) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.waitlistSk(date, entryId) }, ConsistentRead: true }),
      );
      return result.Item ? toEntry(result.Item) : null;
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
