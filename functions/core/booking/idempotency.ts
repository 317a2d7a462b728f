import { toolSay } from '../../contracts/agent-tools.js';
import type { ToolAnswer } from '../../contracts/agent-tools.js';
import { newBookingId, type BookingDeps } from './context.js';
import { ToolError } from './errors.js';
import type { Marker } from './settle.js';
import type { DayItem, DayReservation } from './records.js';

/**
 * `Idempotency-Key` on `book` (RELIABILITY 13): the key item (`IDEMP#<key>`) remembers the request
 * (and a held time's answer); the reservation on the day item carries the key too, so a retry
 * finds the booking its key made there and is told its first answer again.
 */

/** How long a claimed key may stay pending before a retry takes it over (the first request died). */
const STALE_CLAIM_MS = 30_000;
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

const mismatch = () => new ToolError('unprocessable', 'idempotency_mismatch', toolSay.idempotencyMismatch, 'This Idempotency-Key was used with a different request');

export interface Claim {
  bookingId: string;
  replay?: ToolAnswer;
  /**
   * The settle marker the claim is (with `markerOf`), as written; for another request's claim,
   * its marker when that request is taken to have died (stale), so its booking is settled here.
   */
  marker?: Marker;
  /** The claim is another request's and its booking is made (`bookedUnder`): answer from the day item, book nothing, release nothing. */
  theirs?: boolean;
}

/**
 * Claims the key, or answers the first answer / 422 / "still working on it". `proposed` is the
 * booking id a new claim takes; a key claimed before keeps its own. With `markerOf`, the claim is
 * also the booking's settle marker (settle-store.ts): claimed, claimed afresh or taken over, it
 * marks the booking id it holds, so the sweep finds the booking if this request dies.
 *
 * A confirmed booking's answer is not kept under its key: it is told again from the day item
 * (book-answers.ts, firstAnswer), so a claim stays pending once its booking is made.
 * `bookedUnder` says whether the key's booking is on the days (read again when `again`); when it
 * is, the claim is another request's with its booking made (`theirs`).
 */
export async function claimKey(
  deps: BookingDeps,
  salonId: string,
  key: string,
  hash: string,
  proposed: string = newBookingId(),
  markerOf?: (bookingId: string) => Marker,
  bookedUnder?: (again: boolean) => Promise<boolean>,
): Promise<Claim> {
  let known = false;
  let looked = false;
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
    const stale = now.getTime() - Date.parse(existing.claimedAt) > STALE_CLAIM_MS;
    if (bookedUnder && (await bookedUnder(looked))) {
      const theirs = stale && markerOf ? { marker: { ...markerOf(existing.bookingId), idempotencyKey: key } } : {};
      return { bookingId: existing.bookingId, theirs: true, ...theirs };
    }
    looked = true;
    if (stale) {
      const marker = markOf(existing.bookingId);
      if (await deps.bookings.idempotency.takeOver(salonId, key, existing.claimedAt, now.toISOString(), mark(marker))) return { bookingId: existing.bookingId, ...(marker ? { marker } : {}) };
      continue;
    }
    // The same request is in flight: wait for its booking.
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
 * The booking a request with this key made on one of these days, if any, live or since ended
 * (cancelled or moved: its first answer is still the answer). Another request under the key is
 * refused (422).
 */
export function madeEarlier(days: readonly DayItem[], requested: Requested): { day: DayItem; reservation: DayReservation; ended: boolean } | null {
  for (const day of days) {
    for (const [entries, ended] of [[day.intervals, false], [day.ended, true]] as const) {
      const reservation = entries.find((entry) => entry.record?.idempotencyKey === requested.key);
      if (!reservation) continue;
      if (!sameRequest(day, reservation, requested)) throw mismatch();
      return { day, reservation, ended };
    }
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
