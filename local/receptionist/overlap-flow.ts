import { speakTime } from '../../functions/core/booking/speak.js';
import { fromWallClock, localDate } from '../../functions/core/booking/time.js';
import { book, continueBooking } from './booking-flow.js';
import { moveBooking } from './change-flow.js';
import { clockOf, type Made } from './dialogue.js';
import type { Turn } from './hear.js';
import { nameAnswer } from './understand.js';
import { reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * The caller already holds a booking at the time being booked: `book` refused it (already_booked,
 * RELIABILITY 96) and its sentence named that booking and offered to move it. A yes moves that
 * booking to the time chosen (`reschedule`, never a second booking); "it's for my daughter" or
 * "I want both" books the new one as well (`additional`), under the other person's name when it is
 * someone else's; a no leaves everything as it was.
 */
const SOMEONE_ELSE =
  /\b(for|it'?s) (my|her|his|our|a) (daughter|son|sister|brother|mother|mam|mum|mom|dad|father|friend|wife|husband|partner|niece|nephew|cousin|aunt|auntie|uncle|granny|nan|girl|boy|lad|child|kid|kids|young one|little one|colleague|neighbour)\b|\bsomeone else\b|\banother person\b|\bsomebody else\b|\bnot (for )?me\b|\bnot mine\b/i;
const AS_WELL = /\b(as well|too|also|both|another one|a second one|keep (it|that one|both)|in addition)\b/i;
const MOVE = /\b(move|change|switch|swap|instead)\b/i;
/** A name given with the person: "for my sister, Clodagh", "it's for Clodagh". */
const THEIR_NAME =
  /\b(?:for|it'?s)\s+(?:my|her|his|our)\s+\w+,?\s+([\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s*[.!]?$|\bfor\s+(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)/u;

/** Moves the caller's own booking to the time chosen, as the refusal offered. */
async function moveIt(ctx: Context, existing: Made): Promise<TurnAnswer> {
  const { state } = ctx;
  const chosen = state.chosen!;
  const stylist = chosen.stylist ?? state.slots.stylist;
  state.task = 'move';
  Object.assign(state.slots, {
    bookingId: existing.id,
    bookingDate: localDate(Date.parse(existing.start)),
    date: localDate(fromWallClock(chosen.start)),
    time: clockOf(chosen.start),
    stylist,
  });
  state.chosen = null;
  state.overlap = null;
  if (!state.made.some((made) => made.id === existing.id)) state.made.push(existing);
  return moveBooking(ctx);
}

export async function answerOverlap(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  const existing = state.overlap;
  if (!existing || !state.chosen) return undefined;
  // "Is this one for someone else?" (the very same time): a yes is someone else.
  const sameTime = Date.parse(existing.start) === fromWallClock(state.chosen.start);
  if (SOMEONE_ELSE.test(turn.text) || (sameTime && turn.yes)) {
    const named = THEIR_NAME.exec(turn.said);
    const name = (named?.[1] && nameAnswer(named[1])) ?? named?.[2] ?? turn.name;
    Object.assign(state, { additional: true, overlap: null, pending: 'name' });
    state.slots.name = name ?? null;
    // Read back again under the other person's name before booking it.
    return continueBooking(ctx);
  }
  if (AS_WELL.test(turn.text) && !MOVE.test(turn.text)) {
    Object.assign(state, { additional: true, overlap: null });
    return book(ctx);
  }
  if (turn.yes || (MOVE.test(turn.text) && !turn.no)) return moveIt(ctx, existing);
  if (turn.no) {
    Object.assign(state, { overlap: null, chosen: null, task: null, pending: 'nothing' });
    return reply("No problem, I've left your booking as it is. Is there anything else I can help with?");
  }
  if (turn.asks.size || turn.service || turn.day || turn.time) return undefined;
  return reply(`Sorry, shall I move your ${existing.service} to ${speakTime(fromWallClock(state.chosen.start))}, or is the new one for someone else?`);
}
