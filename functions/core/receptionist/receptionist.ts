import { randomUUID } from 'node:crypto';
import type { AgentTool } from '../../contracts/agent-tools.js';
import type { Dependencies } from '../../composition-root.js';
import { NotFoundError } from '../errors.js';
import { ToolError } from '../booking/errors.js';
import type { ToolAnswer } from '../booking/check-availability.js';
import { conversationKey, runTool, type ToolDeps } from '../agent-tools/registry.js';
import { greeting } from '../voice-agent/agent-config.js';
import type { ConversationState, Offer } from '../../store/conversation-store.js';
import { agrees, dateIn, intentOf, isNo, nameIn, nameMentioned, partOfDayIn, phoneIn, timeIn } from './understand.js';

/**
 * The sandbox receptionist: what answers the owner's test call, and a call to the local phone,
 * when no voice-agent provider is configured. It greets as the real agent does (the owner's
 * first message, with the AI disclosure), understands the usual caller turns with plain rules,
 * and acts only through the tool registry, so what it books is booked exactly as a real call
 * would book it (a test call's bookings are marked as test bookings).
 */
export type ReceptionistDeps = ToolDeps & Pick<Dependencies, 'conversations'>;

export interface TurnAnswer {
  say: string;
  ended: boolean;
  /** Set when the caller is being put through to the salon. */
  transferTo?: string;
}

const HELP = 'I can tell you about prices, opening hours and how to find us, book, move or cancel an appointment, or take a message. What would you like?';
const MAX_TURNS = 60;

async function tool(deps: ReceptionistDeps, state: ConversationState, name: AgentTool, input: Record<string, unknown>): Promise<ToolAnswer> {
  try {
    return await runTool(deps, name, {
      salonId: state.salonId,
      input,
      test: state.test,
      ...(name === 'book' ? { idempotencyKey: conversationKey(state.conversationId, name, input) } : {}),
    });
  } catch (error) {
    if (error instanceof ToolError) return { ok: false, say: error.say, code: error.code, ...error.data } as unknown as ToolAnswer;
    throw error;
  }
}

export async function startConversation(deps: ReceptionistDeps, input: { salonId: string; test: boolean; callerPhone?: string }): Promise<{ conversationId: string; say: string }> {
  const [salon, setup] = await Promise.all([deps.salons.get(input.salonId), deps.setup.load(input.salonId)]);
  if (!salon) throw new NotFoundError('No such salon.');
  const state: ConversationState = {
    salonId: input.salonId,
    conversationId: `sbx_${randomUUID()}`,
    test: input.test,
    startedAt: deps.now().toISOString(),
    callerPhone: input.callerPhone ?? null,
    callerName: null,
    service: null,
    stylist: null,
    offers: [],
    chosen: null,
    task: null,
    cancelDate: null,
    awaiting: 'nothing',
    turns: 0,
    ended: false,
  };
  await deps.conversations.put(state);
  return { conversationId: state.conversationId, say: greeting(setup.voice?.firstMessage ?? '', salon.name, setup.voice?.selectedLanguage) };
}

export async function takeTurn(deps: ReceptionistDeps, input: { salonId: string; conversationId: string; text: string }): Promise<TurnAnswer> {
  const conversations = deps.conversations;
  const state = await conversations.get(input.salonId, input.conversationId);
  if (!state || state.ended) throw new NotFoundError('That call has ended.');
  state.turns += 1;
  const answer = state.turns > MAX_TURNS ? { say: "I'll let you go now. Thanks for calling!", ended: true } : await respond(deps, state, input.text.slice(0, 500));
  state.ended = answer.ended;
  await conversations.put(state);
  return answer;
}

/** The caller hung up: the conversation takes no more turns. */
export async function endConversation(deps: Pick<ReceptionistDeps, 'conversations'>, input: { salonId: string; conversationId: string }): Promise<void> {
  const state = await deps.conversations.get(input.salonId, input.conversationId);
  if (!state || state.ended) return;
  await deps.conversations.put({ ...state, ended: true });
}

async function respond(deps: ReceptionistDeps, state: ConversationState, text: string): Promise<TurnAnswer> {
  const setup = await deps.setup.load(state.salonId);
  const serviceNames = setup.services.map((service) => service.name);
  const stylistNames = setup.stylists.map((stylist) => stylist.name);
  const intent = intentOf(text);
  const say = (sentence: string): TurnAnswer => ({ say: sentence, ended: false });

  if (intent === 'goodbye' && state.awaiting !== 'confirm') return { say: 'Thanks for calling, bye now!', ended: true };

  switch (state.awaiting) {
    case 'name': {
      const name = nameIn(text);
      if (!name) return say("Sorry, I didn't catch your name. Could you say it again?");
      state.callerName = name;
      return continueTask(deps, state);
    }
    case 'phone': {
      const phone = phoneIn(text);
      if (!phone) return say("Sorry, I didn't catch the number. Could you say it again?");
      state.callerPhone = phone;
      return continueTask(deps, state);
    }
    case 'message': {
      state.awaiting = 'nothing';
      state.task = null;
      const left = await tool(deps, state, 'take-message', { callerName: state.callerName, callerPhone: state.callerPhone, message: text });
      return say(`${left.say} Is there anything else?`);
    }
    case 'confirm': {
      if (agrees(text)) return book(deps, state);
      if (isNo(text) || intent === 'goodbye') {
        state.awaiting = 'nothing';
        state.chosen = null;
        return say('No problem, I won\'t book that. Would another time suit you?');
      }
      break;
    }
    case 'choice': {
      const chosen = pickOffer(state.offers, text);
      if (chosen) {
        state.chosen = chosen;
        state.task = 'booking';
        return nextBookingStep(deps, state);
      }
      if (isNo(text)) {
        state.awaiting = 'nothing';
        return say('Would another day or time suit you?');
      }
      break;
    }
    default:
      break;
  }

  const service = nameMentioned(text, serviceNames);
  const stylist = nameMentioned(text, stylistNames);
  const date = dateIn(text);
  const time = timeIn(text);
  const partOfDay = partOfDayIn(text);
  if (service) state.service = service;
  if (stylist) state.stylist = stylist;

  switch (intent) {
    case 'human': {
      const answer = await tool(deps, state, 'transfer', {});
      const phoneNumber = (answer as { phoneNumber?: string }).phoneNumber;
      return phoneNumber ? { say: answer.say, ended: true, transferTo: phoneNumber } : say(answer.say);
    }
    case 'cancel':
      state.task = 'cancel';
      state.cancelDate = date ?? null;
      return continueTask(deps, state);
    case 'message':
      state.task = 'message';
      return askForMessage(state);
    case 'price': {
      const answer = await tool(deps, state, 'list-services', {});
      const services = ((answer as { services?: { name: string; spokenPrice: string | null; spokenDuration: string; depositCents: number | null }[] }).services ?? []);
      const one = service && services.find((entry) => entry.name === service);
      const deposit = one && one.depositCents ? ` There's a €${one.depositCents / 100} deposit to book it, paid by a link I text you.` : '';
      if (one) return say(`${one.name} ${one.spokenPrice ? `is ${one.spokenPrice}` : "doesn't have a set price"} and takes about ${one.spokenDuration}.${deposit} Would you like to book it?`);
      return say(answer.say);
    }
    case 'hours':
    case 'directions': {
      const answer = await tool(deps, state, 'salon-info', {});
      return say(`${answer.say} Anything else I can help with?`);
    }
    default:
      break;
  }

  if (intent === 'book' || date || time || partOfDay || (service && intent === 'unknown')) {
    if (!state.service) return say(`Which service would you like?${serviceNames.length ? ` We do ${serviceNames.slice(0, 5).join(', ')}.` : ''}`);
    const answer = await tool(deps, state, 'check-availability', {
      service: state.service,
      ...(state.stylist ? { stylist: state.stylist } : {}),
      ...(date ? { date } : {}),
      ...(time ? { time } : {}),
      ...(partOfDay ? { partOfDay } : {}),
    });
    const slots = (answer as { slots?: { start: string; spoken: string; stylists: { name: string }[] }[] }).slots ?? [];
    state.offers = slots.map((slot) => ({ start: slot.start, spoken: slot.spoken, ...(slot.stylists.length === 1 ? { stylist: slot.stylists[0]!.name } : {}) }));
    state.awaiting = state.offers.length ? 'choice' : 'nothing';
    return say(answer.say);
  }
  return say(HELP);
}

/** The offer the caller picked: by its time ("half two", "14:30"), its place ("the first"), or a yes to the only one. */
function pickOffer(offers: Offer[], text: string): Offer | null {
  if (!offers.length) return null;
  const time = timeIn(text);
  if (time) return offers.find((offer) => localClock(offer.start) === time) ?? null;
  const place = /\b(first|second|third|last)\b/i.exec(text)?.[1]?.toLowerCase();
  if (place) return place === 'last' ? offers.at(-1)! : (offers[['first', 'second', 'third'].indexOf(place)] ?? null);
  return agrees(text) ? offers[0]! : null;
}

/** An offered start is the salon's wall-clock time (`2026-11-28T14:30`): its clock is in it. */
function localClock(start: string): string {
  return start.slice(11, 16);
}

/** After a name or number: on with what the caller was doing. */
async function continueTask(deps: ReceptionistDeps, state: ConversationState): Promise<TurnAnswer> {
  if (state.task === 'booking' && state.chosen) return nextBookingStep(deps, state);
  if (state.task === 'message') return askForMessage(state);
  if (state.task === 'cancel') {
    if (!state.callerPhone) {
      state.awaiting = 'phone';
      return { say: 'Of course. What number is the booking under?', ended: false };
    }
    state.awaiting = 'nothing';
    state.task = null;
    const answer = await tool(deps, state, 'cancel', { callerPhone: state.callerPhone, ...(state.cancelDate ? { date: state.cancelDate } : {}) });
    return { say: answer.say, ended: false };
  }
  state.awaiting = 'nothing';
  return { say: 'Thanks. How can I help?', ended: false };
}

function askForMessage(state: ConversationState): TurnAnswer {
  if (!state.callerName) {
    state.awaiting = 'name';
    return { say: 'Of course. Can I take your name?', ended: false };
  }
  if (!state.callerPhone) {
    state.awaiting = 'phone';
    return { say: "And what's the best number to reach you on?", ended: false };
  }
  state.awaiting = 'message';
  return { say: "What's the message for the salon?", ended: false };
}

async function nextBookingStep(_deps: ReceptionistDeps, state: ConversationState): Promise<TurnAnswer> {
  if (!state.callerName) {
    state.awaiting = 'name';
    return { say: 'Lovely. Can I take your name?', ended: false };
  }
  if (!state.callerPhone) {
    state.awaiting = 'phone';
    return { say: "And what's the best number to reach you on?", ended: false };
  }
  state.awaiting = 'confirm';
  const chosen = state.chosen!;
  return { say: `So that's ${state.service} ${chosen.spoken}${chosen.stylist ? ` with ${chosen.stylist}` : ''}, for ${state.callerName}. Shall I book it?`, ended: false };
}

async function book(deps: ReceptionistDeps, state: ConversationState): Promise<TurnAnswer> {
  const chosen = state.chosen!;
  const answer = await tool(deps, state, 'book', {
    service: state.service,
    ...(chosen.stylist ? { stylist: chosen.stylist } : state.stylist ? { stylist: state.stylist } : {}),
    start: chosen.start,
    callerName: state.callerName,
    callerPhone: state.callerPhone,
  });
  state.awaiting = 'nothing';
  state.task = null;
  state.chosen = null;
  state.offers = [];
  return { say: answer.ok ? `${answer.say} Is there anything else I can help with?` : answer.say, ended: false };
}
