import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { keyQuery } from './entities/query.js';
import { reminderEntity } from './entities/sweep-entities.js';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import type { Reminder, ReminderStore } from '../core/ports/reminder-store.js';

/** A reminder not sent within this many days of its time (the sweep stopped that long) is left to its TTL. */
export const REMINDER_LOOK_BACK_DAYS = 2;
const DAY_MS = 86_400_000;
/** Gone a day after the appointment, whatever happened to it. */
const TTL_AFTER_START_SECONDS = 86_400;

const dayOf = (iso: string) => iso.slice(0, 10);
const place = (reminder: Pick<Reminder, 'salonId' | 'bookingId' | 'sendAt'>) => `${reminder.sendAt}#${reminder.salonId}#${reminder.bookingId}`;

export const reminderKey = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.reminderSk(bookingId) });

/** The put that schedules (or moves) a booking's reminder (alone, or in a booking's transaction). */
export function reminderPut(tableName: string, reminder: Reminder) {
  return reminderEntity()
    .build(PutTransaction)
    .item({
      ...reminderKey(reminder.salonId, reminder.bookingId),
      ...reminder,
      gsi1pk: keys.reminderIndex(dayOf(reminder.sendAt)),
      gsi1sk: place(reminder),
      ttl: Math.floor(Date.parse(reminder.start) / 1000) + TTL_AFTER_START_SECONDS,
    })
    .options({ tableName })
    .params().Put;
}

export function createReminderStore(client: DynamoDBDocumentClient, tableName: string): ReminderStore {
  const key = reminderKey;
  return {
    async put(reminder) {
      await client.send(new PutCommand(reminderPut(tableName, reminder)));
    },
    async drop(salonId, bookingId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, bookingId) }));
    },
    async postpone(salonId, bookingId, sendAt) {
      // Conditional: a reminder whose text was sent meanwhile (the consumer dropped it) is not brought back.
      await conditionally(
        client.send(
          new UpdateCommand(
            reminderEntity()
              .build(UpdateTransaction)
              .item({ ...key(salonId, bookingId), sendAt, gsi1pk: keys.reminderIndex(dayOf(sendAt)), gsi1sk: place({ salonId, bookingId, sendAt }) })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
    async due(now, limit) {
      const formatter = reminderEntity().build(EntityFormatter);
      const found: Reminder[] = [];
      for (let back = REMINDER_LOOK_BACK_DAYS; back >= 0 && found.length < limit; back -= 1) {
        const day = dayOf(new Date(now.getTime() - back * DAY_MS).toISOString());
        const items = await queryAll(
          client,
          keyQuery(tableName, { index: 'gsi1', partition: keys.reminderIndex(day), range: { lte: `${now.toISOString()}#~` } }),
          limit - found.length,
        );
        found.push(...items.map((item) => formatter.format(item, { attributes: ['salonId', 'bookingId', 'sendAt', 'start'] })));
      }
      return found;
    },
  };
}
