import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { Reminder, ReminderStore } from '../core/ports/reminder-store.js';

/** A reminder not sent within this many days of its time (the sweep stopped that long) is left to its TTL. */
export const REMINDER_LOOK_BACK_DAYS = 2;
const DAY_MS = 86_400_000;
/** Gone a day after the appointment, whatever happened to it. */
const TTL_AFTER_START_SECONDS = 86_400;

const dayOf = (iso: string) => iso.slice(0, 10);
const place = (reminder: Reminder) => `${reminder.sendAt}#${reminder.salonId}#${reminder.bookingId}`;

export const reminderKey = (salonId: string, bookingId: string) => ({ pk: keys.salon(salonId), sk: keys.reminderSk(bookingId) });

/** The put that schedules (or moves) a booking's reminder (alone, or in a booking's transaction). */
export function reminderPut(tableName: string, reminder: Reminder) {
  return {
    TableName: tableName,
    Item: {
      ...reminderKey(reminder.salonId, reminder.bookingId),
      ...reminder,
      [tableKeys.gsi1.partitionKey]: keys.reminderIndex(dayOf(reminder.sendAt)),
      [tableKeys.gsi1.sortKey]: place(reminder),
      [tableKeys.ttl]: Math.floor(Date.parse(reminder.start) / 1000) + TTL_AFTER_START_SECONDS,
    },
  };
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
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, bookingId),
            UpdateExpression: 'SET sendAt = :sendAt, #index = :index, #place = :place',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#index': tableKeys.gsi1.partitionKey, '#place': tableKeys.gsi1.sortKey },
            ExpressionAttributeValues: { ':sendAt': sendAt, ':index': keys.reminderIndex(dayOf(sendAt)), ':place': `${sendAt}#${salonId}#${bookingId}` },
          }),
        ),
      );
    },
    async due(now, limit) {
      const found: Reminder[] = [];
      for (let back = REMINDER_LOOK_BACK_DAYS; back >= 0 && found.length < limit; back -= 1) {
        const day = dayOf(new Date(now.getTime() - back * DAY_MS).toISOString());
        const items = await queryAll(
          client,
          {
            TableName: tableName,
            IndexName: tableKeys.gsi1.name,
            KeyConditionExpression: 'gsi1pk = :index AND gsi1sk <= :now',
            ExpressionAttributeValues: { ':index': keys.reminderIndex(day), ':now': `${now.toISOString()}#~` },
          },
          limit - found.length,
        );
        found.push(
          ...items.map((item) => ({
            salonId: String(item.salonId),
            bookingId: String(item.bookingId),
            sendAt: String(item.sendAt),
            start: String(item.start),
          })),
        );
      }
      return found;
    },
  };
}
