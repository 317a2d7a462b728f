import { speakList, withArticle } from '../../functions/core/booking/speak.js';
import { fromWallClock, localDate } from '../../functions/core/booking/time.js';
import { bareHourIn } from './clock-times.js';
import { askDay, laterOrSooner, settledDay } from './day-question.js';
import { applySlots, clockOf, speakStart, type Made, type Offer, type Problems } from './dialogue.js';
import type { Turn } from './hear.js';
import { callTool, phoneOf, reply, type Context, type ToolReply, type TurnAnswer } from './tool-call.js';
import { fullDayOf } from './waitlist-flow.js';

/**
 * A booking, step by step: ask about anything unclear first (a service or stylist that was not
 * quite named, a day that contradicts itself), then the service, a day, the times free, a name,
 * a number, and a read-back of the whole date; only a clear yes books. More than one person is
 * booked one at a time, each counted and said.
 */
type OfferedSlots = { slots?: { start: string; spoken: string; stylists: { name: string }[] }[]; alternatives?: OfferedSlots['slots'] };

const NTH = ['first', 'second', 'third', 'fourth'];
const COUNT = ['none', 'one', 'two', 'three', 'four'];

export function offersOf(answer: ToolReply): Offer[] {
  const slots = (answer as OfferedSlots).slots ?? (answer as OfferedSlots).alternatives ?? [];
  return slots.map((slot) => ({ start: slot.start, spoken: slot.spoken, ...(slot.stylists.length === 1 ? { stylist: slot.stylists[0]!.name } : {}) }));
}

/** A question about what was not quite said, or undefined when all is clear. */
export function askAbout(ctx: Context, problems: Problems): string | undefined {
  const { state, names } = ctx;
  const { service, stylist, day } = problems;
  if (service?.kind === 'options') {
    state.pending = 'service-options';
    state.options = service.options.slice(0, 4);
    return `Would that be ${speakList(state.options.map(withArticle), 'or')}?`;
  }
  if (service?.kind === 'unknown') {
    state.pending = 'service';
    // "eyebrow waxing" and "perms" take no article; "an acrylic", "a beard trim".
    const said = /(ing|s)$/i.test(service.said) ? service.said : withArticle(service.said);
    return `Sorry, we don't do ${said} here. We do ${speakList([...names.services.slice(0, 5), 'more'])}. Which would you like?`;
  }
  if (stylist?.kind === 'options') {
    state.pending = 'stylist-options';
    state.options = stylist.options;
    return `Sorry, did you mean ${speakList(stylist.options, 'or')}?`;
  }
  if (stylist?.kind === 'unknown') {
    state.pending = 'stylist-options';
    state.options = [...names.stylists];
    return `Sorry, there's no ${stylist.said} here. Our stylists are ${speakList([...names.stylists])}. Would one of them suit, or anyone at all?`;
  }
  return day ? askDay(ctx, day) : undefined;
}

export async function continueBooking(ctx: Context, problems: Problems = {}, lead = ''): Promise<TurnAnswer> {
  const { state } = ctx;
  const slots = state.slots;
  state.task = 'book';
  const say = (text: string) => reply(`${lead}${text}`);
  const settled = problems.day && settledDay(ctx, problems.day, slots.time);
  if (settled) {
    slots.date = settled;
    problems = { ...problems, day: undefined };
  }
  const question = askAbout(ctx, problems);
  if (question) return say(question);
  if (!slots.service) {
    state.pending = 'service';
    return say(`Which service would you like? We do ${speakList([...ctx.names.services.slice(0, 5), 'more'])}.`);
  }
  if (!state.chosen) {
    // No day said: asked, never taken to be today (a day the caller said but was not understood must not become today).
    if (!slots.date && !slots.soonest) {
      state.pending = 'day';
      return say(`What day would suit you for ${withArticle(slots.service)}?`);
    }
    const answer = await callTool(ctx, 'check-availability', {
      service: slots.service,
      ...(slots.stylist ? { stylist: slots.stylist } : {}),
      ...(slots.date ? { date: slots.date } : {}),
      ...(slots.time ? { time: slots.time } : {}),
      ...(slots.partOfDay ? { partOfDay: slots.partOfDay } : {}),
    });
    state.offers = answer.ok ? offersOf(answer) : [];
    state.waitlistDate = answer.ok ? fullDayOf(answer) : null;
    state.pending = state.waitlistDate ? 'waitlist' : state.offers.length ? 'offers' : 'day';
    return say(answer.say);
  }
  const next = state.party && state.party.booked > 0 ? (NTH[state.party.booked] ?? 'next') : undefined;
  if (!slots.name) {
    state.pending = 'name';
    return say(next ? `And what name is the ${next} one under?` : state.additional ? 'And what name is that one under?' : 'Lovely. Can I take your name?');
  }
  if (!phoneOf(state)) {
    state.pending = 'phone';
    return say("And what's the best number to reach you on?");
  }
  state.pending = 'confirm-booking';
  const chosen = state.chosen;
  const stylist = chosen.stylist ?? slots.stylist;
  return say(
    `So that's ${withArticle(slots.service)} on ${speakStart(chosen.start)}${stylist ? ` with ${stylist}` : ''}, for ${slots.name} on ${phoneOf(state)}. Shall I book it?`,
  );
}

/** What a turn makes of the offers: one of them, 'new' when it asks for another, undefined while it is not clear. */
type Picked = Offer | 'new' | undefined;

const dayOf = (offer: Offer) => localDate(fromWallClock(offer.start));

/**
 * The offer a turn picks: by day and time, time, place, or a yes to the only one; 'new' when it
 * asks for another. A day that could be either of two ("Monday" said on a Monday) is the one of
 * them that was offered; of offers on two days, "today" or "next week" says which.
 */
export function pickOffer(offers: Offer[], turn: Turn): Picked {
  if (turn.service || turn.stylist) return 'new';
  const day = dayPicked(offers, turn);
  if ('settled' in day) return day.settled;
  const candidates = day.date ? offers.filter((offer) => dayOf(offer) === day.date) : offers;
  if (day.date && !candidates.length) return 'new';
  const time = turn.time ?? bareHourIn(turn.text);
  if (time) return pickAtTime(candidates, time);
  return pickByPlaceOrYes(candidates, turn, day.date);
}

/**
 * The one day of the offers' a turn means (none when it names no day), or what the turn comes
 * to when it means none or several: another offer, or, a vague day between two offered, not clear yet.
 */
function dayPicked(offers: Offer[], turn: Turn): { date: string | undefined } | { settled: Picked } {
  const offered = [...new Set(offers.map(dayOf))].sort();
  const problem = turn.day && 'problem' in turn.day ? turn.day.problem : undefined;
  const which = offered.length === 2 && turn.place === undefined ? laterOrSooner(turn) : undefined;
  if (!turn.day && !which) return { date: undefined };
  const dates = datesMeant(turn, offered, which);
  if (dates.length === 1) return { date: dates[0] };
  return { settled: problem?.kind === 'vague' && which ? undefined : 'new' };
}

/** The days a turn may mean: the day it named, the offered ones of a day it left open, or the sooner or later of two offered. */
function datesMeant(turn: Turn, offered: readonly string[], which: ReturnType<typeof laterOrSooner>): string[] {
  if (turn.day && 'date' in turn.day) return [turn.day.date];
  if (turn.day && 'options' in turn.day.problem) return turn.day.problem.options.filter((date) => offered.includes(date));
  if (which) return [which === 'later' ? offered[1]! : offered[0]!];
  return [];
}

/** A time said picks the one offer at it; two at it are not clear yet; none at it asks for another. */
function pickAtTime(candidates: readonly Offer[], time: string): Picked {
  const atTime = candidates.filter((offer) => clockOf(offer.start) === time);
  return atTime.length === 1 ? atTime[0] : atTime.length ? undefined : 'new';
}

/** Without a time: "the second one", or a yes (or the day alone) when only one offer is left. */
function pickByPlaceOrYes(candidates: readonly Offer[], turn: Turn, date: string | undefined): Picked {
  if (turn.place !== undefined) return candidates.at(turn.place);
  if ((turn.yes || date) && candidates.length === 1) return candidates[0];
  return undefined;
}

export async function book(ctx: Context): Promise<TurnAnswer> {
  const { state } = ctx;
  const slots = state.slots;
  const chosen = state.chosen!;
  const stylist = chosen.stylist ?? slots.stylist;
  const answer = await callTool(ctx, 'book', {
    service: slots.service,
    ...(stylist ? { stylist } : {}),
    start: chosen.start,
    callerName: slots.name,
    callerPhone: phoneOf(state),
    // The second of a party, or a booking the caller said is wanted as well.
    ...(state.additional || (state.party && state.party.booked > 0) ? { additional: true } : {}),
  });
  state.additional = false;
  // The caller already has a booking then: its sentence offers to move it (overlap-flow.ts), the time chosen kept for that.
  if (!answer.ok && answer.code === 'already_booked') {
    const existing = answer.existing as Made;
    state.overlap = { id: existing.id, service: existing.service, start: existing.start, end: existing.end };
    state.pending = 'confirm-overlap';
    return reply(answer.say);
  }
  state.chosen = null;
  if (!answer.ok) {
    state.offers = offersOf(answer);
    state.pending = state.offers.length ? 'offers' : 'nothing';
    return reply(answer.say);
  }
  const booking = answer.booking as { id: string; start: string; end: string };
  state.made.push({ id: booking.id, service: slots.service!, start: booking.start, end: booking.end });
  state.offers = [];
  const party = state.party;
  if (party && (party.booked += 1) < party.size) {
    state.pending = 'next-person';
    return reply(
      `${answer.say} That's the ${NTH[party.booked - 1]} of the ${COUNT[party.size] ?? party.size} booked. Shall I book the ${NTH[party.booked]} one now?`,
    );
  }
  state.party = null;
  state.task = null;
  state.pending = 'nothing';
  Object.assign(slots, { service: null, stylist: null, date: null, time: null, partOfDay: null, soonest: false });
  return reply(`${answer.say} Is there anything else I can help with?`);
}

/** After one of a party is booked: the next one, at the time said ("same time", "straight after", "half ten"). */
export async function nextPerson(ctx: Context, turn: Turn): Promise<TurnAnswer> {
  const { state } = ctx;
  const previous = state.made.at(-1)!;
  const time = turn.sameTime ? clockOf(previous.start) : turn.rightAfter ? clockOf(previous.end) : (turn.time ?? bareHourIn(turn.text));
  if (turn.no && !time) {
    state.party = null;
    state.task = null;
    state.pending = 'nothing';
    return reply("No problem, I've booked the one for now. Is there anything else I can help with?");
  }
  Object.assign(state.slots, { name: null, stylist: null, time: null, partOfDay: null });
  const problems = applySlots(state, { ...turn, name: undefined });
  state.chosen = null;
  if (time) state.slots.time = time;
  if (!state.slots.time && !state.slots.partOfDay) {
    state.pending = 'time';
    return reply(`What time would suit for the ${NTH[state.party!.booked] ?? 'next'} one?`);
  }
  return continueBooking(ctx, problems);
}
