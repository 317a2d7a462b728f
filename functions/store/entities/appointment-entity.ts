import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { any } from 'dynamodb-toolbox/schema/any';
import { anyOf } from 'dynamodb-toolbox/schema/anyOf';
import { item } from 'dynamodb-toolbox/schema/item';
import { nul } from 'dynamodb-toolbox/schema/nul';
import { string } from 'dynamodb-toolbox/schema/string';
import type { Appointment } from '../../contracts/appointments.js';
import type { CountEntry } from '../../core/booking/records.js';
import { keys } from '../keys.js';
import { gsi1Key, nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * The appointment: a projection of its reservation on the stylist's day, listed by start on
 * gsi1. Its fields are StoredAppointment's (core/booking/records.ts); the service is kept as the
 * contract's shape.
 */
export const appointmentEntity = onFirstUse(
  () =>
    new Entity({
      name: 'appointment',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        ...gsi1Key(),
        id: string(),
        salonId: string(),
        stylistId: string(),
        stylistName: string(),
        service: any().castAs<Appointment['service']>(),
        start: string(),
        end: string(),
        callerName: string(),
        callerPhone: string(),
        callerEmail: nullableString(),
        status: string().enum('confirmed', 'awaiting_deposit', 'cancelled'),
        source: string().enum('phone-agent', 'owner', 'test-call'),
        createdAt: string(),
        calendarEventId: nullableString(),
        calendarId: nullableString(),
        calendarSync: string().enum('pending', 'synced', 'none'),
        idempotencyKey: nullableString(),
        cancelledAt: nullableString(),
        rescheduledFrom: nullableString(),
        rescheduledTo: nullableString(),
        cancelReason: anyOf(string().enum('deposit_not_paid'), nul()).optional(),
        noShowAt: nullableString().optional(),
        countedAs: any().castAs<CountEntry | null>().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.appointmentSk('<bookingId>'),
        what: 'the appointment (a projection; `awaiting_deposit` while a deposit is unpaid, `cancelReason` when its hold lapsed)',
        access: `gsi1 \`${keys.appointmentsByStart('<salonId>')}\` by start time`,
      } satisfies ItemKindDoc,
    }),
);
