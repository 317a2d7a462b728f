import type { BookAnswer, ToolInput } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import type { BookingRead } from '../../store/booking-store.js';
import type { SecretCheck } from '../agent-secret.js';
import { busyByStylist, calendarsOf, fetchBusy, prefetchConnection, type RawBusy } from './calendar.js';
import { capReached, tooManyBookings } from './caller-record.js';
import { refuseCallerOverlap } from './caller-overlap.js';
import { answerBooked, type Booked } from './book-settle.js';
import { firstAnswer } from './book-answers.js';
import { reserveWithCap } from './commit-with-cap.js';
import { freeCandidates, recordFor, serviceRecord, slotTaken } from './candidates.js';
import { loadSalonContext, newBookingId, phoneKey, requestHash, requirePhone, resolveService, resolveStylist, withMappingsRead, type BookingDeps, type SalonContext } from './context.js';
import { DEPOSIT_HOLD_MS, depositTerms, holdMarkerId, openDepositCheckout } from './deposit.js';
import { claimKey, madeEarlier, type Claim, type Requested } from './idempotency.js';
import { checkBookable, refuseStart } from './rules.js';
import { bookMarkerFor, DEPOSIT_RELEASE_MARGIN_MS, markerFor, markUnsettled, type Marker } from './settle.js';
import { bookedByStylist, sharingCalendars } from './slots.js';
import { localDate, parseStart } from './time.js';
import type { BookingRecord, DepositHold } from './records.js';

/**
 * `book`: the booking that cannot double-book (RELIABILITY 13, 15, 16, 19, 20, 22).
 *
 * 1. The service and stylist must be this salon's; the start a real local time on the grid,
 *    inside opening hours, not past, not beyond the horizon (nothing is written before this).
 * 2. With an `Idempotency-Key`: the key is claimed with the request's hash (idempotency.ts), the
 *    claim being the settle marker too; the same key and body again is told the first answer from
 *    the day item, another body 422. The claim (or, without a key, a marker) and one read of the
 *    caller, the salon's agent secret, the stylists' days and their calendars' mirrors go out
 *    together; the secret is decided on that read before anything else.
 * 3. The caller's hourly cap, the caller's own bookings at that time (one caller never holds two
 *    overlapping bookings unasked: caller-overlap.ts) and the calendar's busy time are checked on
 *    what was read (candidates.ts picks who is free).
 * 4. The stylist's day item takes the whole booking with a conditional write (retried on a lost
 *    race, refused when the time overlaps): this is the commit and the booking of record. The
 *    caller's record counts it against the cap in the same round trip (commit-with-cap.ts).
 * 5. `booking.confirmed` is published and the appointment stored; the event's consumer does the
 *    rest of settling (settle.ts, ensureConfirmed: the count, the reminder, the calendar event's
 *    marker, then clearing book's marker) and writes the calendar event. A crash leaves the marker
 *    for the sweep, which does the same.
 */
export type BookingSource = Appointment['source'];

export interface BookOptions {
  idempotencyKey?: string;
  source?: BookingSource;
  /**
   * The caller's right, still to be confirmed: decided on the agent item read with the booking's
   * own read, so nothing is committed, nor an earlier answer told, before it holds.
   */
  confirmation?: SecretCheck;
}

export async function book(deps: BookingDeps, salonId: string, input: ToolInput<'book'>, options: BookOptions = {}): Promise<BookAnswer> {
  const context = await loadSalonContext(deps, salonId);
  const service = resolveService(context, input.service);
  const stylist = resolveStylist(context, input.stylist);
  const callerPhone = requirePhone(input.callerPhone);
  const parsed = parseStart(input.start);
  if (!parsed.ok) refuseStart(parsed.problem);
  const start = parsed.time.toMillis();
  const now = deps.now().getTime();
  const end = checkBookable(context, service, start, now);

  // The key is claimed in parallel with the booking's read (commit below): a new key takes the
  // booking id proposed here, so nothing waits on the claim.
  const hash = options.idempotencyKey ? requestHash({ ...input, callerPhone }) : undefined;
  return commit(deps, context, { service, stylist, start, end, bookingId: newBookingId(), hash, callerPhone, input, options });
}

interface Commit {
  service: Service;
  stylist: Stylist | null;
  start: number;
  end: number;
  bookingId: string;
  hash: string | undefined;
  callerPhone: string;
  input: ToolInput<'book'>;
  options: BookOptions;
}

/**
 * The commit, in as few round trips as the store allows without transactions: the key's claim
 * (which is also the marker, so a crash after the write is found by the sweep; without a key, a
 * marker of its own) and one read of everything the decision needs go out together; then one
 * conditional write on the chosen stylist's day that holds the whole booking, with the caller's
 * cap beside it. Everything after it is settling, which the sweep would redo if this request
 * died. A key claimed before is answered from the day item that holds its booking.
 */
async function commit(deps: BookingDeps, context: SalonContext, request: Commit): Promise<BookAnswer> {
  const { service, stylist, start, callerPhone } = request;
  const key = request.options.idempotencyKey;
  const salonId = context.salon.id;
  const date = localDate(start);
  const candidates = stylist ? [stylist] : context.setup.stylists;
  const phoneHash = phoneKey(salonId, callerPhone);
  const candidateIds = candidates.map((candidate) => candidate.id);
  const terms = await depositTerms(deps, context, service);
  // A held time has a second marker, due when its deposit's session has expired: the sweep
  // releases the hold then if no webhook did (settle.ts). A book with a key is marked by its claim.
  const holdOf = (bookingId: string): Marker[] =>
    terms ? [{ ...bookMarkerFor(bookingId, date, candidateIds), id: holdMarkerId(bookingId), since: new Date(deps.now().getTime() + DEPOSIT_HOLD_MS + DEPOSIT_RELEASE_MARGIN_MS).toISOString() }] : [];
  const ownMarkersOf = (bookingId: string): Marker[] => [...(key ? [] : [bookMarkerFor(bookingId, date, candidateIds)]), ...holdOf(bookingId)];
  const clear = (markers: readonly Marker[]) => deps.bookings.settlements.clear(markers.map((each) => ({ ...each, salonId }))).catch(() => undefined);
  let bookingId = request.bookingId;
  let written = ownMarkersOf(bookingId);
  // Mirrors are read with the days only where they are kept (without them busy time is asked live).
  const calendarIds = deps.calendarMirrors ? calendarsOf(context.setup.mappings, candidateIds) : [];
  prefetchConnection(deps, salonId, context.setup.mappings, candidateIds);
  const confirmation = request.options.confirmation;
  // Every stylist's day, not only the candidates': the caller's own bookings that day are checked on it (caller-overlap.ts).
  const refs = [...new Set([...sharingCalendars(context, candidates), ...context.setup.stylists.map((each) => each.id)])].map((stylistId) => ({ stylistId, date }));
  const readAll = (agent: boolean) => deps.bookings.readForBooking(salonId, phoneHash, refs, calendarIds, { agent });
  const first = readAll(Boolean(confirmation));
  let latest = first;
  // Whether the key's booking is on the days (first as read beside the claim, then read again).
  // A live one counts once its caller's record lists it: until then the cap written beside its
  // commit may still take it back (commit-with-cap.ts), and its request answer otherwise.
  const bookedUnder = async (again: boolean) => {
    if (again) latest = readAll(false);
    const found = await latest;
    const earlier = madeEarlier(found.days, requestedOf(request));
    return earlier !== null && (earlier.ended || found.caller.bookings.some((each) => each.bookingId === earlier.reservation.bookingId));
  };
  const claim: Promise<Claim> = key ? claimKey(deps, salonId, key, request.hash!, bookingId, (id) => bookMarkerFor(id, date, candidateIds), bookedUnder) : Promise.resolve({ bookingId });
  const [claimed, marked, read] = await Promise.allSettled([claim, markUnsettled(deps, salonId, written), first]);
  const refused = read.status === 'fulfilled' && confirmation ? confirmation.check(read.value.agentSecretHash) : null;
  // Another request's claim, its booking made: answered from the day item, and never released by this request.
  const theirs = claimed.status === 'fulfilled' && claimed.value.theirs === true;
  if (refused || claimed.status === 'rejected' || claimed.value.replay) {
    // Not the salon's secret any more (rotated, or the salon deleted), not this request's key to use
    // (another body, still in flight) or answered before: nothing of it is written or kept.
    if (marked.status === 'fulfilled') await clear(written);
    if (refused && key && claimed.status === 'fulfilled' && !claimed.value.replay && !theirs) await deps.bookings.idempotency.release(salonId, key).catch(() => undefined);
    if (refused) throw refused;
    if (claimed.status === 'rejected') throw claimed.reason;
    return claimed.value.replay as BookAnswer;
  }
  try {
    if (marked.status === 'rejected') throw marked.reason;
    const found = await latest;
    if (theirs) {
      await clear(written);
      written = [];
    } else if (claimed.value.bookingId !== bookingId) {
      // The key was claimed by a request that died: its booking id is kept (the claim marks it), and a hold's marker is written before any write.
      const proposed = written;
      bookingId = claimed.value.bookingId;
      written = ownMarkersOf(bookingId);
      await markUnsettled(deps, salonId, written);
      await clear(proposed);
    }
    const markers = claimed.value.marker ? [claimed.value.marker, ...written] : written;
    // The calendar mappings as read with the days: one the owner changed a moment ago counts at once.
    const current = withMappingsRead(context, refs.map((ref) => ref.stylistId), found.mappings);
    return await decide(deps, current, request, { bookingId: claimed.value.bookingId, markers, phoneHash, terms, found, running: theirs && !claimed.value.marker });
  } catch (error) {
    if (key && !theirs) await deps.bookings.idempotency.release(salonId, key).catch(() => undefined);
    throw error;
  }
}

/** What a request under a key asks for, as its reservation records it. */
function requestedOf(request: Commit): Requested {
  const { service, stylist, start, callerPhone, input } = request;
  return { key: request.options.idempotencyKey!, start: new Date(start).toISOString(), serviceId: service.id, stylistId: stylist?.id ?? null, callerName: input.callerName, callerPhone };
}

interface Decision {
  bookingId: string;
  markers: Marker[];
  phoneHash: string;
  terms: Awaited<ReturnType<typeof depositTerms>>;
  found: BookingRead;
  /** The key's claim is another request's, which may still be running (it settles its own booking). */
  running?: boolean;
}

/**
 * The calendar's busy time (and a deposit's checkout), then the write on the chosen stylist's day
 * with the caller's cap beside it, then settling. A checkout made for a time that turns out taken
 * is never texted to anyone and expires.
 */
async function decide(deps: BookingDeps, context: SalonContext, request: Commit, decision: Decision): Promise<BookAnswer> {
  const { start } = request;
  const { markers, found, bookingId } = decision;
  const key = request.options.idempotencyKey;
  const salonId = context.salon.id;
  // Whatever this request does not book, it leaves nothing behind under its own booking id.
  const clearMarkers = () => deps.bookings.settlements.clear(markers.map((each) => ({ ...each, salonId }))).catch(() => undefined);
  let made: Booked;
  try {
    const earlier = key ? madeEarlier(found.days, requestedOf(request)) : null;
    if (earlier) {
      // This key's booking was made: it is the answer, nothing is booked again. A key claimed
      // afresh (its first request released it after booking) does not use this request's own
      // booking id. A booking that has ended, or one whose claim is another request's that may
      // still be running, is only answered; otherwise (its request died) it is settled here too,
      // its caller's record included.
      if (earlier.reservation.bookingId !== bookingId) await clearMarkers();
      const marker = earlier.reservation.bookingId === bookingId ? markers[0] : markerFor(earlier.reservation.bookingId, localDate(start), [earlier.day.stylistId]);
      if (earlier.ended || decision.running || !marker) return firstAnswer(salonId, earlier.day.stylistId, earlier.reservation, found.pastNoShows);
      const chosen = { id: earlier.day.stylistId, name: earlier.reservation.record!.stylistName };
      made = { chosen, day: earlier.day, bookingId: earlier.reservation.bookingId, marker, callerListed: false };
    } else {
      made = await bookFree(deps, context, request, decision);
    }
  } catch (error) {
    await clearMarkers();
    throw error;
  }
  return answerBooked(deps, context, made, key, found.pastNoShows);
}

/** A new booking: the first free candidate's day takes it, the caller's cap beside the write. */
async function bookFree(deps: BookingDeps, context: SalonContext, request: Commit, decision: Decision): Promise<Booked> {
  const { service, stylist, start, end, callerPhone } = request;
  const { markers, phoneHash, terms, found, bookingId } = decision;
  const salonId = context.salon.id;
  const date = localDate(start);
  const candidates = stylist ? [stylist] : context.setup.stylists;
  const candidateIds = candidates.map((candidate) => candidate.id);
  const dayList = found.days;
  if (capReached(found.caller, bookingId, deps.now().getTime())) throw tooManyBookings();
  if (!request.input.additional) refuseCallerOverlap(salonId, dayList, { callerPhone, start, end, test: request.options.source === 'test-call' }, deps.now().getTime());
  const [raw, checkout] = await Promise.allSettled([
    fetchBusy(deps, salonId, context.setup.mappings, candidateIds, start, end, 'book', deps.calendarMirrors ? found.mirrors : undefined),
    terms ? openDepositCheckout(deps, context, terms, { bookingId, serviceName: service.name }) : Promise.resolve(null),
  ]);
  for (const outcome of [raw, checkout]) if (outcome.status === 'rejected') throw outcome.reason;
  const deposit = (checkout as PromiseFulfilledResult<Omit<DepositHold, 'paidAt'> | null>).value;
  const busy = busyByStylist((raw as PromiseFulfilledResult<RawBusy>).value, context.setup.mappings, candidateIds, bookedByStylist(dayList));
  const dayOf = new Map(dayList.map((day) => [day.stylistId, day]));
  const free = freeCandidates(candidates, dayOf, busy.busy, { start, end }, { byLoad: !stylist });
  if (free.length === 0) await slotTaken(deps, context, service, stylist, start);
  const fields = {
    service: serviceRecord(service),
    callerName: request.input.callerName,
    callerPhone,
    callerEmail: request.input.callerEmail ?? null,
    source: request.options.source ?? 'phone-agent',
    createdAt: deps.now().toISOString(),
    idempotencyKey: request.options.idempotencyKey ?? null,
    rescheduledFrom: null,
    ...(deposit ? { deposit: { ...deposit, paidAt: null } } : {}),
  } satisfies Omit<BookingRecord, 'stylistName' | 'calendarId'>;
  const reservationFor = (candidate: Stylist) => ({ bookingId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), record: recordFor(context, candidate, fields) });
  const made = await reserveWithCap(deps, salonId, { date, free, dayOf, reservationFor, phoneHash, booking: { bookingId, start }, caller: found.caller });
  if (!made) return slotTaken(deps, context, service, stylist, start);
  return { ...made, bookingId, marker: markers[0]! };
}
