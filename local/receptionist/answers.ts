import { speakList, withArticle } from '../../functions/core/booking/speak.js';
import { askAbout } from './booking-flow.js';
import type { Turn } from './hear.js';
import { callTool, phoneOf, reply, type Context, type TurnAnswer } from './tool-call.js';

/**
 * What the receptionist answers without booking anything: prices (of the service named, never
 * of a part of its name), the owner's "Things callers should know" (the cancellation policy, a
 * patch test), or, without them, that it does not know the policy (said so, nothing cancelled),
 * messages and a person. The salon's hours and whereabouts: salon-facts.ts.
 */
interface PricedService {
  name: string;
  spokenPrice: string | null;
  spokenDuration: string;
  depositCents: number | null;
  consultation?: boolean;
}

export async function priceAnswer(ctx: Context, turn: Turn): Promise<TurnAnswer> {
  const answer = await callTool(ctx, 'list-services', {});
  const services = (answer.services as PricedService[] | undefined) ?? [];
  const heard = turn.service;
  const price = (service: PricedService) =>
    service.spokenPrice ? `is ${service.spokenPrice}` : service.consultation ? 'is priced on consultation' : "doesn't have a set price";
  if (heard?.kind === 'name') {
    const one = services.find((service) => service.name === heard.name);
    if (!one) return reply(answer.say);
    ctx.state.slots.service = one.name;
    const deposit = one.depositCents ? ` There's a €${one.depositCents / 100} deposit to book it, paid by a link I text you.` : '';
    // "How long does a balayage take?" is answered with how long first.
    const said =
      turn.asks.has('duration') && !turn.asks.has('price')
        ? `${withArticle(one.name)} takes about ${one.spokenDuration}${one.spokenPrice ? `, and it's ${one.spokenPrice}` : ''}.`
        : one.consultation && !one.spokenPrice
          ? `${one.name} is priced on consultation: your stylist will tell you the price when they see your hair. It takes about ${one.spokenDuration}.`
          : `${one.name} ${price(one)} and takes about ${one.spokenDuration}.`;
    return reply(`${said.charAt(0).toUpperCase()}${said.slice(1)}${deposit} Would you like to book it?`);
  }
  if (heard?.kind === 'options') {
    const quoted = heard.options.map((name) => services.find((service) => service.name === name)).filter((service) => service !== undefined);
    ctx.state.pending = 'service-options';
    ctx.state.options = quoted.map((service) => service.name);
    return reply(`${speakList(quoted.map((service) => `${service.name} ${price(service)}`))}. Would you like to book one of those?`);
  }
  if (heard?.kind === 'unknown') return reply(askAbout(ctx, { service: heard })!);
  return reply(answer.say);
}

/** The policy, a patch test, "anything I should know?": the owner's "Things callers should know" when there are any (issue 45). */
export async function policyAnswer(ctx: Context): Promise<TurnAnswer> {
  const info = await callTool(ctx, 'salon-info', {});
  const notes = typeof info.callerNotes === 'string' ? info.callerNotes.trim() : '';
  if (notes) return reply(`The salon asks callers to know this: ${notes} Is there anything else I can help with?`);
  ctx.state.pending = 'offer-message';
  return reply(
    "I don't have the salon's cancellation policy to hand, so I won't guess at it, and I haven't changed anything. I can take a message and someone from the salon will get back to you about it. Would you like that?",
  );
}

export async function transferAnswer(ctx: Context): Promise<TurnAnswer> {
  const answer = await callTool(ctx, 'transfer', {});
  const phoneNumber = answer.phoneNumber as string | undefined;
  return phoneNumber ? { say: answer.say, ended: true, transferTo: phoneNumber } : reply(answer.say);
}

export function askForMessage(ctx: Context, turn?: Turn): TurnAnswer {
  const { state } = ctx;
  state.task = 'message';
  if (turn?.name) state.slots.name = turn.name;
  if (turn?.phone) state.slots.phone = turn.phone;
  if (!state.slots.name) {
    state.pending = 'name';
    return reply('Of course. Can I take your name?');
  }
  if (!phoneOf(state)) {
    state.pending = 'phone';
    return reply("And what's the best number to reach you on?");
  }
  state.pending = 'message';
  return reply("What's the message for the salon?");
}

export async function takeMessage(ctx: Context, message: string): Promise<TurnAnswer> {
  const { state } = ctx;
  state.pending = 'nothing';
  state.task = null;
  const left = await callTool(ctx, 'take-message', { callerName: state.slots.name, callerPhone: phoneOf(state), message });
  return reply(`${left.say} Is there anything else?`);
}
