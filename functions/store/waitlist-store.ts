import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally, queryAll } from './dynamo.js';
import { keyQuery } from './entities/query.js';
import { slotOfferEntity, waitlistEntryEntity } from './entities/waitlist-entities.js';
import { keys } from './keys.js';
import type { WaitlistStore } from '../core/ports/waitlist-store.js';

const DAY_SECONDS = 86_400;

const ENTRY_ATTRIBUTES = ['id', 'date', 'serviceId', 'serviceName', 'durationMinutes', 'callerName', 'callerPhone', 'createdAt'] as const;
const toEntry = (item: Record<string, unknown>) =>
  waitlistEntryEntity()
    .build(EntityFormatter)
    .format(item, { attributes: [...ENTRY_ATTRIBUTES] });

export function createWaitlistStore(client: DynamoDBDocumentClient, tableName: string): WaitlistStore {
  const offerKey = (salonId: string, offerId: string) => ({ pk: keys.salon(salonId), sk: keys.offerSk(offerId) });
  return {
    add(salonId, entry) {
      // Gone the day after the day asked for.
      const ttl = Math.floor(Date.parse(`${entry.date}T00:00:00Z`) / 1000) + 2 * DAY_SECONDS;
      return conditionally(
        client.send(
          new PutCommand(
            waitlistEntryEntity()
              .build(PutTransaction)
              .item({ pk: keys.salon(salonId), sk: keys.waitlistSk(entry.date, entry.id), ...entry, ttl })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
        ),
      );
    },
    async forDay(salonId, date) {
      const items = await queryAll(client, keyQuery(tableName, { partition: keys.salon(salonId), range: { beginsWith: keys.waitlistPrefix(date) } }));
      return items.map(toEntry);
    },
    async upcoming(salonId, fromDate) {
      // `WAITLIST#<date>#…` sorts by day; `WAITLIST$` is the first key after every `WAITLIST#…`.
      const items = await queryAll(
        client,
        keyQuery(tableName, { partition: keys.salon(salonId), range: { between: [keys.waitlistPrefix(fromDate), 'WAITLIST$'] } }),
      );
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
        new PutCommand(
          slotOfferEntity()
            .build(PutTransaction)
            .item({ ...offerKey(offer.salonId, offer.id), ...offer, ttl: Math.ceil(expiresAt.getTime() / 1000) + DAY_SECONDS })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async getOffer(salonId, offerId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: offerKey(salonId, offerId), ConsistentRead: true }));
      if (!result.Item) return null;
      const { id, start, stylistName, invited, takenBy } = slotOfferEntity()
        .build(EntityFormatter)
        .format(result.Item, { attributes: ['id', 'start', 'stylistName', 'invited', 'takenBy'] });
      return { id, salonId, start, stylistName, invited, takenBy };
    },
    take: (salonId, offerId, phone) =>
      conditionally(
        client.send(
          new UpdateCommand(
            slotOfferEntity()
              .build(UpdateTransaction)
              .item({ ...offerKey(salonId, offerId), takenBy: phone })
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'pk', exists: true },
                    {
                      or: [
                        { attr: 'takenBy', exists: false },
                        { attr: 'takenBy', type: 'NULL' },
                      ],
                    },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      ),
  };
}
