import { type BookAnswer, type ToolInput, toolSay } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import type { BookingRead } from '../ports/booking-store.js';
import type { SettleMarker } from '../ports/booking/settle-store.js';
import type { SecretCheck } from '../agent-secret.js';
import { UnavailableError } from '../errors.js';
import { busyByStylist, calendarsOf, fetchBusy, prefetchConnection, type RawBusy } from './calendar.js';
import { admitted, capReached, prunedCaller, tooManyBookings } from './caller-record.js';
import { refuseCallerOverlap } from './caller-overlap.js';
import { firstAnswer } from './book-answers.js';
import { freeCandidates, recordFor, serviceRecord, slotTaken } from './candidates.js';
import { candidatesFor } from './who-does-what.js';
import { liveItems } from './change-items.js';
import {
  loadSalonContext,
  newBookingId,
  phoneKey,
  requestHash,
  requirePhone,
  resolveService,
  resolveStylist,
  withMappingsRead,
  type BookingDeps,
  type SalonContext,
} from './context.js';
import { DEPOSIT_HOLD_MS, depositTerms, holdMarkerId, openDepositCheckout, type DepositTerms } from './deposit.js';
import { backoffMs, MAX_ATTEMPTS, pause, pruned, reserve } from './day-ledger.js';
import { ToolError } from './errors.js';
import { appointmentOf } from './projections.js';
import { confirmedEvent, depositRequestedEvent, stamped } from './booking-events.js';
import { checkBookable, refuseStart } from './rules.js';
import { DEPOSIT_RELEASE_MARGIN_MS } from './booking-sweep.js';
import { bookedByStylist, sharingCalendars } from './slots.js';
import { localDate, parseStart } from './time.js';
import type { BookingRecord, DayItem, DepositHold } from './records.js';

/**
 * `book`: the booking that cannot double-book (RELIABILITY 13, 15, 16, 19, 20, 22).
 *
 * 1. The service and stylist must be this salon's; the start a real local time on the grid,
 *    inside opening hours, not past, not beyond the horizon (nothing is written before this).
 * 2. One consistent batch read: the caller's record, the stylists' days, their calendars' mirrors
 *    and mappings, the salon's agent secret (when the caller's right is still to be confirmed) and
 *    the Idempotency-Key's item. A key used before answers from its item: the same body is told
 *    the first answer, another body 422.
 * 3. The caller's hourly cap, the caller's own bookings at that time (one caller never holds two
 *    overlapping bookings unasked: caller-overlap.ts) and the calendar's busy time are checked on
 *    what was read (candidates.ts picks who is free).
 * 4. One transaction (booking-change.ts): the stylist's day takes the booking at the version read,
 *    the caller's record counts it against the cap at the version read, the appointment, the key
 *    with its answer, the month's count, the reminder, the calendar write to do and the event. A refusal
 *    writes nothing and names its item: a day taken meanwhile moves on to the next candidate, a cap
 *    reached meanwhile refuses the caller, a key taken meanwhile is answered from its item.
 *    `booking.confirmed` (or, for a held time, `booking.deposit-requested`) is in the same
 *    transaction, as an outbox item: it leaves with the write (store/event-outbox.ts).
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): the transaction,
 * `deps.bookings.commitChange` (wired in functions/store/booking-store.ts), is
 * functions/store/booking/booking-change.ts, and its outbox items reach the bus through the table's
 * stream (infra/event-outbox-pipe.ts in AWS).
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

/** How long a key's answer is kept for its retries. */
const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

const mismatch = () =>
  new ToolError('unprocessable', 'idempotency_mismatch', toolSay.idempotencyMismatch, 'This Idempotency-Key was used with a different request');

interface Request {
  service: Service;
  stylist: Stylist | null;
  start: number;
  end: number;
  callerPhone: string;
  input: ToolInput<'book'>;
  options: BookOptions;
  /** The request's hash, kept with its key. */
  hash: string | undefined;
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
  const hash = options.idempotencyKey ? requestHash({ ...input, callerPhone }) : undefined;
  return commit(deps, context, { service, stylist, start, end, callerPhone, input, options, hash });
}

/** A key's item found (on the read, or after the transaction refused it as taken): its answer, or 422 for another body. */
function answerOf(earlier: NonNullable<BookingRead['earlier']>, hash: string | undefined): BookAnswer {
  if (earlier.requestHash !== hash) throw mismatch();
  return earlier.answer as BookAnswer;
}

async function commit(deps: BookingDeps, context: SalonContext, request: Request): Promise<BookAnswer> {
  const { service, stylist, start, callerPhone } = request;
  const key = request.options.idempotencyKey;
  const salonId = context.salon.id;
  const date = localDate(start);
  const candidates = candidatesFor(context.setup.stylists, stylist, service, date);
  const candidateIds = candidates.map((candidate) => candidate.id);
  const phoneHash = phoneKey(salonId, callerPhone);
  // Mirrors are read with the days only where they are kept (without them busy time is asked live).
  const calendarIds = deps.calendarMirrors ? calendarsOf(context.setup.mappings, candidateIds) : [];
  prefetchConnection(deps, salonId, context.setup.mappings, candidateIds);
  const confirmation = request.options.confirmation;
  // Every stylist's day, not only the candidates': the caller's own bookings that day are checked on it (caller-overlap.ts).
  const refs = [...new Set([...sharingCalendars(context, candidates), ...context.setup.stylists.map((each) => each.id)])].map((stylistId) => ({
    stylistId,
    date,
  }));
  const [found, terms] = await Promise.all([
    deps.bookings.readForBooking(salonId, phoneHash, refs, calendarIds, { agent: Boolean(confirmation), ...(key ? { key } : {}) }),
    depositTerms(deps, context, service),
  ]);
  // Not the salon's secret any more (rotated, or the salon deleted): nothing is told or written.
  const refused = confirmation ? confirmation.check(found.agentSecretHash) : null;
  if (refused) throw refused;
  if (found.earlier) return answerOf(found.earlier, request.hash);
  try {
    return await decide(deps, context, request, { found, terms, refs, candidates, candidateIds, phoneHash, date });
  } catch (error) {
    // A refusal (taken, the caller's own booking at that time, the cap) may be this very key's
    // booking, made by a twin request: a batch read is not one snapshot, so it can show the twin's
    // booking on the day and not yet its key. The key is read once more before the caller is told.
    const earlier = key && error instanceof ToolError && error.code !== 'idempotency_mismatch' ? await deps.bookings.idempotency.get(salonId, key) : null;
    if (earlier) return answerOf(earlier, request.hash);
    throw error;
  }
}

interface Read {
  found: BookingRead;
  terms: DepositTerms | null;
  refs: { stylistId: string; date: string }[];
  candidates: readonly Stylist[];
  candidateIds: string[];
  phoneHash: string;
  date: string;
}

async function decide(deps: BookingDeps, context: SalonContext, request: Request, read: Read): Promise<BookAnswer> {
  const { service, stylist, start, end, callerPhone } = request;
  const { found, terms, refs, candidates, candidateIds, phoneHash, date } = read;
  const key = request.options.idempotencyKey;
  const salonId = context.salon.id;
  const bookingId = newBookingId();
  if (capReached(found.caller, bookingId, deps.now().getTime())) throw tooManyBookings();
  if (!request.input.additional)
    refuseCallerOverlap(salonId, found.days, { callerPhone, start, end, test: request.options.source === 'test-call' }, deps.now().getTime());
  // The calendar mappings as read with the days: one the owner changed a moment ago counts at once.
  const current = withMappingsRead(
    context,
    refs.map((ref) => ref.stylistId),
    found.mappings,
  );
  const [raw, checkout] = await Promise.allSettled([
    fetchBusy(deps, salonId, current.setup.mappings, candidateIds, start, end, 'book', deps.calendarMirrors ? found.mirrors : undefined),
    terms ? openDepositCheckout(deps, current, terms, { bookingId, serviceName: service.name }) : Promise.resolve(null),
  ]);
  for (const outcome of [raw, checkout]) if (outcome.status === 'rejected') throw outcome.reason;
  const deposit = (checkout as PromiseFulfilledResult<Omit<DepositHold, 'paidAt'> | null>).value;
  const busy = busyByStylist((raw as PromiseFulfilledResult<RawBusy>).value, current.setup.mappings, candidateIds, bookedByStylist(found.days));
  const dayOf = new Map(found.days.map((day) => [day.stylistId, day]));
  const free = freeCandidates(candidates, dayOf, busy.busy, { start, end }, { byLoad: !stylist });
  if (free.length === 0) return slotTaken(deps, current, service, stylist, start);
  const fields = {
    service: serviceRecord(service),
    callerName: request.input.callerName,
    callerPhone,
    callerEmail: request.input.callerEmail ?? null,
    source: request.options.source ?? 'phone-agent',
    createdAt: deps.now().toISOString(),
    idempotencyKey: key ?? null,
    rescheduledFrom: null,
    ...(deposit ? { deposit: { ...deposit, paidAt: null } } : {}),
  } satisfies Omit<BookingRecord, 'stylistName' | 'calendarId'>;
  const made = await reserveFirstFree(deps, current, request, {
    bookingId,
    date,
    free,
    dayOf,
    fields,
    phoneHash,
    caller: found.caller,
    pastNoShows: found.pastNoShows,
    terms,
    deposit,
  });
  if (made.kind === 'answered') return made.answer;
  if (made.kind === 'taken') return slotTaken(deps, current, service, stylist, start);
  return made.answer;
}

interface Plan {
  bookingId: string;
  date: string;
  free: readonly Stylist[];
  dayOf: ReadonlyMap<string, DayItem>;
  fields: Omit<BookingRecord, 'stylistName' | 'calendarId'>;
  phoneHash: string;
  caller: BookingRead['caller'];
  pastNoShows: number;
  terms: DepositTerms | null;
  deposit: Omit<DepositHold, 'paidAt'> | null;
}

type Reserved =
  { kind: 'booked'; appointment: ReturnType<typeof appointmentOf> & object; answer: BookAnswer } | { kind: 'answered'; answer: BookAnswer } | { kind: 'taken' };

/**
 * The free candidates in turn, each with one transaction on its day and the caller's record as
 * read. Only the item that refused it is read again: the day (another booking), the caller's
 * record (a booking of theirs meanwhile: the cap is decided again) or the key (answered from it).
 */
async function reserveFirstFree(deps: BookingDeps, context: SalonContext, request: Request, plan: Plan): Promise<Reserved> {
  const salonId = context.salon.id;
  const key = request.options.idempotencyKey;
  const days = new Map(plan.dayOf);
  let caller = plan.caller;
  for (const candidate of plan.free) {
    const ref = { stylistId: candidate.id, date: plan.date };
    const reservation = {
      bookingId: plan.bookingId,
      start: new Date(request.start).toISOString(),
      end: new Date(request.end).toISOString(),
      record: recordFor(context, candidate, plan.fields),
    };
    for (let attempt = 0; ; attempt += 1) {
      if (attempt >= MAX_ATTEMPTS) throw new UnavailableError();
      const day = days.get(candidate.id) ?? (await deps.bookings.days.get(salonId, ref));
      const { result, next } = reserve(day, reservation);
      if (result === 'taken' || !next) break;
      const now = deps.now();
      const counted = admitted(prunedCaller(caller, now.getTime()), { bookingId: plan.bookingId, start: request.start }, now.getTime());
      if (counted === 'listed') throw new UnavailableError();
      const appointment = appointmentOf(salonId, candidate.id, reservation)!;
      const answer = firstAnswer(salonId, candidate.id, reservation, plan.pastNoShows);
      const outcome = await deps.bookings.commitChange(salonId, {
        days: [pruned(next, now.getTime())],
        created: [appointment],
        caller: { phoneHash: plan.phoneHash, record: counted },
        ...(key
          ? { key: { record: { key, requestHash: request.hash!, bookingId: plan.bookingId, answer }, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) } }
          : {}),
        ...liveItems(context, appointment, now),
        holds: plan.deposit ? [holdMarker(salonId, plan.bookingId, plan.date, candidate.id, now)] : [],
        events: stamped([plan.deposit ? depositRequestedEvent(context, appointment, plan.deposit) : confirmedEvent(context, appointment)], now),
      });
      if (outcome.committed) return { kind: 'booked', appointment, answer };
      if (outcome.all.includes('key')) {
        const earlier = await deps.bookings.idempotency.get(salonId, key!);
        if (earlier) return { kind: 'answered', answer: answerOf(earlier, request.hash) };
      } else if (outcome.refused === 'caller') {
        caller = await deps.bookings.callers.get(salonId, plan.phoneHash);
      } else if (outcome.refused === 'day' || outcome.refused === 'conflict') {
        days.set(candidate.id, await deps.bookings.days.get(salonId, ref));
      } else {
        throw new UnavailableError();
      }
      await pause(backoffMs(attempt));
    }
  }
  return { kind: 'taken' };
}

/** The sweep's marker for a held time: due once its deposit's session has expired, if no webhook settled it first. */
function holdMarker(salonId: string, bookingId: string, date: string, stylistId: string, now: Date): SettleMarker {
  const since = new Date(now.getTime() + DEPOSIT_HOLD_MS + DEPOSIT_RELEASE_MARGIN_MS).toISOString();
  return { id: holdMarkerId(bookingId), salonId, bookingId, date, stylistIds: [stylistId], since };
}
