import type { TranscriptLine } from '../../functions/core/ports/call-types.js';
import type { ConversationStore } from '../../functions/core/ports/conversation-store.js';
import { speakTime } from '../../functions/core/booking/speak.js';
import { atInstant, fromWallClock, localDate, localTime } from '../../functions/core/booking/time.js';
import { type DayProblem, speakFullDate } from './days.js';
import type { Turn } from './hear.js';

/**
 * The sandbox receptionist's dialogue state, kept between turns (docs/receptionist.md): the
 * slots a booking, cancellation or move is made of, filled by whatever turn names them and
 * changed by any later turn that names them again (the last thing said wins); the one question
 * the receptionist is waiting on; the times it offered; and what it has booked in this call.
 */
export interface Offer {
  start: string;
  spoken: string;
  stylist?: string;
  /** A booking offered to choose from (which one to cancel or move), and its service ("the gents cut" picks it). */
  bookingId?: string;
  service?: string;
}

export interface Slots {
  service: string | null;
  /** A stylist the caller asked for; null for anyone. */
  stylist: string | null;
  /** The day wanted (for a move: the day to move to), YYYY-MM-DD. */
  date: string | null;
  /** The time wanted, HH:MM, only as the caller said it. */
  time: string | null;
  partOfDay: 'morning' | 'afternoon' | 'evening' | null;
  /** The caller wants the first time free, whatever the day ("whenever's soonest"). */
  soonest: boolean;
  name: string | null;
  phone: string | null;
  /** Cancel or move: the day the booking is on now, or 'next' when the caller does not know. */
  bookingDate: string | null;
  /** Cancel or move: a booking known by id (made in this call, or picked from a list). */
  bookingId: string | null;
}

/** What the receptionist last asked, so the next turn is read as its answer first. */
export type Pending =
  | 'nothing'
  | 'service'
  | 'day'
  | 'time'
  | 'name'
  | 'phone'
  | 'message'
  | 'booking-day'
  | 'new-time'
  | 'offers'
  | 'confirm-booking'
  | 'confirm-cancel'
  | 'confirm-move'
  | 'next-person'
  | 'offer-message'
  | 'service-options'
  | 'stylist-options'
  | 'day-options'
  | 'booking-options'
  | 'waitlist'
  | 'confirm-overlap';

export interface Made {
  id: string;
  service: string;
  start: string;
  end: string;
}

export interface ConversationState {
  salonId: string;
  conversationId: string;
  test: boolean;
  startedAt: string;
  /** The number the call came from (a real call); a test call has none. */
  callerPhone: string | null;
  task: 'book' | 'cancel' | 'move' | 'message' | 'waitlist' | null;
  slots: Slots;
  pending: Pending;
  /** The choices of an *-options question: names, dates, or booking ids. */
  options: string[];
  offers: Offer[];
  /** A full day the receptionist offered the waiting list for (absent in conversations from before it). */
  waitlistDate?: string | null;
  chosen: Offer | null;
  /** How often a day-options question was answered without a choice (asked another way once, then each day offered). */
  dayAsked?: number;
  /** Which day a day-options question is about: the day wanted (or to move to), or the booking's own. */
  dayFor?: 'date' | 'bookingDate';
  /** The caller's own booking that overlaps the time chosen (book refused: already_booked), to move or to keep beside a new one. */
  overlap?: Made | null;
  /** The caller said the new booking is wanted as well (another person, another service): book passes `additional`. */
  additional?: boolean;
  /** Booking for more than one person: one booking at a time, counted. */
  party: { size: number; booked: number } | null;
  made: Made[];
  turns: number;
  ended: boolean;
  /** What was said, as a hosted agent's transcript: kept on the call's record when the call ends. */
  lines: TranscriptLine[];
}

export const emptySlots = (): Slots => ({
  service: null,
  stylist: null,
  date: null,
  time: null,
  partOfDay: null,
  soonest: false,
  name: null,
  phone: null,
  bookingDate: null,
  bookingId: null,
});

/** What a turn asks the receptionist about before anything can be booked. */
export interface Problems {
  service?: Turn['service'];
  stylist?: Turn['stylist'];
  day?: DayProblem;
}

/**
 * The turn's slots into the state, the last said winning. A changed service, stylist, day or
 * time drops the time chosen from an offer: it is checked again before anything is read back.
 */
export function applySlots(state: ConversationState, turn: Turn): Problems {
  const slots = state.slots;
  const problems: Problems = {};
  const before = JSON.stringify([slots.service, slots.stylist, slots.date, slots.time, slots.partOfDay]);
  if (turn.service?.kind === 'name') slots.service = turn.service.name;
  else if (turn.service) problems.service = turn.service;
  if (turn.stylist?.kind === 'name') slots.stylist = turn.stylist.name;
  else if (turn.stylist?.kind === 'anyone') slots.stylist = null;
  else if (turn.stylist) problems.stylist = turn.stylist;
  if (turn.day && 'date' in turn.day) {
    slots.date = turn.day.date;
    if (!turn.partOfDay && !turn.time) slots.partOfDay = null;
  } else if (turn.day) problems.day = turn.day.problem;
  if (turn.time) {
    slots.time = turn.time;
    slots.partOfDay = null;
  } else if (turn.partOfDay) {
    slots.partOfDay = turn.partOfDay;
    slots.time = null;
  }
  if (turn.soonest) slots.soonest = true;
  if (turn.name) slots.name = turn.name;
  if (turn.phone) slots.phone = turn.phone;
  if (turn.party && !state.party) state.party = { size: turn.party, booked: 0 };
  if (JSON.stringify([slots.service, slots.stylist, slots.date, slots.time, slots.partOfDay]) !== before) {
    state.chosen = null;
    state.offers = [];
  }
  return problems;
}

/** "Friday the 11th of December at eleven o'clock": a start (as the tools give it) read back in full. */
export function speakStart(start: string): string {
  const ms = fromWallClock(start);
  return `${speakFullDate(localDate(ms))} at ${speakTime(ms)}`;
}

/** The salon's wall-clock time (HH:MM) of a start as the tools give it: an offered slot's wall-clock time, or a booking's instant. */
export const clockOf = (start: string) => atInstant(fromWallClock(start)).toFormat('HH:mm');

/** A local date and time as an ISO start the tools take, or undefined when it is no real time. */
export function startOf(date: string, time: string): string | undefined {
  const local = localTime(date, time);
  return local.ok ? local.time.toISO({ suppressMilliseconds: true })! : undefined;
}

/** A conversation's dialogue as it was saved: the store files it by salon and id and gives back whole what `put` wrote. */
export async function loadDialogue(store: Pick<ConversationStore, 'get'>, salonId: string, conversationId: string): Promise<ConversationState | null> {
  return (await store.get(salonId, conversationId)) as ConversationState | null;
}
