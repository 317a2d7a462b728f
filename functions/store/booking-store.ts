import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAppointmentStore, toAppointment } from './booking/appointment-store.js';
import { createCommitBookingChange } from './booking/booking-change.js';
import { createBookingCountStore } from './booking/booking-count-store.js';
import { createCalendarSyncStore } from './booking/calendar-sync-store.js';
import { callerKey, createCallerStore, toCallerRecord } from './booking/caller-store.js';
import { createDayStore, dayKey, toDay } from './booking/day-store.js';
import { mirrorKey, toMirror } from './calendar-mirror-store.js';
import { batchGetAll, type ItemKey } from './dynamo.js';
import { keys } from './keys.js';
import { createIdempotencyStore, idempotencyKeyOf, toIdempotencyRecord } from './booking/idempotency-store.js';
import { createMessageStore } from './booking/message-store.js';
import { createSettleStore } from './booking/settle-store.js';
import { createReminderStore } from './reminder-store.js';
import { createWaitlistStore } from './waitlist-store.js';
import { createNoShowStore } from './no-show-store.js';
import type { DayRef } from '../core/booking/records.js';
import type { BookingStore } from '../core/ports/booking-store.js';

export function createBookingStore(client: DynamoDBDocumentClient, tableName: string): BookingStore {
  return {
    days: createDayStore(client, tableName),
    appointments: createAppointmentStore(client, tableName),
    idempotency: createIdempotencyStore(client, tableName),
    callers: createCallerStore(client, tableName),
    commitChange: createCommitBookingChange(client, tableName),
    counts: createBookingCountStore(client, tableName),
    calendarSync: createCalendarSyncStore(client, tableName),
    settlements: createSettleStore(client, tableName),
    messages: createMessageStore(client, tableName),
    reminders: createReminderStore(client, tableName),
    waitlist: createWaitlistStore(client, tableName),
    noShows: createNoShowStore(client, tableName),
    async readForBooking(salonId, phoneHash, refs, calendarIds = [], options = {}) {
      // The caller's no-shows come in the same read (no-show-store.ts): the receptionist knows them at no cost.
      const noShows = { pk: keys.salon(salonId), sk: keys.noShowCallerSk(phoneHash) };
      const agent = options.agent ? [{ pk: keys.salon(salonId), sk: keys.agentSk }] : [];
      const key = options.key ? [idempotencyKeyOf(salonId, options.key)] : [];
      const appointmentKeys = [...new Set(options.appointments ?? [])].map((bookingId) => ({ pk: keys.salon(salonId), sk: keys.appointmentSk(bookingId) }));
      const { bySk, days, mirrors, mappings } = await readDays(salonId, refs, calendarIds, [
        callerKey(salonId, phoneHash),
        noShows,
        ...agent,
        ...key,
        ...appointmentKeys,
      ]);
      const secretHash = bySk.get(keys.agentSk)?.secretHash;
      return {
        caller: toCallerRecord(bySk.get(keys.callerSk(phoneHash))),
        days,
        mirrors,
        mappings,
        pastNoShows: (bySk.get(keys.noShowCallerSk(phoneHash))?.ids as Set<string> | undefined)?.size ?? 0,
        agentSecretHash: typeof secretHash === 'string' ? secretHash : null,
        earlier: options.key ? toIdempotencyRecord(options.key, bySk.get(keys.idempotencySk(options.key))) : null,
        appointments: appointmentKeys.flatMap((each) => {
          const item = bySk.get(each.sk);
          return item ? [toAppointment(item)] : [];
        }),
      };
    },
    async readForOffer(salonId, refs, calendarIds) {
      const { days, mirrors, mappings } = await readDays(salonId, refs, calendarIds);
      return { days, mirrors, mappings };
    },
  };

  /** Days, their stylists' calendar mappings and mirrors (and any other keys) in one batch read. */
  async function readDays(salonId: string, refs: readonly DayRef[], calendarIds: readonly string[], others: ItemKey[] = []) {
    const mirrorKeys = calendarIds.map((calendarId) => mirrorKey(salonId, calendarId));
    const stylistIds = [...new Set(refs.map((ref) => ref.stylistId))];
    const mappingKeys = stylistIds.map((stylistId) => ({ pk: keys.salon(salonId), sk: keys.mappingSk(stylistId) }));
    const items = await batchGetAll(client, tableName, [...others, ...refs.map((ref) => dayKey(salonId, ref)), ...mappingKeys, ...mirrorKeys]);
    const bySk = new Map(items.map((item) => [item.sk, item]));
    return {
      bySk,
      mappings: Object.fromEntries(
        stylistIds.flatMap((stylistId) => {
          const calendarId = bySk.get(keys.mappingSk(stylistId))?.calendarId;
          return typeof calendarId === 'string' ? [[stylistId, calendarId]] : [];
        }),
      ),
      days: refs.map((ref) => toDay(ref, bySk.get(keys.daySk(ref.stylistId, ref.date)))),
      mirrors: mirrorKeys.flatMap((key) => {
        const item = bySk.get(key.sk);
        return item ? [toMirror(item)] : [];
      }),
    };
  }
}
