import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAppointmentStore, toAppointment, type AppointmentStore } from './booking/appointment-store.js';
import { createCommitBookingChange, type CommitBookingChange } from './booking/booking-change.js';
import { createBookingCountStore, type BookingCountStore } from './booking/booking-count-store.js';
import { createCalendarSyncStore, type CalendarSyncStore } from './booking/calendar-sync-store.js';
import { callerKey, createCallerStore, toCallerRecord, type CallerRecord, type CallerStore } from './booking/caller-store.js';
import { createDayStore, dayKey, toDay, type DayStore } from './booking/day-store.js';
import { mirrorKey, toMirror, type CalendarMirror } from './calendar-mirror-store.js';
import { batchGetAll, type ItemKey } from './dynamo.js';
import { keys } from './keys.js';
import { createIdempotencyStore, idempotencyKeyOf, toIdempotencyRecord, type IdempotencyRecord, type IdempotencyStore } from './booking/idempotency-store.js';
import { createMessageStore, type MessageStore } from './booking/message-store.js';
import { createSettleStore, type SettleStore } from './booking/settle-store.js';
import { createReminderStore, type ReminderStore } from './reminder-store.js';
import { createWaitlistStore, type WaitlistStore } from './waitlist-store.js';
import { createNoShowStore, type NoShowStore } from './no-show-store.js';
import type { DayItem, DayRef, StoredAppointment } from '../core/booking/records.js';

export type { AppointmentStore } from './booking/appointment-store.js';
export { publicAppointment } from './booking/appointment-store.js';
export type { CallerRecord } from './booking/caller-store.js';
export type { IdempotencyRecord } from './booking/idempotency-store.js';
export type { CalendarSyncTask } from './booking/calendar-sync-store.js';
export type { SettleMarker } from './booking/settle-store.js';

/**
 * Everything bookings keep in the single table, one module per record kind (functions/store/
 * booking/). The stylist's day item is the booking of record, written at the version read; every
 * change of a booking writes it and everything that must agree with it in one transaction
 * (booking-change.ts). Everything sits in the salon's partition, so account deletion removes it
 * with the salon.
 */
export interface BookingStore {
  days: DayStore;
  appointments: AppointmentStore;
  idempotency: IdempotencyStore;
  callers: CallerStore;
  /** A change of bookings, one transaction: the days, appointments, caller's record, key, counts, reminders and calendar writes. */
  commitChange: CommitBookingChange;
  counts: BookingCountStore;
  calendarSync: CalendarSyncStore;
  settlements: SettleStore;
  messages: MessageStore;
  /** Each confirmed booking's reminder text, by when it is due (reminder-store.ts). */
  reminders: ReminderStore;
  /** Callers waiting for a time on a full day, and the freed times offered to them (waitlist-store.ts). */
  waitlist: WaitlistStore;
  /** No-shows the owner marked: on the appointment, and counted by month and by caller (no-show-store.ts). */
  noShows: NoShowStore;
  /**
   * What a new booking reads before it commits, in one request: the caller's record and no-shows,
   * the stylists' days and their calendars' mirrors; with `agent`, the salon's agent item too (the
   * secret a remembered caller is confirmed by, consistently read like the rest); with `key`, that
   * Idempotency-Key's item (a retry's answer); with `appointments`, those appointments (a caller's
   * own, looked up by phone, read with the days they are on).
   */
  readForBooking(
    salonId: string,
    phoneHash: string,
    refs: readonly DayRef[],
    calendarIds?: readonly string[],
    options?: { agent?: boolean; key?: string; appointments?: readonly string[] },
  ): Promise<BookingRead>;
  /** What an offer (or a move) reads, in one request: the stylists' days and their calendars' mirrors, and the stylists' calendar mappings as they are now. */
  readForOffer(salonId: string, refs: readonly DayRef[], calendarIds: readonly string[]): Promise<Pick<BookingRead, 'days' | 'mirrors' | 'mappings'>>;
}

export interface BookingRead {
  caller: CallerRecord;
  days: DayItem[];
  pastNoShows: number;
  mirrors: CalendarMirror[];
  /** The agent secret's hash the salon's agent item holds (null: none, or no salon); read only when asked. */
  agentSecretHash: string | null;
  /**
   * The calendar each of the read days' stylists is mapped to now (absent: none), read with the
   * days: an owner's change of mapping takes effect at once, whatever a warm instance remembers.
   */
  mappings: Record<string, string>;
  /** The Idempotency-Key's item, when asked for and there: the booking it made and its answer. */
  earlier: IdempotencyRecord | null;
  /** The appointments asked for that exist. */
  appointments: StoredAppointment[];
}

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
