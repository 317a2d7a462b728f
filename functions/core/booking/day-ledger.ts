import type { DayItem, DayReservation, EndedReservation, MovedTo } from './records.js';

/**
 * The stylist's day item is the booking of record (functions/store/booking/day-store.ts). Every
 * change to a booking is one of the pure steps below, written with everything that must agree in
 * one transaction at the version read (day-changes.ts, book.ts, reschedule.ts); on a lost race the
 * day is read and the step decided again. Because each decision is made on the item it changes,
 * two changes of one booking can never both take effect: the second one reads what the first did
 * and answers that instead.
 */
export interface Step<R> {
  result: R;
  /** The day to write; absent when the step changes nothing. */
  next?: DayItem;
}

/** What became of a booking that is no longer live on its day. */
export type Gone = { kind: 'ended'; ended: EndedReservation } | { kind: 'missing' };

const KEEP_ENDED_MS = 7 * 24 * 3_600_000;

export const MAX_ATTEMPTS = 8;

export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(80, 4 * 2 ** attempt);
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const overlapping = (a: Pick<DayReservation, 'start' | 'end'>, b: Pick<DayReservation, 'start' | 'end'>) =>
  Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);

const liveOf = (day: DayItem, bookingId: string) => day.intervals.find((entry) => entry.bookingId === bookingId);

export function goneOf(day: DayItem, bookingId: string): Gone {
  const ended = day.ended.find((entry) => entry.bookingId === bookingId);
  return ended ? { kind: 'ended', ended } : { kind: 'missing' };
}

/** Takes the time for a booking (or a move's new time) unless a live reservation overlaps it. */
export function reserve(day: DayItem, reservation: DayReservation): Step<'reserved' | 'taken'> {
  // A retry of a booking that already got this far.
  if (liveOf(day, reservation.bookingId) || day.ended.some((entry) => entry.bookingId === reservation.bookingId)) return { result: 'reserved' };
  if (day.intervals.some((entry) => overlapping(entry, reservation))) return { result: 'taken' };
  return { result: 'reserved', next: { ...day, intervals: [...day.intervals, reservation] } };
}

function endOn(day: DayItem, live: DayReservation, at: string, movedTo: MovedTo | null, reason?: 'deposit_not_paid'): DayItem {
  return {
    ...day,
    intervals: day.intervals.filter((entry) => entry.bookingId !== live.bookingId),
    ended: [...day.ended, { ...live, at, movedTo, ...(reason ? { reason } : {}) }],
  };
}

/** A reservation holding its time until its deposit is paid. */
export const awaitingDeposit = (reservation: DayReservation): boolean => Boolean(reservation.record?.deposit && !reservation.record.deposit.paidAt);

/** A booking live on this day. */
function confirmedOn(day: DayItem, bookingId: string): DayReservation | Gone {
  return liveOf(day, bookingId) ?? goneOf(day, bookingId);
}

const isGone = (value: DayReservation | Gone): value is Gone => 'kind' in value;

/** Cancels a live booking: its time is freed and a tombstone says it was cancelled. */
export function cancelOn(day: DayItem, bookingId: string, at: string): Step<'cancelled' | Gone> {
  const live = confirmedOn(day, bookingId);
  if (isGone(live)) return { result: live };
  return { result: 'cancelled', next: endOn(day, live, at, null) };
}

export const movedToOf = (reservation: DayReservation, stylistId: string): MovedTo => ({
  bookingId: reservation.bookingId,
  start: reservation.start,
  stylistId,
  stylistName: reservation.record?.stylistName ?? '',
});

/**
 * A move within one stylist's day: the old booking ends and the new one takes the time in the
 * same write, so the old time does not stand in the way of an overlapping new one.
 */
export function swapOn(day: DayItem, oldId: string, reservation: DayReservation, at: string): Step<'moved' | 'taken' | Gone> {
  if (liveOf(day, reservation.bookingId)) return { result: 'moved' };
  const old = confirmedOn(day, oldId);
  if (isGone(old)) return { result: old };
  const others = day.intervals.filter((entry) => entry.bookingId !== oldId);
  if (others.some((entry) => overlapping(entry, reservation))) return { result: 'taken' };
  const ended = endOn(day, old, at, movedToOf(reservation, day.stylistId));
  return { result: 'moved', next: { ...ended, intervals: [...ended.intervals, reservation] } };
}

/**
 * A move across days, on the old booking's day: the old booking ends as moved to the new time
 * (written in the same transaction as the new time's day). Refused when the old booking is no
 * longer live (cancelled or moved by someone else).
 */
export function commitMoveOn(day: DayItem, oldId: string, movedTo: MovedTo, at: string): Step<'moved' | Gone> {
  if (day.ended.some((entry) => entry.bookingId === oldId && entry.movedTo?.bookingId === movedTo.bookingId)) return { result: 'moved' };
  const old = confirmedOn(day, oldId);
  if (isGone(old)) return { result: old };
  return { result: 'moved', next: endOn(day, old, at, movedTo) };
}

/**
 * The deposit was paid: the held booking is confirmed. 'already' when it was confirmed before (a
 * redelivered event), also once the paid booking was moved (the deposit went with it) or
 * cancelled (a paid deposit is kept); gone when the hold was released or cancelled unpaid (the
 * payment is then refunded).
 */
export function confirmDepositOn(day: DayItem, bookingId: string, at: string): Step<'confirmed' | 'already' | Gone> {
  const live = confirmedOn(day, bookingId);
  if (isGone(live)) return { result: live.kind === 'ended' && live.ended.record?.deposit?.paidAt ? 'already' : live };
  if (!awaitingDeposit(live)) return { result: 'already' };
  const paid: DayReservation = { ...live, record: { ...live.record!, deposit: { ...live.record!.deposit!, paidAt: at } } };
  return { result: 'confirmed', next: { ...day, intervals: day.intervals.map((entry) => (entry.bookingId === bookingId ? paid : entry)) } };
}

/**
 * The deposit was not paid (the session expired, or the sweep found the hold past its expiry):
 * the time is freed and the booking ends as "deposit not paid". A paid booking is never released.
 * `unlessBefore`: only when the hold expired before this instant (the sweep's margin).
 */
export function releaseDepositOn(day: DayItem, bookingId: string, at: string, unlessBefore?: number): Step<'released' | 'paid' | 'not_due' | Gone> {
  const live = confirmedOn(day, bookingId);
  if (isGone(live)) return { result: live };
  if (!awaitingDeposit(live)) return { result: 'paid' };
  if (unlessBefore !== undefined && Date.parse(live.record!.deposit!.expiresAt) >= unlessBefore) return { result: 'not_due' };
  return { result: 'released', next: endOn(day, live, at, null, 'deposit_not_paid') };
}

export function pruned(day: DayItem, now: number): DayItem {
  const keep = (entry: { at: string }) => Date.parse(entry.at) > now - KEEP_ENDED_MS;
  return { ...day, ended: day.ended.filter(keep) };
}
