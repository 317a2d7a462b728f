import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../functions/core/errors.js';
import { greeting } from '../../functions/core/voice-agent/agent-config.js';
import { answerPending } from './answer-pending.js';
import { resume } from './resume.js';
import { askForMessage, policyAnswer, priceAnswer, transferAnswer } from './answers.js';
import { salonFacts } from './salon-facts.js';
import { continueBooking } from './booking-flow.js';
import { startCancel, startMove } from './change-flow.js';
import { applySlots, emptySlots, loadDialogue, type ConversationState } from './dialogue.js';
import { hear, namesBookingSlots, type Turn } from './hear.js';
import { goingForNow } from './understand.js';
import { reply, type Context, type ReceptionistDeps, type TurnAnswer } from './tool-call.js';

/**
 * The sandbox receptionist: what answers the owner's test call, and a call to the local phone,
 * when no voice-agent provider is configured. It greets as the real agent does (the owner's
 * first message, with the AI disclosure), reads each caller turn with plain rules (hear.ts),
 * keeps a small dialogue state between turns (dialogue.ts) and acts only through the tool
 * registry. docs/receptionist.md explains the whole of it.
 */
export type { ReceptionistDeps, TurnAnswer } from './tool-call.js';

const HELP = 'I can tell you about prices, opening hours and how to find us, book, move or cancel an appointment, or take a message. What would you like?';
const MAX_TURNS = 60;

export async function startConversation(
  deps: ReceptionistDeps,
  input: { salonId: string; test: boolean; callerPhone?: string },
): Promise<{ conversationId: string; say: string }> {
  const [salon, setup] = await Promise.all([deps.salons.get(input.salonId), deps.setup.load(input.salonId)]);
  if (!salon) throw new NotFoundError('No such salon.');
  const state: ConversationState = {
    salonId: input.salonId,
    conversationId: `sbx_${randomUUID()}`,
    test: input.test,
    startedAt: deps.now().toISOString(),
    callerPhone: input.callerPhone ?? null,
    task: null,
    slots: emptySlots(),
    pending: 'nothing',
    options: [],
    offers: [],
    chosen: null,
    party: null,
    made: [],
    turns: 0,
    ended: false,
    lines: [],
  };
  const say = greeting(setup.voice?.firstMessage ?? '', salon.name, setup.voice?.selectedLanguage);
  state.lines.push({ role: 'agent', text: say, at: 0 });
  await deps.conversations.put(state);
  return { conversationId: state.conversationId, say };
}

export async function takeTurn(deps: ReceptionistDeps, input: { salonId: string; conversationId: string; text: string }): Promise<TurnAnswer> {
  const state = await loadDialogue(deps.conversations, input.salonId, input.conversationId);
  if (!state || state.ended) throw new NotFoundError('That call has ended.');
  state.turns += 1;
  const text = input.text.slice(0, 500);
  const at = Math.max(0, Math.round((deps.now().getTime() - Date.parse(state.startedAt)) / 1000));
  const answer = state.turns > MAX_TURNS ? { say: "I'll let you go now. Thanks for calling!", ended: true } : notAgain(state, await respond(deps, state, text));
  state.lines.push({ role: 'caller', text, at }, { role: 'agent', text: answer.say, at });
  state.ended = answer.ended;
  await deps.conversations.put(state);
  return answer;
}

const AGAIN = "Sorry, I didn't quite catch that. ";

/**
 * Never the same question three times: asked a second time it is said another way, and rather
 * than a third the caller is offered a message for the salon.
 */
function notAgain(state: ConversationState, answer: TurnAnswer): TurnAnswer {
  if (answer.ended || !answer.say.includes('?')) return answer;
  const asked = state.lines.filter((line) => line.role === 'agent').map((line) => line.text.replace(AGAIN, ''));
  if (asked.at(-1) !== answer.say) return answer;
  if (asked.at(-2) !== answer.say) return { ...answer, say: `${AGAIN}${answer.say}` };
  Object.assign(state, { pending: 'offer-message', task: null, chosen: null, offers: [] });
  return {
    say: "I'm sorry, I'm not getting this right. I can take a message and someone from the salon will ring you back. Would you like that?",
    ended: false,
  };
}

/** The caller hung up: the conversation takes no more turns. */
export async function endConversation(deps: Pick<ReceptionistDeps, 'conversations'>, input: { salonId: string; conversationId: string }): Promise<void> {
  const state = await loadDialogue(deps.conversations, input.salonId, input.conversationId);
  if (!state || state.ended) return;
  const ended: ConversationState = { ...state, ended: true };
  await deps.conversations.put(ended);
}

async function respond(deps: ReceptionistDeps, state: ConversationState, text: string): Promise<TurnAnswer> {
  const [setup, salon] = await Promise.all([deps.setup.load(state.salonId), deps.salons.get(state.salonId)]);
  const names = { services: setup.services.map((service) => service.name), stylists: setup.stylists.map((stylist) => stylist.name) };
  const now = deps.now().getTime();
  const ctx: Context = { deps, state, names, hours: salon?.hours ?? null, now };
  const turn = hear(text, names, now);
  // A yes with a goodbye ("yes please, that's all") may still be answering what was offered, unless the caller is going for now.
  if (turn.asks.has('goodbye') && (!turn.yes || goingForNow(turn.text)) && !state.pending.startsWith('confirm'))
    return { say: 'Thanks for calling, bye now!', ended: true };
  return (await answerPending(ctx, turn)) ?? (await dispatch(ctx, turn));
}

const MENTIONS_BOOKING = /\b(my|the|our)\s+(\w+\s+){0,2}(appointment|booking)\b|\bbooked\b|\breschedule\b/i;

/** "No wait, I said half two" right after a booking was made or moved: that booking is moved, never a second one made. */
const correctsLast = ({ state }: Context, turn: Turn) =>
  state.task === null &&
  state.made.length > 0 &&
  Boolean(turn.time || turn.day) &&
  !turn.service &&
  !turn.asks.has('book') &&
  (turn.no || turn.hedged || /\bi said\b/i.test(turn.text));

/** "Cancel that" while a booking is being made: nothing is booked, and nothing else cancelled. */
function dropBooking(ctx: Context): TurnAnswer {
  const { state } = ctx;
  Object.assign(state, { task: null, pending: 'nothing', chosen: null, offers: [], party: null });
  Object.assign(state.slots, { service: null, stylist: null, date: null, time: null, partOfDay: null, soonest: false });
  return reply("No problem, I won't book anything. Is there anything else I can help with?");
}

/** A step's answer, when the turn is its to answer. */
type Answering = TurnAnswer | Promise<TurnAnswer> | undefined;

/**
 * What the sentence asks, when it answered nothing pending, in this order: a person, a message or
 * the policy; a change to a booking; a price or the salon's facts; else the booking goes on.
 */
async function dispatch(ctx: Context, turn: Turn): Promise<TurnAnswer> {
  return requestAnswer(ctx, turn) ?? changeAnswer(ctx, turn) ?? questionAnswer(ctx, turn) ?? carryOn(ctx, turn);
}

/** A person, a message or the policy, asked for by name. */
function requestAnswer(ctx: Context, turn: Turn): Answering {
  if (turn.asks.has('person')) return transferAnswer(ctx);
  if (turn.asks.has('message')) return askForMessage(ctx, turn);
  if (turn.asks.has('policy')) return policyAnswer(ctx);
  return undefined;
}

/** A cancellation (of the booking being made, that one is dropped), a move, or a correction of what was just booked. */
function changeAnswer(ctx: Context, turn: Turn): Answering {
  const { state } = ctx;
  if (turn.asks.has('cancel'))
    return state.task === 'book' && !state.made.length && !MENTIONS_BOOKING.test(turn.text) ? dropBooking(ctx) : startCancel(ctx, turn);
  if (turn.asks.has('move') && movesABooking(ctx, turn)) return startMove(ctx, turn);
  if (correctsLast(ctx, turn)) return startMove(ctx, turn, true);
  return undefined;
}

/** "Move" is about a booking when the caller says so: "my appointment", "my cut", or "that" once one was made. */
const movesABooking = ({ state }: Context, turn: Turn) =>
  MENTIONS_BOOKING.test(turn.text) || Boolean(turn.service && /\bmy\b/i.test(turn.text)) || (state.made.length > 0 && /\b(that|it)\b/i.test(turn.text));

/** A price or a duration, the hours or the way there, asked without asking to book. */
function questionAnswer(ctx: Context, turn: Turn): Answering {
  const asks = turn.asks;
  if (asks.has('book')) return undefined;
  if (asks.has('price') || asks.has('duration')) return priceAnswer(ctx, turn);
  if (asks.has('hours') || asks.has('directions')) return salonFacts(ctx, turn);
  return undefined;
}

/** Otherwise: a booking goes on with what the turn named, a name or number given takes up what was left, or the caller hears what can be done. */
function carryOn(ctx: Context, turn: Turn): TurnAnswer | Promise<TurnAnswer> {
  const { state } = ctx;
  const newParty = Boolean(turn.party && !state.party);
  const problems = applySlots(state, turn);
  if (namesBookingSlots(turn) || turn.asks.has('book') || state.task === 'book')
    return continueBooking(ctx, problems, newParty ? "I'll book you in one at a time. " : '');
  if (turn.name || turn.phone) return resume(ctx);
  return reply(HELP);
}
