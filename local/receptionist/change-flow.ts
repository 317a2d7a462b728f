import { speakClock, withArticle } from '../../functions/core/booking/speak.js';
import { fromWallClock, localDate } from '../../functions/core/booking/time.js';
import { askDay, settledDay } from './day-question.js';
import { speakFullDate, type DayProblem } from './days.js';
import { speakStart, startOf } from './dialogue.js';
import type { Turn } from './hear.js';
import { callTool, phoneOf, reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * Cancelling and moving a booking as flows of their own: find which booking (the caller's
 * number, and the day it is on when they say it, or the one booked or moved in this call), read
 * it back, and only on a clear yes call `cancel` or `reschedule` (a move is never a second
 * booking). With no day said the tools find the caller's one upcoming booking; several → the
 * caller picks one, and it is read back again.
 */
const ANOTHER_WORD = /\b(to|till|until|instead|for)\s+(the\s+)?$/;
const BOOKED_FOR = /\b(booked|booking|appointment|in)\s+(in\s+)?(for|on)\s+(the\s+)?$/;

const refersToThisCall = (ctx: Context, turn: Turn) =>
  ctx.state.made.length > 0 && /\b(that|it|this)\b/i.test(turn.text) && !/\b(my|the)\s+(\w+\s+){0,2}(appointment|booking)\b/i.test(turn.text);

function resetChange(ctx: Context, task: 'cancel' | 'move', turn: Turn, last: boolean) {
  const { state } = ctx;
  state.task = task;
  state.chosen = null;
  state.offers = [];
  Object.assign(state.slots, { bookingId: null, bookingDate: null, date: null, time: null, stylist: null });
  if (turn.phone) state.slots.phone = turn.phone;
  const made = last || refersToThisCall(ctx, turn) ? state.made.at(-1) : undefined;
  if (made) {
    state.slots.bookingId = made.id;
    state.slots.bookingDate = localDate(fromWallClock(made.start));
  }
}

/** The booking to change, as the caller will hear it. */
function which(ctx: Context): string {
  const { slots, made } = ctx.state;
  const known = made.find((booking) => booking.id === slots.bookingId);
  if (known) return `your ${known.service} on ${speakStart(known.start)}`;
  const chosen = ctx.state.offers.find((offer) => offer.bookingId === slots.bookingId);
  if (chosen) return `your booking on ${chosen.spoken.replace(/^on /, '')}`;
  if (!slots.bookingDate || slots.bookingDate === 'next') return `your booking under ${phoneOf(ctx.state)}`;
  return `your booking on ${speakFullDate(slots.bookingDate)}, under ${phoneOf(ctx.state)}`;
}

/** The number the booking is under; the day it is on only for a move to a time with no day ("change it to 4"). */
function missing(ctx: Context): TurnAnswer | undefined {
  const { state } = ctx;
  const slots = state.slots;
  if (!phoneOf(state)) {
    state.pending = 'phone';
    return reply('Of course. What number is the booking under?');
  }
  if (state.task === 'move' && !slots.bookingDate && !slots.bookingId && !slots.date && slots.time) {
    state.pending = 'booking-day';
    return reply('And which day is your booking on now?');
  }
  return undefined;
}

/** A day said about a booking to change: a whole week ("I'm away that weekend") is a reason, not the booking's day; today over is next week's. */
function changeDay(ctx: Context, problem: DayProblem, slot: 'date' | 'bookingDate'): TurnAnswer | 'ignored' | undefined {
  if (problem.kind === 'vague' || (problem.kind === 'past' && slot === 'bookingDate')) return 'ignored';
  const settled = settledDay(ctx, problem, slot === 'date' ? ctx.state.slots.time : null);
  if (settled) {
    ctx.state.slots[slot] = settled;
    return undefined;
  }
  return reply(askDay(ctx, problem, slot));
}

export function startCancel(ctx: Context, turn: Turn): TurnAnswer {
  resetChange(ctx, 'cancel', turn, false);
  const slots = ctx.state.slots;
  for (const said of turn.days) {
    if (slots.bookingId) break;
    if ('date' in said.value) slots.bookingDate = said.value.date;
    else {
      const asked = changeDay(ctx, said.value.problem, 'bookingDate');
      if (asked && asked !== 'ignored') return asked;
    }
  }
  return continueCancel(ctx);
}

export function continueCancel(ctx: Context): TurnAnswer {
  const ask = missing(ctx);
  if (ask) return ask;
  ctx.state.pending = 'confirm-cancel';
  return reply(`Just to be sure: you'd like me to cancel ${which(ctx)}. Shall I cancel it?`);
}

export async function cancelBooking(ctx: Context): Promise<TurnAnswer> {
  const { state } = ctx;
  const { bookingId, bookingDate } = state.slots;
  const answer = await callTool(ctx, 'cancel', {
    callerPhone: phoneOf(state),
    ...(bookingId ? { bookingId } : bookingDate && bookingDate !== 'next' ? { date: bookingDate } : {}),
  });
  return settled(ctx, answer);
}

/**
 * "Move my Friday appointment to Saturday": the first day is the booking's, a day after "to" the
 * new one. `last`: the booking this call made or moved last ("no wait, I said half two").
 */
export function startMove(ctx: Context, turn: Turn, last = false): TurnAnswer {
  resetChange(ctx, 'move', turn, last);
  const slots = ctx.state.slots;
  const days = turn.days.filter((said) => !('problem' in said.value && said.value.problem.kind === 'vague'));
  const lower = turn.text.toLowerCase();
  const to =
    days.length > 1 ||
    (days.length === 1 && (slots.bookingId || (ANOTHER_WORD.test(lower.slice(0, days[0]!.index)) && !BOOKED_FOR.test(lower.slice(0, days[0]!.index)))))
      ? days.at(-1)
      : undefined;
  const from = days.length > 1 || (days.length === 1 && !to) ? days[0] : undefined;
  // A time said right after the booking's day ("booked for tomorrow at 2") is the booking's own time; one after "to" is the new one.
  const own = (time: { index: number }) =>
    from !== undefined && time.index >= from.end && /^[\s,]*(at\s+)?$/.test(lower.slice(from.end, time.index)) && time.index - from.end < 5;
  const times = turn.times.filter((time) => !own(time));
  if (times.length) slots.time = times.at(-1)!.value;
  if (turn.stylist?.kind === 'name') slots.stylist = turn.stylist.name;
  for (const [said, slot] of [
    [from, 'bookingDate'],
    [to, 'date'],
  ] as const) {
    if (!said) continue;
    if ('date' in said.value) slots[slot] = said.value.date;
    else {
      const asked = changeDay(ctx, said.value.problem, slot);
      if (asked && asked !== 'ignored') return asked;
    }
  }
  return continueMove(ctx);
}

export function continueMove(ctx: Context): TurnAnswer {
  const ask = missing(ctx);
  if (ask) return ask;
  const { state } = ctx;
  const slots = state.slots;
  if (!slots.date && slots.time && slots.bookingDate !== 'next') slots.date = slots.bookingDate;
  if (!slots.date || !slots.time) {
    state.pending = 'new-time';
    return reply(slots.date ? `What time on ${speakFullDate(slots.date)} would suit you?` : 'When would you like to move it to?');
  }
  state.pending = 'confirm-move';
  const [hour, minute] = slots.time.split(':').map(Number) as [number, number];
  return reply(
    `So I'll move ${which(ctx)} to ${speakFullDate(slots.date)} at ${speakClock(hour, minute)}${slots.stylist ? ` with ${slots.stylist}` : ''}. Shall I do that?`,
  );
}

export async function moveBooking(ctx: Context): Promise<TurnAnswer> {
  const { state } = ctx;
  const { bookingId, bookingDate, date, time, stylist } = state.slots;
  const newStart = startOf(date!, time!);
  if (!newStart) {
    state.pending = 'new-time';
    return reply("Sorry, that time doesn't exist on that day. What time would suit you?");
  }
  const answer = await callTool(ctx, 'reschedule', {
    callerPhone: phoneOf(state),
    newStart: newStart.slice(0, 16),
    ...(bookingId ? { bookingId } : bookingDate && bookingDate !== 'next' ? { date: bookingDate } : {}),
    ...(stylist ? { stylist } : {}),
  });
  return settled(ctx, answer);
}

/** A cancel or move answered: done, or which booking, or other times, or why not. */
function settled(ctx: Context, answer: Awaited<ReturnType<typeof callTool>>): TurnAnswer {
  const { state } = ctx;
  const choices = (answer.bookings as { id: string; start: string; spoken: string; service: string }[] | undefined) ?? [];
  if (!answer.ok && answer.code === 'which_booking' && choices.length) {
    state.offers = choices.map((booking) => ({
      start: booking.start,
      spoken: `${withArticle(booking.service)} ${booking.spoken}`,
      bookingId: booking.id,
      service: booking.service,
    }));
    state.pending = 'booking-options';
    return reply(answer.say);
  }
  const alternatives = (answer.alternatives as { start: string; spoken: string }[] | undefined) ?? [];
  if (!answer.ok && state.task === 'move' && alternatives.length) {
    state.offers = alternatives.map((slot) => ({ start: slot.start, spoken: slot.spoken }));
    state.pending = 'offers';
    return reply(answer.say);
  }
  if (answer.ok) {
    const moved = answer.booking as { id: string; service: string; start: string; end: string } | undefined;
    const made = state.made.find((booking) => booking.id === state.slots.bookingId);
    // A booking moved is the one "no wait, I said half two" or "move that" means next, whether this call made it or not.
    if (moved && state.task === 'move')
      state.made = [...state.made.filter((booking) => booking !== made), { id: moved.id, service: moved.service, start: moved.start, end: moved.end }];
    else if (made) state.made = state.made.filter((booking) => booking !== made);
  }
  state.task = null;
  state.pending = 'nothing';
  state.offers = [];
  Object.assign(state.slots, { bookingId: null, bookingDate: null, date: null, time: null });
  return reply(`${answer.say}${answer.ok ? ' Is there anything else I can help with?' : ''}`);
}
