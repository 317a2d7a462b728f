import { Entity } from 'dynamodb-toolbox/entity';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { record } from 'dynamodb-toolbox/schema/record';
import { string } from 'dynamodb-toolbox/schema/string';
import type { CalendarMirror } from '../../core/ports/calendar-mirror-store.js';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * Our copy of one connected calendar's busy time (functions/store/calendar-mirror-store.ts). The
 * busy map, the failure and the channel are written whole by each sync and read on the booking's
 * path, so they are kept as the port shapes them (`any`, not checked value by value); the own
 * writes are a record, added to and taken from one event id at a time.
 */
export const calendarMirrorEntity = onFirstUse(
  () =>
    new Entity({
      name: 'calendar-mirror',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        gsi1pk: string().optional(),
        gsi1sk: string().optional(),
        salonId: string(),
        calendarId: string(),
        busy: any().castAs<CalendarMirror['busy']>().optional(),
        syncToken: nullableString().optional(),
        syncedAt: nullableString().optional(),
        notifiedAt: nullableString().optional(),
        failure: any().castAs<CalendarMirror['failure']>().optional(),
        channel: any().castAs<CalendarMirror['channel']>().optional(),
        /** Absent on mirrors saved before own writes were kept. */
        ownWrites: record(string(), string()).optional(),
        dueAt: string().optional(),
        version: number().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.calendarMirrorSk('<calendarId>'),
        what: "our copy of a connected calendar's busy time, its sync token, push channel, last failure and our own writes not seen yet; versioned",
        access: `one query on the prefix per salon, and in the booking's batch read; gsi1 \`${keys.calendarMirrorIndex}\` by when due, across salons; a sync writes at the version read`,
      } satisfies ItemKindDoc,
    }),
);
