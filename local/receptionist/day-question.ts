import { BOOKING_RULES } from '../../functions/contracts/agent-tools.js';
import { speakList, speakTime } from '../../functions/core/booking/speak.js';
import { fromWallClock, localDate, MINUTE, openingOn } from '../../functions/core/booking/time.js';
import { speakFullDate, whichOfTwo, type DayProblem } from './days.js';
import type { Offer } from './dialogue.js';
import type { Turn } from './hear.js';
import type { Context } from './tool-call.js';

/**
 * A day the caller said that cannot be taken as said, asked about once in words a caller can
 * answer; an answer that does not choose is asked another way once, and then each day is offered
 * with a time (booking-flow.ts) or, for a booking to change, the day is left to the tools. The same
 * question is never asked three times.
 *
 * Today's weekday said today ("Saturday", on a Saturday) may be today: while today has time left
 * it is asked ("Today, or next Saturday the 5th?"); once today is over it is next week's, unasked.
 */
/** The later or the sooner of two days, when the turn says which ("next week", "today"). */
export const laterOrSooner = (turn: Turn) => whichOfTwo(turn.text);

/** Whether today can still be booked: open, with time before closing for the service (and the time said, if any, still ahead). */
export function todayHasTime(ctx: Context, time: string | null): boolean {
  const hours = ctx.hours;
  if (!hours) return true;
  const today = localDate(ctx.now);
  const opening = openingOn(hours, today);
  if (!opening) return false;
  const earliest = ctx.now + BOOKING_RULES.minNoticeMinutes * MINUTE;
  if (time) {
    const at = fromWallClock(`${today}T${time}`);
    return at >= earliest && at < opening.close;
  }
  return earliest + 30 * MINUTE <= opening.close;
}

/** A problem that needs no question: today's weekday once today is over is next week's. */
export function settledDay(ctx: Context, problem: DayProblem, time: string | null): string | undefined {
  return problem.kind === 'today' && !todayHasTime(ctx, time) ? problem.options[1] : undefined;
}

/** "Today, or next Saturday the 5th?": the day said (a weekday, with the date that says which week). */
const nextOne = (date: string) => speakFullDate(date).replace(/ of \w+$/, '');

/** The first question about a day; the options it offers are kept to be picked from. */
export function askDay(ctx: Context, problem: DayProblem, slot: 'date' | 'bookingDate' = 'date'): string {
  const { state } = ctx;
  state.dayAsked = 0;
  state.dayFor = slot;
  if (problem.kind === 'past' || problem.kind === 'vague') {
    state.pending = 'day';
    return problem.kind === 'past'
      ? `${speakFullDate(problem.date)} has gone by already. Which day would suit you?`
      : `Which day ${/week/.test(problem.said) ? problem.said : 'exactly'} would suit you?`;
  }
  state.pending = 'day-options';
  state.options = problem.options;
  const [first, second] = problem.options.map(speakFullDate);
  if (problem.kind === 'today') return `Today, or next ${nextOne(problem.options[1])}?`;
  if (problem.kind === 'contradiction')
    return `Just to check: the ${first!.replace(/^\w+ the /, '')} is a ${first!.split(' ')[0]}. Did you mean ${first} or ${second}?`;
  return `Do you mean ${first} or ${second}?`;
}

/** The same question asked another way, after an answer that did not choose. */
export function askDayAgain(ctx: Context): string {
  const [first, second] = ctx.state.options as [string, string];
  const today = localDate(ctx.now);
  ctx.state.dayAsked = (ctx.state.dayAsked ?? 0) + 1;
  if (first === today) return `Sorry, I mean: would you like to come in today, or a week today, ${speakFullDate(second)}?`;
  return `Sorry, which of the two days would suit you: ${speakFullDate(first)}, or ${speakFullDate(second)}?`;
}

/** Which of the days offered the turn picks: by its date, today or next week, its weekday alone, or its place. */
export function pickDay(options: readonly string[], turn: Turn): string | undefined {
  const said = turn.day && 'date' in turn.day ? turn.day.date : undefined;
  if (said && options.includes(said)) return said;
  const sorted = [...options].sort();
  if (options.length === 2 && !said) {
    const which = laterOrSooner(turn);
    if (which) return which === 'later' ? sorted[1] : sorted[0];
  }
  const weekday = /\b(mon|tues|wednes|thurs|fri|satur|sun)day\b/i.exec(turn.text)?.[0].toLowerCase();
  const byWeekday = options.filter(
    (date) => weekday && new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }).toLowerCase() === weekday,
  );
  if (byWeekday.length === 1) return byWeekday[0];
  return turn.place !== undefined ? options.at(turn.place) : undefined;
}

/** Each day offered with its first time or two, to pick from: "ten o'clock today, or ten o'clock on Saturday the 5th of December". */
export function offerEach(offers: Offer[], today: string): string {
  const spoken = offers.map((offer) => {
    const date = localDate(fromWallClock(offer.start));
    return `${speakTime(fromWallClock(offer.start))} ${date === today ? 'today' : `on ${speakFullDate(date)}`}`;
  });
  return `I can do ${speakList(spoken, 'or')}. Which would suit you?`;
}
