import { DateTime } from 'luxon';
import type { RegisterCallInput } from '../../providers/voice-agent-port.js';
import type { SalonStore } from '../../store/salon-store.js';
import type { Salon } from '../salon-profile.js';
import type { SetupStore, StoredSetup } from '../../store/setup-store.js';
import { CALL_VARIABLES } from '../voice-agent/call-variables.js';
import { CLIENT_PREFIX, salonIdForIdentity } from './client-identity.js';
import { callerLines, forwardTwiml, hangUpTwiml, ringFirstTwiml, sayAndHangUpTwiml } from './twiml.js';

/**
 * What an inbound call (or the browser test call) hears first: a pure read of the salon, its setup
 * and its agent, so a webhook Twilio repeats gets the same answer and changes nothing.
 */
export interface InboundCallDeps {
  salons: Pick<SalonStore, 'get' | 'salonForNumber'>;
  setup: Pick<SetupStore, 'load'>;
  /** The salon's agent at the voice-agent provider, null when none is provisioned. */
  agentId(salonId: string): Promise<string | null>;
  /** The provider's TwiML that connects the call to the agent. */
  registerCall(input: RegisterCallInput): Promise<string>;
  /** Whether calls may reach the agent: live (Go Live Now) with minutes left (functions/core/go-live.ts). */
  answersCalls(salon: Salon, setup: StoredSetup, now: Date): boolean;
  now(): Date;
  onAgentFailure?(error: unknown): void;
}

/** The webhook's form parameters we use; anything else Twilio sends is ignored. */
export interface InboundCall {
  callSid: string;
  from: string;
  to: string;
  /** The browser test call's own parameter (`connect({params: {salonId}})`). */
  salonId?: string;
  /** The ring-salon-first `<Dial>` finished: Twilio's DialCallStatus. */
  afterSalon?: { dialCallStatus: string };
  /** The forwarding `<Dial>` finished: Twilio's DialCallStatus. */
  afterForward?: { dialCallStatus: string };
}

export type InboundAnswer =
  | { outcome: 'agent'; twiml: string; salonId: string; test: boolean }
  | { outcome: 'ring-salon-first'; twiml: string; salonId: string; to: string }
  | { outcome: 'forwarded'; twiml: string; salonId: string; to: string; reason: ForwardReason }
  | { outcome: 'nobody'; twiml: string; salonId: string; reason: ForwardReason }
  | { outcome: 'salon-answered'; twiml: string; salonId: string }
  | { outcome: 'unassigned'; twiml: string }
  | { outcome: 'refused'; reason: string };

export type ForwardReason = 'not-live' | 'agent-unavailable' | 'not-answered';

/**
 * What the voice webhook logs when the agent could not take a call (ElevenLabs refused it, at its
 * plan's concurrency say, or did not answer in time) and the caller was forwarded instead: a
 * CloudWatch metric filter counts these lines (infra/operations.ts).
 */
export const AGENT_UNAVAILABLE_LOG = 'voice agent unavailable: forwarding the call';

/** The agent provider gets this long before the caller is forwarded instead (Twilio waits on us). */
export const AGENT_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Numbers that lead back here: ours, and the salon's line that forwards to us. */
function loopingNumbers(salon: Salon, setup: StoredSetup, calledNumber: string): Set<string> {
  return new Set([calledNumber, salon.assignedNumber, setup.phoneOption === 'forward' ? setup.forwardNumber : ''].filter((number): number is string => Boolean(number)));
}

/**
 * Who a call that the agent will not take goes to: the escalation number, else the salon's phone.
 * Never a number that forwards to us (phoneOption 'forward': the salon's own line already sends
 * its calls here, so dialling it would loop), nor the number just called.
 */
export function forwardTarget(salon: Salon, setup: StoredSetup, calledNumber: string): string | null {
  const loops = loopingNumbers(salon, setup, calledNumber);
  const candidates = [setup.voice?.escalationPhone, salon.phone];
  return candidates.find((number): number is string => Boolean(number) && !loops.has(number!)) ?? null;
}

/** The salon's own phone for ring-first, when set and dialable without a loop. */
function ringFirstTarget(salon: Salon, setup: StoredSetup, calledNumber: string): { to: string; seconds: number } | null {
  const seconds = setup.voice?.ringSalonFirstSeconds ?? 0;
  if (!seconds || !salon.phone) return null;
  return loopingNumbers(salon, setup, calledNumber).has(salon.phone) ? null : { to: salon.phone, seconds };
}

export async function answerInboundCall(deps: InboundCallDeps, call: InboundCall, options: { webhookUrl: string }): Promise<InboundAnswer> {
  if (call.from.startsWith(CLIENT_PREFIX)) return answerTestCall(deps, call);

  const salonId = await deps.salons.salonForNumber(call.to);
  // Both reads at once: the caller hears silence until we answer.
  const [salon, setup] = salonId ? await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]) : [null, null];
  // The profile's number too: a number being released (profile first) already routes nowhere.
  if (!salon || !setup || salon.assignedNumber !== call.to) return { outcome: 'unassigned', twiml: sayAndHangUpTwiml(callerLines.unassigned) };

  if (call.afterForward) {
    // The call is over when whoever we forwarded to picked up and hung up; else the caller hears why.
    if (call.afterForward.dialCallStatus === 'completed') return { outcome: 'salon-answered', twiml: hangUpTwiml(), salonId: salon.id };
    return { outcome: 'nobody', twiml: sayAndHangUpTwiml(callerLines.nobodyAvailable), salonId: salon.id, reason: 'not-answered' };
  }

  const forward = (reason: ForwardReason, exclude?: string): InboundAnswer => {
    const to = forwardTarget(salon, setup, call.to);
    if (to && to !== exclude) return { outcome: 'forwarded', twiml: forwardTwiml(to, stageUrl(options.webhookUrl, 'after-forward')), salonId: salon.id, to, reason };
    return { outcome: 'nobody', twiml: sayAndHangUpTwiml(callerLines.nobodyAvailable), salonId: salon.id, reason };
  };

  if (!deps.answersCalls(salon, setup, deps.now())) return forward('not-live');

  if (call.afterSalon) {
    // Staff picked up (and the call is now over): the agent is not needed.
    if (call.afterSalon.dialCallStatus === 'completed') return { outcome: 'salon-answered', twiml: hangUpTwiml(), salonId: salon.id };
  } else {
    const ringFirst = ringFirstTarget(salon, setup, call.to);
    if (ringFirst) {
      const action = stageUrl(options.webhookUrl, 'after-salon');
      return { outcome: 'ring-salon-first', twiml: ringFirstTwiml(ringFirst.to, ringFirst.seconds, action), salonId: salon.id, to: ringFirst.to };
    }
  }

  const connected = await connectAgent(deps, salon.id, call, false);
  // After ringing the salon for nothing, ringing it again would only repeat that.
  return connected ?? forward('agent-unavailable', call.afterSalon ? (salon.phone ?? undefined) : undefined);
}

/** Where Twilio posts calls to the stage's numbers (assign-number points each number here). */
export const voiceWebhookUrl = (siteUrl: string) => new URL('/api/twilio/voice', siteUrl).toString();

/** Where the transfer tool puts a caller through: the same number a forwarded call goes to, never one that leads back here. */
export const transferTarget = (salon: Salon, setup: StoredSetup) => forwardTarget(salon, setup, salon.assignedNumber ?? '');

/** A transfer's `<Dial>` reports back as a forward's does: the call ends either way. */
export const afterTransferUrl = (siteUrl: string) => stageUrl(voiceWebhookUrl(siteUrl), 'after-forward');

/** The same webhook, told a `<Dial>` has finished: ringing the salon first, or forwarding (or a transfer). */
export function stageUrl(webhookUrl: string, stage: 'after-salon' | 'after-forward'): string {
  const url = new URL(webhookUrl);
  url.search = `?stage=${stage}`;
  return url.toString();
}

/**
 * register-call takes the caller's phone number and the number called
 * (https://elevenlabs.io/docs/agents-platform/phone-numbers/twilio-integration/register-call); a
 * browser leg has neither (Twilio's From is `client:<identity>`, its To empty). A test call is the
 * owner ringing their own receptionist: from the salon's phone to the salon's number, either one
 * standing for both when only one is set.
 */
export function testCallNumbers(salon: Salon): { from: string; to: string } | null {
  const from = salon.phone ?? salon.assignedNumber;
  const to = salon.assignedNumber ?? salon.phone;
  return from && to ? { from, to } : null;
}

async function answerTestCall(deps: InboundCallDeps, call: InboundCall): Promise<InboundAnswer> {
  const identitySalon = salonIdForIdentity(call.from.slice(CLIENT_PREFIX.length));
  if (!identitySalon || call.salonId !== identitySalon) return { outcome: 'refused', reason: "the test call's salonId is not its client's salon" };
  const salon = await deps.salons.get(identitySalon);
  if (!salon) return { outcome: 'refused', reason: 'no such salon' };
  const nobody = { outcome: 'nobody', twiml: sayAndHangUpTwiml(callerLines.nobodyAvailable), salonId: salon.id } as const;
  // The agent transferred the owner to the salon's phone: the call ends with that <Dial>, as a caller's does.
  if (call.afterForward) {
    return call.afterForward.dialCallStatus === 'completed' ? { outcome: 'salon-answered', twiml: hangUpTwiml(), salonId: salon.id } : { ...nobody, reason: 'not-answered' };
  }
  const numbers = testCallNumbers(salon);
  const connected = numbers ? await connectAgent(deps, salon.id, { ...call, ...numbers }, true) : null;
  return connected ?? { ...nobody, reason: 'agent-unavailable' };
}

/**
 * The per-call values the agent's prompt and tools refer to (voice-agent/agent-config.ts, call-variables.ts): the
 * agent cannot start a conversation without every one of them. A test call has no caller number.
 */
export function callVariables(salonId: string, call: InboundCall, test: boolean, now: Date): Record<string, string> {
  const today = DateTime.fromJSDate(now, { zone: 'Europe/Dublin' }).setLocale('en-IE');
  return {
    [CALL_VARIABLES.salonId]: salonId,
    [CALL_VARIABLES.today]: `${today.toFormat('cccc d LLLL yyyy')} (${today.toISODate()})`,
    [CALL_VARIABLES.callerPhone]: test ? '' : call.from,
    [CALL_VARIABLES.testCall]: String(test),
    [CALL_VARIABLES.callSid]: call.callSid,
  };
}

async function connectAgent(deps: InboundCallDeps, salonId: string, call: InboundCall, test: boolean): Promise<InboundAnswer | null> {
  try {
    const twiml = await withTimeout(
      (async () => {
        const agentId = await deps.agentId(salonId);
        if (!agentId) throw new Error('the salon has no agent');
        return deps.registerCall({ agentId, from: call.from, to: call.to, callSid: call.callSid, dynamicVariables: callVariables(salonId, call, test, deps.now()) });
      })(),
      AGENT_TIMEOUT_MS,
    );
    return { outcome: 'agent', twiml, salonId, test };
  } catch (error) {
    deps.onAgentFailure?.(error);
    return null;
  }
}
