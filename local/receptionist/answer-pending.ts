import { answerWaitlist } from './waitlist-flow.js';
import { fromWallClock, localDate } from '../../functions/core/booking/time.js';
import { askForMessage, takeMessage } from './answers.js';
import { book, continueBooking, nextPerson, pickOffer } from './booking-flow.js';
import { cancelBooking, continueCancel, continueMove, moveBooking } from './change-flow.js';
import { resume } from './resume.js';
import { bareHourIn } from './clock-times.js';
import { answerDayOptions, answerDayProblem } from './day-answer.js';
import { applySlots, clockOf, type Offer } from './dialogue.js';
import { namesBookingSlots, type Turn } from './hear.js';
import { matchName } from './match.js';
import { answerOverlap } from './overlap-flow.js';
import { nameAnswer } from './understand.js';
import { reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * A turn read first as the answer to what the receptionist last asked (dialogue.ts `pending`):
 * a name, a number, one of the options or offered times, a yes or no to a read-back. A turn that
 * answers none of it, or asks for something else, is left to the receptionist's dispatch.
 */

/** The caller's name in a turn that answers "can I take your name?", a number said with it aside. */
const nameOf = (turn: Turn) => turn.name ?? nameAnswer(turn.phone ? turn.text.replace(turn.phone, '') : turn.text);
const nothingElse = (turn: Turn) => !namesBookingSlots(turn) && turn.asks.size === 0;
const DONT_KNOW = /\b(don'?t know|not sure|no idea|can'?t remember|dunno|the next one)\b/i;

/** The turn read as the answer to what was last asked; undefined when it asks something else. */
export async function answerPending(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  const slots = state.slots;
  switch (state.pending) {
    case 'name': {
      const name = nameOf(turn);
      if (!name) return nothingElse(turn) ? reply("Sorry, I didn't catch your name. Could you say it again?") : undefined;
      slots.name = name;
      if (turn.phone) slots.phone = turn.phone;
      return resume(ctx);
    }
    case 'phone':
      if (!turn.phone) return nothingElse(turn) ? reply("Sorry, I didn't catch the number. Could you say it again?") : undefined;
      slots.phone = turn.phone;
      return resume(ctx);
    case 'message':
      return takeMessage(ctx, turn.said);
    case 'waitlist':
      // Not an answer to the waiting list: read again as a pick of the other times offered.
      return (await answerWaitlist(ctx, turn)) ?? answerPending(ctx, turn);
    case 'offer-message':
      state.pending = 'nothing';
      return turn.yes ? askForMessage(ctx, turn) : undefined;
    case 'booking-day':
      return answerBookingDay(ctx, turn);
    case 'service-options':
    case 'stylist-options':
      return answerNameOptions(ctx, turn);
    case 'day-options':
      return answerDayOptions(ctx, turn);
    case 'offers':
    case 'booking-options':
      return answerOffers(ctx, turn);
    case 'confirm-booking':
    case 'confirm-cancel':
    case 'confirm-move':
      return confirm(ctx, turn);
    case 'confirm-overlap':
      return answerOverlap(ctx, turn);
    case 'next-person':
      return nextPerson(ctx, turn);
    case 'time':
    case 'new-time':
      return answerTime(ctx, turn);
    default:
      return undefined;
  }
}

function answerBookingDay(ctx: Context, turn: Turn): Promise<TurnAnswer> | TurnAnswer | undefined {
  const slots = ctx.state.slots;
  if (turn.day && 'problem' in turn.day) return answerDayProblem(ctx, turn.day.problem, 'bookingDate');
  if (turn.day) slots.bookingDate = turn.day.date;
  else if (DONT_KNOW.test(turn.text)) slots.bookingDate = 'next';
  else return nothingElse(turn) ? reply('Sorry, which day is the booking on?') : undefined;
  return resume(ctx);
}

function answerNameOptions(ctx: Context, turn: Turn): Promise<TurnAnswer> | undefined {
  const { state } = ctx;
  const stylists = state.pending === 'stylist-options';
  if (stylists && turn.stylist?.kind === 'anyone') return chose(ctx, turn, 'stylist', null);
  const named = matchName(turn.text, state.options);
  const picked =
    named?.kind === 'name'
      ? named.name
      : turn.place !== undefined
        ? state.options.at(turn.place)
        : turn.yes && state.options.length === 1
          ? state.options[0]
          : undefined;
  return picked ? chose(ctx, turn, stylists ? 'stylist' : 'service', picked) : undefined;
}

async function answerOffers(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  const slots = state.slots;
  const picked = (state.pending === 'booking-options' ? bookingByService(state.offers, turn) : undefined) ?? pickOffer(state.offers, turn);
  if (picked && picked !== 'new') {
    if (state.pending === 'booking-options') {
      slots.bookingId = picked.bookingId ?? null;
      return resume(ctx);
    }
    if (state.task === 'move') {
      slots.date = localDate(fromWallClock(picked.start));
      slots.time = clockOf(picked.start);
      return continueMove(ctx);
    }
    state.chosen = picked;
    return continueBooking(ctx);
  }
  // Within a move, a time or day said changes the move ("Half two is perfect" when two o'clock was offered), never a new booking.
  if (
    state.task === 'move' &&
    state.pending === 'offers' &&
    (turn.time || turn.day) &&
    !turn.service &&
    ![...turn.asks].some((ask) => ask !== 'book' && ask !== 'move')
  ) {
    return changeMove(ctx, turn);
  }
  if (picked === 'new' || !nothingElse(turn)) return undefined;
  // A name given to "Shall I book it?" is a yes to the one time offered.
  const name = state.pending === 'offers' && state.offers.length === 1 && state.task === 'book' && !turn.no ? nameOf(turn) : undefined;
  if (name) {
    state.chosen = state.offers[0]!;
    slots.name = name;
    if (turn.phone) slots.phone = turn.phone;
    return continueBooking(ctx);
  }
  if (turn.no) {
    state.pending = 'day';
    state.offers = [];
    return reply('No problem. Would another day or time suit you?');
  }
  return reply(state.pending === 'booking-options' ? 'Sorry, which booking do you mean?' : 'Which of those times would suit you?');
}

/** "The gents cut": the one booking of those offered with the service named (a name is no new booking here). */
function bookingByService(offers: Offer[], turn: Turn): Offer | undefined {
  const named = matchName(turn.text, [...new Set(offers.flatMap((offer) => (offer.service ? [offer.service] : [])))]);
  const matching = named?.kind === 'name' ? offers.filter((offer) => offer.service === named.name) : [];
  return matching.length === 1 ? matching[0] : undefined;
}

/** A move's day or time said again: the move waiting to be read back changes, the same booking. */
function changeMove(ctx: Context, turn: Turn): Promise<TurnAnswer> | TurnAnswer {
  const slots = ctx.state.slots;
  if (turn.day && 'problem' in turn.day) return answerDayProblem(ctx, turn.day.problem, 'date');
  if (turn.day) slots.date = turn.day.date;
  if (turn.time) slots.time = turn.time;
  ctx.state.offers = [];
  return continueMove(ctx);
}

function answerTime(ctx: Context, turn: Turn): Promise<TurnAnswer> | TurnAnswer | undefined {
  const { state } = ctx;
  const slots = state.slots;
  const previous = state.made.at(-1);
  const bare = turn.time
    ? undefined
    : previous && turn.sameTime
      ? clockOf(previous.start)
      : previous && turn.rightAfter
        ? clockOf(previous.end)
        : bareHourIn(turn.text);
  if (state.task === 'move') {
    if (turn.day && 'problem' in turn.day) return answerDayProblem(ctx, turn.day.problem, 'date');
    if (turn.day) slots.date = turn.day.date;
    if (turn.time ?? bare) slots.time = (turn.time ?? bare)!;
    return continueMove(ctx);
  }
  if (bare) {
    slots.time = bare;
    slots.partOfDay = null;
    state.chosen = null;
  }
  return undefined;
}

async function chose(ctx: Context, turn: Turn, slot: 'service' | 'stylist', value: string | null): Promise<TurnAnswer> {
  const { state } = ctx;
  state.pending = 'nothing';
  const problems = applySlots(state, { ...turn, service: undefined, stylist: undefined });
  state.slots[slot] = value;
  state.chosen = null;
  return continueBooking(ctx, { ...problems, [slot]: undefined });
}

/** A read-back answered: a clear yes acts; a reply that names something changes it and reads back again; a no stops. */
async function confirm(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  const kind = state.pending;
  if (turn.yes) return kind === 'confirm-booking' ? book(ctx) : kind === 'confirm-cancel' ? cancelBooking(ctx) : moveBooking(ctx);
  if (kind === 'confirm-booking' && (namesBookingSlots(turn) || turn.phone || turn.name)) return undefined;
  if (kind === 'confirm-move' && (turn.day || turn.time)) return changeMove(ctx, turn);
  if (kind === 'confirm-cancel' && turn.day && 'date' in turn.day) {
    state.slots.bookingDate = turn.day.date;
    state.slots.bookingId = null;
    return continueCancel(ctx);
  }
  if (turn.no || turn.hedged || turn.asks.has('cancel') || turn.asks.has('goodbye')) {
    if (!turn.no && !turn.asks.has('cancel') && !turn.asks.has('goodbye'))
      return reply(`Sorry, is that a yes? ${kind === 'confirm-booking' ? 'Shall I book it?' : 'Shall I go ahead?'}`);
    state.pending = kind === 'confirm-booking' ? 'day' : 'nothing';
    state.chosen = null;
    if (kind === 'confirm-booking') return reply("No problem, I won't book that. Would another day or time suit you?");
    state.task = null;
    return reply(
      kind === 'confirm-cancel'
        ? "No problem, I haven't cancelled anything. Is there anything else I can help with?"
        : "No problem, I've left your booking as it is. Is there anything else I can help with?",
    );
  }
  return reply(`Sorry, I just need a yes or a no. ${kind === 'confirm-booking' ? 'Shall I book it?' : 'Shall I go ahead?'}`);
}
