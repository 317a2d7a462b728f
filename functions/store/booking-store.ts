import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { tableKeys } from './table-definition.js';
import { keys } from './keys.js';
import type { Appointment } from '../contracts/appointments.js';

/**
 * Bookings in the single table, without transactions (dynalite has none; DESIGN.md):
 *
 * - `SALON#<id>` / `DAY#<stylistId>#<yyyy-mm-dd>`: the authoritative reservation. One item per
 *   stylist per local day holding that day's booked intervals and a version; written only with a
 *   condition on the version it was read at, so of two overlapping writers one loses and re-reads.
 * - `SALON#<id>` / `APPT#<bookingId>`: the appointment, listed by start on gsi1
 *   (`SALON#<id>#APPTS` / `<start as UTC ISO>`).
 * - `SALON#<id>` / `IDEMP#<key>`: a booking request's idempotency key (request hash, booking id,
 *   the answer once done); expires after a day.
 * - `SALON#<id>` / `CALLER#<phone hash>`: the caller's bookings of the last hour (cap) and their
 *   upcoming ones ("cancel my booking"), versioned like the day item.
 * - `SALON#<id>` / `BOOKINGS#<yyyy-mm>`: confirmed bookings made that month (dashboard figure).
 * - `SALON#<id>` / `CALSYNC#<bookingId>`: a calendar write still to be done (provider down).
 * - `SALON#<id>` / `MSG#<at>#<id>`: a message a caller left for the salon.
 *
 * Everything sits in the salon's partition, so account deletion removes it with the salon.
 */
export interface DayReservation {
  bookingId: string;
  /** UTC ISO instants. */
  start: string;
  end: string;
}

export interface DayItem {
  stylistId: string;
  date: string;
  intervals: DayReservation[];
  /** 0 when the item does not exist yet. */
  version: number;
}

export type CalendarSync = 'pending' | 'synced' | 'none';

/** The appointment as stored: the shared shape plus what only the store needs. */
export interface StoredAppointment extends Appointment {
  /** The calendar the event was (or is to be) written to; null when the stylist has none mapped. */
  calendarId: string | null;
  calendarSync: CalendarSync;
  idempotencyKey: string | null;
  cancelledAt: string | null;
  rescheduledFrom: string | null;
  rescheduledTo: string | null;
}

export interface CallerRecord {
  /** Bookings made in the last hour (epoch ms), for the per-caller cap. */
  recent: { bookingId: string; at: number }[];
  /** The caller's upcoming bookings (start in epoch ms). */
  bookings: { bookingId: string; start: number }[];
  version: number;
}

export interface IdempotencyRecord {
  key: string;
  requestHash: string;
  bookingId: string;
  state: 'pending' | 'done';
  claimedAt: string;
  /** The answer given once done (the same answer is given again). */
  answer?: unknown;
}

export interface CallerMessage {
  id: string;
  callerName: string;
  callerPhone: string;
  message: string;
  createdAt: string;
}

export interface CalendarSyncTask {
  bookingId: string;
  operation: 'create' | 'delete';
  since: string;
}

export interface BookingStore {
  getDays(salonId: string, refs: readonly { stylistId: string; date: string }[]): Promise<DayItem[]>;
  getDay(salonId: string, stylistId: string, date: string): Promise<DayItem>;
  /** Writes the day if it is still at `day.version`; answers false when someone wrote first. */
  saveDay(salonId: string, day: DayItem): Promise<boolean>;

  getCaller(salonId: string, phoneHash: string): Promise<CallerRecord>;
  saveCaller(salonId: string, phoneHash: string, record: CallerRecord): Promise<boolean>;

  /** Creates the appointment unless it exists; answers whether it was created. */
  putAppointment(appointment: StoredAppointment): Promise<boolean>;
  getAppointment(salonId: string, bookingId: string): Promise<StoredAppointment | null>;
  getAppointments(salonId: string, bookingIds: readonly string[]): Promise<StoredAppointment[]>;
  setCalendarState(salonId: string, bookingId: string, state: { calendarEventId: string | null; calendarSync: CalendarSync }): Promise<void>;
  /** Confirmed → cancelled, once: 'already' when it was cancelled before. */
  markCancelled(salonId: string, bookingId: string, at: string, rescheduledTo?: string): Promise<'cancelled' | 'already' | 'missing'>;
  /** Appointments starting in [from, to), soonest first. */
  listAppointments(salonId: string, from: Date, to: Date): Promise<StoredAppointment[]>;

  getIdempotency(salonId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Claims the key for a request; false when it is already claimed. */
  claimIdempotency(salonId: string, record: IdempotencyRecord, expiresAt: Date): Promise<boolean>;
  /** Takes over a claim left pending by a request that died; false when someone else did. */
  takeOverIdempotency(salonId: string, key: string, previousClaimedAt: string, claimedAt: string): Promise<boolean>;
  completeIdempotency(salonId: string, key: string, answer: unknown): Promise<void>;
  releaseIdempotency(salonId: string, key: string): Promise<void>;

  countBooking(salonId: string, month: string, delta: number): Promise<void>;
  bookingCount(salonId: string, month: string): Promise<number>;

  markCalendarSync(salonId: string, task: CalendarSyncTask): Promise<void>;
  clearCalendarSync(salonId: string, bookingId: string): Promise<void>;
  pendingCalendarSync(salonId: string, limit: number): Promise<CalendarSyncTask[]>;

  putMessage(salonId: string, message: CallerMessage): Promise<void>;
}

type Item = Record<string, unknown>;

const APPOINTMENT_FIELDS = [
  'id',
  'salonId',
  'stylistId',
  'stylistName',
  'service',
  'start',
  'end',
  'callerName',
  'callerPhone',
  'callerEmail',
  'status',
  'source',
  'createdAt',
  'calendarEventId',
  'calendarId',
  'calendarSync',
  'idempotencyKey',
  'cancelledAt',
  'rescheduledFrom',
  'rescheduledTo',
] as const;

function toAppointment(item: Item): StoredAppointment {
  const picked = Object.fromEntries(APPOINTMENT_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as StoredAppointment;
  return picked;
}

/** The shared shape (events, owner API): the store's own fields removed. */
export function publicAppointment(stored: StoredAppointment): Appointment {
  return {
    id: stored.id,
    salonId: stored.salonId,
    stylistId: stored.stylistId,
    stylistName: stored.stylistName,
    service: { ...stored.service },
    start: stored.start,
    end: stored.end,
    callerName: stored.callerName,
    callerPhone: stored.callerPhone,
    callerEmail: stored.callerEmail,
    status: stored.status,
    source: stored.source,
    createdAt: stored.createdAt,
    calendarEventId: stored.calendarEventId,
  };
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException || (error as { name?: string })?.name === 'ConditionalCheckFailedException';
}

const BATCH_GET_SIZE = 100;

export function createBookingStore(client: DynamoDBDocumentClient, tableName: string): BookingStore {
  const key = (salonId: string, sk: string) => ({ pk: keys.salon(salonId), sk });

  async function batchGet(keyList: { pk: string; sk: string }[]): Promise<Item[]> {
    const found: Item[] = [];
    for (let start = 0; start < keyList.length; start += BATCH_GET_SIZE) {
      let pending: Record<string, unknown>[] = keyList.slice(start, start + BATCH_GET_SIZE);
      for (let attempt = 0; pending.length; attempt += 1) {
        if (attempt > 6) throw Object.assign(new Error('The store kept part of a batch read back'), { name: 'ThrottlingException' });
        const result = await client.send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
        );
        found.push(...(result.Responses?.[tableName] ?? []));
        pending = (result.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
        if (pending.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      }
    }
    return found;
  }

  /** A put conditioned on the version the item was read at (absent for version 0). */
  async function putVersioned(item: Item, expectedVersion: number): Promise<boolean> {
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...item, version: expectedVersion + 1 },
          ...(expectedVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  const toDay = (stylistId: string, date: string, item: Item | undefined): DayItem => ({
    stylistId,
    date,
    intervals: ((item?.intervals as DayReservation[] | undefined) ?? []).map((interval) => ({
      bookingId: String(interval.bookingId),
      start: String(interval.start),
      end: String(interval.end),
    })),
    version: Number(item?.version ?? 0),
  });

  return {
    async getDays(salonId, refs) {
      const items = await batchGet(refs.map((ref) => key(salonId, keys.daySk(ref.stylistId, ref.date))));
      const bySk = new Map(items.map((item) => [String(item.sk), item]));
      return refs.map((ref) => toDay(ref.stylistId, ref.date, bySk.get(keys.daySk(ref.stylistId, ref.date))));
    },
    async getDay(salonId, stylistId, date) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: key(salonId, keys.daySk(stylistId, date)), ConsistentRead: true }),
      );
      return toDay(stylistId, date, result.Item);
    },
    async saveDay(salonId, day) {
      const intervals = [...day.intervals].sort((a, b) => a.start.localeCompare(b.start));
      return putVersioned({ ...key(salonId, keys.daySk(day.stylistId, day.date)), stylistId: day.stylistId, date: day.date, intervals }, day.version);
    },

    async getCaller(salonId, phoneHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, keys.callerSk(phoneHash)), ConsistentRead: true }));
      const item = result.Item;
      return {
        recent: ((item?.recent as CallerRecord['recent'] | undefined) ?? []).map((entry) => ({ bookingId: String(entry.bookingId), at: Number(entry.at) })),
        bookings: ((item?.bookings as CallerRecord['bookings'] | undefined) ?? []).map((entry) => ({ bookingId: String(entry.bookingId), start: Number(entry.start) })),
        version: Number(item?.version ?? 0),
      };
    },
    async saveCaller(salonId, phoneHash, record) {
      return putVersioned({ ...key(salonId, keys.callerSk(phoneHash)), recent: record.recent, bookings: record.bookings }, record.version);
    },

    async putAppointment(appointment) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...key(appointment.salonId, keys.appointmentSk(appointment.id)),
              [tableKeys.gsi1.partitionKey]: keys.appointmentsByStart(appointment.salonId),
              [tableKeys.gsi1.sortKey]: new Date(appointment.start).toISOString(),
              ...appointment,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async getAppointment(salonId, bookingId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, keys.appointmentSk(bookingId)), ConsistentRead: true }));
      return result.Item ? toAppointment(result.Item) : null;
    },
    async getAppointments(salonId, bookingIds) {
      if (!bookingIds.length) return [];
      const items = await batchGet([...new Set(bookingIds)].map((bookingId) => key(salonId, keys.appointmentSk(bookingId))));
      return items.map(toAppointment);
    },
    async setCalendarState(salonId, bookingId, state) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(salonId, keys.appointmentSk(bookingId)),
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: 'SET calendarEventId = :eventId, calendarSync = :sync',
          ExpressionAttributeValues: { ':eventId': state.calendarEventId, ':sync': state.calendarSync },
        }),
      ).catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    },
    async markCancelled(salonId, bookingId, at, rescheduledTo) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, keys.appointmentSk(bookingId)),
            ConditionExpression: '#status = :confirmed',
            UpdateExpression: `SET #status = :cancelled, cancelledAt = :at${rescheduledTo ? ', rescheduledTo = :to' : ''}`,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':confirmed': 'confirmed', ':cancelled': 'cancelled', ':at': at, ...(rescheduledTo ? { ':to': rescheduledTo } : {}) },
          }),
        );
        return 'cancelled';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const existing = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, keys.appointmentSk(bookingId)), ConsistentRead: true }));
        return existing.Item ? 'already' : 'missing';
      }
    },
    async listAppointments(salonId, from, to) {
      const appointments: StoredAppointment[] = [];
      let startKey: Item | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: tableKeys.gsi1.name,
            KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
            ExpressionAttributeValues: {
              ':pk': keys.appointmentsByStart(salonId),
              ':from': from.toISOString(),
              // BETWEEN is inclusive: the upper bound is one millisecond before `to`.
              ':to': new Date(to.getTime() - 1).toISOString(),
            },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) appointments.push(toAppointment(item));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return appointments;
    },

    async getIdempotency(salonId, idempotencyKey) {
      const result = await client.send(
        new GetCommand({ TableName: tableName, Key: key(salonId, keys.idempotencySk(idempotencyKey)), ConsistentRead: true }),
      );
      const item = result.Item;
      if (!item) return null;
      return {
        key: idempotencyKey,
        requestHash: String(item.requestHash),
        bookingId: String(item.bookingId),
        state: item.state === 'done' ? 'done' : 'pending',
        claimedAt: String(item.claimedAt),
        ...(item.answer !== undefined ? { answer: item.answer } : {}),
      };
    },
    async claimIdempotency(salonId, record, expiresAt) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              ...key(salonId, keys.idempotencySk(record.key)),
              requestHash: record.requestHash,
              bookingId: record.bookingId,
              state: 'pending',
              claimedAt: record.claimedAt,
              ttl: Math.ceil(expiresAt.getTime() / 1000),
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async takeOverIdempotency(salonId, idempotencyKey, previousClaimedAt, claimedAt) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, keys.idempotencySk(idempotencyKey)),
            ConditionExpression: '#state = :pending AND claimedAt = :previous',
            UpdateExpression: 'SET claimedAt = :now',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':pending': 'pending', ':previous': previousClaimedAt, ':now': claimedAt },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async completeIdempotency(salonId, idempotencyKey, answer) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(salonId, keys.idempotencySk(idempotencyKey)),
          UpdateExpression: 'SET #state = :done, answer = :answer',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':done': 'done', ':answer': answer },
        }),
      );
    },
    async releaseIdempotency(salonId, idempotencyKey) {
      await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: key(salonId, keys.idempotencySk(idempotencyKey)),
          ConditionExpression: '#state = :pending',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        }),
      ).catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
    },

    async countBooking(salonId, month, delta) {
      await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(salonId, keys.bookingCountSk(month)),
          UpdateExpression: 'ADD confirmed :delta',
          ExpressionAttributeValues: { ':delta': delta },
        }),
      );
    },
    async bookingCount(salonId, month) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, keys.bookingCountSk(month)) }));
      return Math.max(0, Number(result.Item?.confirmed ?? 0));
    },

    async markCalendarSync(salonId, task) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { ...key(salonId, keys.calendarSyncSk(task.bookingId)), ...task } }),
      );
    },
    async clearCalendarSync(salonId, bookingId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, keys.calendarSyncSk(bookingId)) }));
    },
    async pendingCalendarSync(salonId, limit) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.calendarSyncPrefix },
          Limit: limit,
        }),
      );
      return (result.Items ?? []).map((item) => ({
        bookingId: String(item.bookingId),
        operation: item.operation === 'delete' ? 'delete' : 'create',
        since: String(item.since),
      }));
    },

    async putMessage(salonId, message) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key(salonId, keys.messageSk(message.createdAt, message.id)), ...message },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}
