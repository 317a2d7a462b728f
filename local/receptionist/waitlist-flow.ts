import type { Turn } from './hear.js';
import { callTool, phoneOf, reply, type Context, type ToolReply, type TurnAnswer } from './tool-call.js';

/**
 * The waiting list in the sandbox receptionist, as the hosted agent's prompt has it: when the day
 * asked for is full, check-availability offers it (`waitlist.date`); a yes takes the caller's
 * name and number and calls join-waitlist (functions/core/waitlist/waitlist.ts).
 */
const WAITLIST_WORDS = /\bwait(ing)?[ -]?list\b|\btext me\b|\blet me know\b/i;

export function fullDayOf(answer: ToolReply): string | null {
  const waitlist = answer.waitlist as { date?: unknown } | undefined;
  return typeof waitlist?.date === 'string' ? waitlist.date : null;
}

export async function continueWaitlist(ctx: Context): Promise<TurnAnswer> {
  const { state } = ctx;
  const slots = state.slots;
  state.task = 'waitlist';
  if (!slots.name) {
    state.pending = 'name';
    return reply('Lovely. Can I take your name?');
  }
  const phone = phoneOf(state);
  if (!phone) {
    state.pending = 'phone';
    return reply("And what's the best mobile to text you on?");
  }
  const answer = await callTool(ctx, 'join-waitlist', { service: slots.service!, date: state.waitlistDate!, callerName: slots.name, callerPhone: phone });
  state.task = null;
  state.pending = 'nothing';
  state.waitlistDate = null;
  return reply(answer.ok ? `${answer.say} Is there anything else I can help with?` : answer.say);
}

/** The answer to "shall I put you on the waiting list?"; undefined when the turn is about something else. */
export async function answerWaitlist(ctx: Context, turn: Turn): Promise<TurnAnswer | undefined> {
  const { state } = ctx;
  if (turn.yes || WAITLIST_WORDS.test(turn.text)) return continueWaitlist(ctx);
  state.pending = state.offers.length ? 'offers' : 'day';
  if (turn.no) {
    state.waitlistDate = null;
    return reply(state.offers.length ? 'No problem. Would one of the other times suit?' : 'No problem. Which other day would suit?');
  }
  return undefined;
}
