import { toolSay } from '../../contracts/agent-tools.js';
import type { ToolAnswer } from '../../contracts/agent-tools.js';
import { newBookingId, type BookingDeps } from './context.js';
import { ToolError } from './errors.js';
import type { Marker } from './settle.js';
import type { DayItem, DayReservation } from './records.js';

/**
 * `Idempotency-Key` on `book` (RELIABILITY 13): the key item (`IDEMP#<key>`) remembers the request
 * and, once done, its answer; the reservation on the day item carries the key too, so a retry of
 * a request that died between the booking and keeping its answer finds the booking it made.
 */

/** How long a claimed key may stay pending before a retry takes it over (the first request died). */
const STALE_CLAIM_MS = 30_000;
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

const mismatch = () => new ToolError('unprocessable', 'idempotency_mismatch', toolSay.idempotencyMismatch, 'This Idempotency-Key was used with a different request');

export interface Claim {
  bookingId: string;
  replay?: ToolAnswer;
  /** The settle marker the claim is (with `markerOf`), as written. */
  marker?: Marker;
}

/**
 * Claims the key, or answers the first answer / 422 / "still working on it". `proposed` is the
 * booking id a new claim takes; a key claimed before keeps its own. With `markerOf`, the claim is
 * also the booking's settle marker (settle-store.ts): claimed, claimed afresh or taken over, it
 * marks the booking id it holds, so the sweep finds the booking if this request dies.
 */
export async function claimKey(deps: BookingDeps, salonId: string, key: string, hash: string, proposed: string = newBookingId(), markerOf?: (bookingId: string) => Marker): Promise<Claim> {
  let known = false;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const now = deps.now();
    const markOf = (bookingId: string) => (markerOf ? { ...markerOf(bookingId), since: now.toISOString(), idempotencyKey: key } : undefined);
    const mark = (marker: Marker | undefined) => (marker ? { ...marker, salonId, since: marker.since! } : undefined);
    // A key is nearly always new: claim it straight away, and read it only when it is not.
    if (!known) {
      const bookingId = attempt === 0 ? proposed : newBookingId();
      const claim = { key, requestHash: hash, bookingId, state: 'pending' as const, claimedAt: now.toISOString() };
      const marker = markOf(bookingId);
      if (await deps.bookings.idempotency.claim(salonId, claim, new Date(now.getTime() + IDEMPOTENCY_TTL_MS), mark(marker))) return { bookingId, ...(marker ? { marker } : {}) };
    }
    const existing = await deps.bookings.idempotency.get(salonId, key);
    known = existing !== null;
    // Released (its request failed) since the claim was refused: claim it again.
    if (!existing) continue;
    if (existing.requestHash !== hash) throw mismatch();
    if (existing.state === 'done') return { bookingId: existing.bookingId, replay: existing.answer as ToolAnswer };
    if (now.getTime() - Date.parse(existing.claimedAt) > STALE_CLAIM_MS) {
      const marker = markOf(existing.bookingId);
      if (await deps.bookings.idempotency.takeOver(salonId, key, existing.claimedAt, now.toISOString(), mark(marker))) return { bookingId: existing.bookingId, ...(marker ? { marker } : {}) };
      continue;
    }
    // The same request is in flight: wait for its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new ToolError('conflict', 'in_progress', toolSay.inProgress, 'The same booking request is still being processed');
}

/** What a booking request asks for, as its reservation records it. */
export interface Requested {
  key: string;
  start: string;
  serviceId: string;
  stylistId: string | null;
  callerName: string;
  callerPhone: string;
}

/**
 * The booking an earlier request with this key made on one of these days, if any. Another request
 * under the key is refused (422); a booking that has since ended is not made again.
 */
export function madeEarlier(days: readonly DayItem[], requested: Requested): { day: DayItem; reservation: DayReservation } | null {
  for (const day of days) {
    const ended = day.ended.find((entry) => entry.record?.idempotencyKey === requested.key);
    if (ended) {
      if (!sameRequest(day, ended, requested)) throw mismatch();
      throw new ToolError('conflict', 'booking_cancelled', 'That booking was made and has since been cancelled or moved. Would you like to book again?', 'The booking this key made has ended');
    }
    const reservation = day.intervals.find((entry) => entry.record?.idempotencyKey === requested.key);
    if (!reservation) continue;
    if (!sameRequest(day, reservation, requested)) throw mismatch();
    return { day, reservation };
  }
  return null;
}

function sameRequest(day: DayItem, reservation: DayReservation, requested: Requested): boolean {
  const record = reservation.record!;
  return (
    reservation.start === requested.start &&
    record.service.id === requested.serviceId &&
    record.callerName === requested.callerName &&
    record.callerPhone === requested.callerPhone &&
    (requested.stylistId === null || requested.stylistId === day.stylistId)
  );
}
