import { fromWallClock, localDate } from '../../functions/core/booking/time.js';
import { continueBooking, offersOf } from './booking-flow.js';
import { askDay, askDayAgain, offerEach, pickDay, settledDay } from './day-question.js';
import type { DayProblem } from './days.js';
import { applySlots } from './dialogue.js';
import type { Turn } from './hear.js';
import { resume } from './resume.js';
import { callTool, reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * The answer to a question about a day (day-question.ts asks it): the day picked goes where the
 * question was about (the day wanted, or the booking's own); another day said instead is taken; an
 * answer that does not choose gets the question another way once, then each day offered with a
 * time to pick from (a booking), or the day left to the tools (a booking to change: they find the
 * caller's one booking, or ask which).
 */

/** A day said that needs a question, for `slot`: settled without one where it can be (today over). */
export function answerDayProblem(ctx: Context, problem: DayProblem, slot: 'date' | 'bookingDate'): Promise<TurnAnswer> | TurnAnswer {
  const settled = settledDay(ctx, problem, ctx.state.slots.time);
  if (!settled) return reply(askDay(ctx, problem, slot));
  ctx.state.slots[slot] = settled;
  return resume(ctx);
}

/** The question asks about the turn's day when it asks for nothing else (a cancel, a person, a price…). */
const asksElse = (turn: Turn) => [...turn.asks].some((ask) => ask !== 'book');

export async function answerDayOptions(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  const slot = state.dayFor ?? (state.task === 'cancel' || (state.task === 'move' && !state.slots.bookingDate) ? 'bookingDate' : 'date');
  const picked = pickDay(state.options, turn) ?? (turn.day && 'date' in turn.day ? turn.day.date : undefined);
  if (!picked) {
    if (asksElse(turn)) return undefined;
    if (turn.day && 'problem' in turn.day && !sameOptions(turn.day.problem, state.options)) return answerDayProblem(ctx, turn.day.problem, slot);
    // Whatever else it said (a time, a stylist) is kept; the day is asked another way, then each day offered.
    if (state.task === 'book') applySlots(state, { ...turn, day: undefined, days: [] });
    if ((state.dayAsked ?? 0) === 0) return reply(askDayAgain(ctx));
    return chooseForThem(ctx, slot);
  }
  state.pending = 'nothing';
  state.dayAsked = 0;
  state.slots[slot] = picked;
  if (state.task === 'book' && slot === 'date') {
    // The answer is about the day: "today, it's for a do tonight" keeps the ten o'clock asked for (only another clock time changes it).
    const keepTime = state.slots.time && !turn.time ? { partOfDay: undefined } : {};
    return continueBooking(ctx, applySlots(state, { ...turn, day: { date: picked }, ...keepTime }));
  }
  return resume(ctx);
}

const sameOptions = (problem: DayProblem, options: readonly string[]) => 'options' in problem && problem.options.every((date) => options.includes(date));

/** Asked twice and still no choice: each day offered with its first time (a booking), or the day left to the tools. */
async function chooseForThem(ctx: Context, slot: 'date' | 'bookingDate'): Promise<TurnAnswer> {
  const { state } = ctx;
  const slots = state.slots;
  state.dayAsked = 0;
  if (slot === 'bookingDate') {
    slots.bookingDate = null;
    return resume(ctx);
  }
  if (state.task !== 'book' || !slots.service) {
    state.pending = 'day';
    return reply(`No problem. Which date would suit you? You could say the ${state.options.map((date) => date.slice(8).replace(/^0/, '')).join(' or the ')}.`);
  }
  const query = {
    service: slots.service,
    ...(slots.stylist ? { stylist: slots.stylist } : {}),
    ...(slots.time ? { time: slots.time } : {}),
    ...(slots.partOfDay ? { partOfDay: slots.partOfDay } : {}),
  };
  const answers = await Promise.all(state.options.map((date) => callTool(ctx, 'check-availability', { ...query, date })));
  state.offers = answers.flatMap((answer, index) =>
    answer.ok
      ? offersOf(answer)
          .filter((offer) => localDate(fromWallClock(offer.start)) === state.options[index])
          .slice(0, 1)
      : [],
  );
  if (!state.offers.length) {
    state.pending = 'day';
    return reply("Sorry, there's nothing free on either of those days. Would another day suit you?");
  }
  state.pending = 'offers';
  return reply(offerEach(state.offers, localDate(ctx.now)));
}
