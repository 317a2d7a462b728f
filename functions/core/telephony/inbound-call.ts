import { DateTime } from 'luxon';
import type { Readiness } from '../../contracts/go-live.js';
import { FORWARDING_CHECK_MINUTES } from '../../contracts/forwarding.js';
import type { RegisterCallInput } from '../ports/voice-agent.js';
import type { SalonStore } from '../ports/salon-store.js';
import type { NumberStore, PhoneNumberRecord } from '../ports/number-store.js';
import type { DiallingStore } from '../ports/dialling-store.js';
import type { CallStore } from '../ports/call-store.js';
import type { Salon } from '../salon-profile.js';
import type { SetupStore, StoredSetup } from '../ports/setup-store.js';
import { CALL_VARIABLES } from '../voice-agent/call-variables.js';
import { CLIENT_PREFIX, salonIdForIdentity } from './client-identity.js';
import { loopedThrough, loopingNumbers, personToDial, ringFirstTarget } from './forwarding-loops.js';
import { hoursAndHowToBook, messagePrompt, spokenNumber, type MessageModeSalon, type MessageReason } from './message-mode.js';
import {
  agentScript,
  callerLines,
  forwardScript,
  hangUpScript,
  messageModeScript,
  rejectScript,
  ringFirstScript,
  sayAndHangUpScript,
  type RingTarget,
  type CallScript,
} from './call-script.js';

/**
 * What an inbound call (or the browser test call) hears first: a pure read of the number, the
 * salon, its setup and the calls we are dialling for it, so a webhook Twilio repeats gets the same
 * answer and changes nothing (the webhook then records what the answer says happened). Whatever
 * happens, the caller is given to the receptionist or a person, or is asked for a message
 * (message-mode.ts): never a bare goodbye (RELIABILITY 53).
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): a call for the receptionist is
 * registered with the salon's hosted agent (functions/providers/elevenlabs-voice-agent.ts,
 * register-call), whose agent then calls functions/api/agent-tools.ts for every tool it uses.
 */
export interface InboundCallDeps {
  numbers: Pick<NumberStore, 'get'>;
  salons: Pick<SalonStore, 'get'>;
  setup: Pick<SetupStore, 'load'>;
  dialling: Pick<DiallingStore, 'active'>;
  /** Whether a person at the phone we rang took the call (the whisper's key, whisper.ts). */
  calls: Pick<CallStore, 'get'>;
  /** The salon's agent at the voice-agent provider, null when none is provisioned. */
  agentId(salonId: string): Promise<string | null>;
  /** The provider's TwiML that connects the call to the agent. */
  registerCall(input: RegisterCallInput): Promise<string>;
  /** Whether calls may reach the agent, and why not (functions/core/call-readiness.ts). */
  readiness(salon: Salon, setup: StoredSetup, now: Date): Pick<Readiness, 'live' | 'state'>;
  now(): Date;
  onAgentFailure?(error: unknown): void;
  /** Every register-call attempt, how long it took and how it ended (the voice webhook logs it for the budget's alarm). */
  onRegisterCall?(attempt: RegisterCallAttempt): void;
}

/**
 * One attempt to connect a caller to the agent: `answered` (the agent's TwiML in time),
 * `over-budget` (no answer within AGENT_TIMEOUT_MS: the caller was forwarded), `failed` (refused,
 * or no agent). `ms` is how long the caller waited on it.
 */
export interface RegisterCallAttempt {
  ms: number;
  outcome: 'answered' | 'over-budget' | 'failed';
}

/** The line the voice webhook logs per register-call attempt: CloudWatch metric filters count its outcomes (infra/operations.ts). */
export const REGISTER_CALL_LOG = 'register-call attempt';

/** The webhook's form parameters we use; anything else Twilio sends is ignored. */
export interface InboundCall {
  callSid: string;
  from: string;
  to: string;
  /** The line that forwarded the call to us, when the carrier says (Twilio's ForwardedFrom). */
  forwardedFrom?: string;
  /** The browser test call's own parameter (`connect({params: {salonId}})`). */
  salonId?: string;
  /** The ring-salon-first `<Dial>` finished: Twilio's DialCallStatus. */
  afterSalon?: { dialCallStatus: string };
  /** The forwarding `<Dial>` finished: Twilio's DialCallStatus. */
  afterForward?: { dialCallStatus: string };
}

export type InboundAnswer =
  | { outcome: 'agent'; script: CallScript; salonId: string; test: boolean; forwardingSeen: boolean }
  | { outcome: 'ring-salon-first'; script: CallScript; salonId: string; to: string; seconds: number; forwardingSeen: boolean }
  | { outcome: 'forwarded'; script: CallScript; salonId: string; to: string; reason: ForwardReason; forwardingSeen: boolean }
  | { outcome: 'message-mode'; script: CallScript; salonId: string; reason: MessageReason; forwardingSeen: boolean }
  | { outcome: 'salon-answered'; script: CallScript; salonId: string }
  /** Our own ring sent back by the line it rang: refused, so that leg hears busy and its caller is asked for a message. */
  | { outcome: 'loop-refused'; script: CallScript; salonId: string; through: string }
  /** A released number whose salon is gone: who it was, and how to reach them. */
  | { outcome: 'former-number'; script: CallScript }
  /** The browser test call could not reach the receptionist. */
  | { outcome: 'test-unavailable'; script: CallScript; salonId: string }
  | { outcome: 'unassigned'; script: CallScript }
  | { outcome: 'refused'; reason: string };

export type ForwardReason = 'not-live' | 'agent-unavailable';

/**
 * What the voice webhook logs when the agent could not take a call (ElevenLabs refused it, at its
 * plan's concurrency say, or did not answer in time): a CloudWatch metric filter counts these
 * lines (infra/operations.ts).
 */
export const AGENT_UNAVAILABLE_LOG = 'voice agent unavailable: forwarding the call';

/** The agent provider gets this long before the caller is forwarded instead (Twilio waits on us). */
export const AGENT_TIMEOUT_MS = 2_000;

/** What the owner hears when their browser test call cannot reach the receptionist. */
export const TEST_CALL_UNAVAILABLE = "Your receptionist couldn't take this test call just now. Please try again in a minute.";

class OverBudgetError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new OverBudgetError(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The salon as message mode speaks of it: a number to ring only when it does not lead back here. */
export function messageModeSalon(salon: Salon, setup: StoredSetup, calledNumber: string): MessageModeSalon {
  const phone = salon.phone && !loopingNumbers(salon, setup, calledNumber).has(salon.phone) ? salon.phone : null;
  return { name: salon.name, hours: salon.hours, phone, pausedUntil: salon.pausedUntil ?? null };
}

function messageMode(salon: MessageModeSalon, reason: MessageReason, webhookUrl: string, now: Date): CallScript {
  return messageModeScript(messagePrompt(salon, reason, now), stageUrl(webhookUrl, 'message'), hoursAndHowToBook(salon));
}

/**
 * Whether the call shows the salon's line forwarding to us: the carrier named it, or the owner is
 * checking the forwarding and this is the first call since (the going-live checklist's tick).
 */
function showsForwarding(salon: Salon, setup: StoredSetup, call: InboundCall, now: Date): boolean {
  if (setup.phoneOption !== 'forward') return false;
  if (call.forwardedFrom && (call.forwardedFrom === setup.forwardNumber || call.forwardedFrom === salon.phone)) return true;
  const started = salon.forwarding?.checkStartedAt;
  return Boolean(started && !salon.forwarding?.seenAt && now.getTime() - Date.parse(started) < FORWARDING_CHECK_MINUTES * 60_000);
}

export async function answerInboundCall(deps: InboundCallDeps, call: InboundCall, options: { webhookUrl: string }): Promise<InboundAnswer> {
  if (call.from.startsWith(CLIENT_PREFIX)) return answerTestCall(deps, call);

  const number = await deps.numbers.get(call.to);
  if (number?.state === 'quarantined') return answerFormerNumber(deps, number, options);
  if (number?.state !== 'assigned' || !number.salonId) return { outcome: 'unassigned', script: sayAndHangUpScript(callerLines.unassigned) };
  const now = deps.now();
  // All at once: the caller hears silence until we answer.
  const [salon, setup, dialling] = await Promise.all([
    deps.salons.get(number.salonId),
    deps.setup.load(number.salonId),
    deps.dialling.active(number.salonId, now),
  ]);
  // The profile's number too: a number being released (profile first) already routes nowhere.
  if (!salon || salon.assignedNumber !== call.to) return { outcome: 'unassigned', script: sayAndHangUpScript(callerLines.unassigned) };

  const through = loopedThrough(salon, call, dialling);
  if (through) return { outcome: 'loop-refused', script: rejectScript(), salonId: salon.id, through };

  const spoken = messageModeSalon(salon, setup, call.to);
  const forwardingSeen = !call.afterForward && !call.afterSalon && showsForwarding(salon, setup, call, now);
  const takeMessage = (reason: MessageReason): InboundAnswer => ({
    outcome: 'message-mode',
    script: messageMode(spoken, reason, options.webhookUrl, now),
    salonId: salon.id,
    reason,
    forwardingSeen,
  });
  /** A person when one can be rung without a loop, else a message. */
  const personOrMessage = (reason: ForwardReason, exclude?: string): InboundAnswer => {
    const to = personToDial(salon, setup, call.to, exclude);
    if (!to) return takeMessage(reason);
    return {
      outcome: 'forwarded',
      script: forwardScript(ringTarget(to), stageUrl(options.webhookUrl, 'after-forward')),
      salonId: salon.id,
      to,
      reason,
      forwardingSeen,
    };
  };
  const ringTarget = (to: string): RingTarget => ({
    to,
    callerId: call.to,
    whisperUrl: whisperUrl(options.webhookUrl, { salonId: salon.id, callSid: call.callSid }),
  });
  const personTookIt = (dialled: { dialCallStatus: string }) => personTookTheCall(deps, salon.id, call.callSid, dialled);

  if (call.afterForward) {
    // The call is over when a person we rang took it and hung up; else the caller leaves a message.
    if (await personTookIt(call.afterForward)) return { outcome: 'salon-answered', script: hangUpScript(), salonId: salon.id };
    return takeMessage('not-answered');
  }

  const readiness = deps.readiness(salon, setup, now);
  // Paused means "take messages": the owner chose it, so no one is rung.
  if (readiness.state === 'paused') return takeMessage('paused');
  if (!readiness.live) return personOrMessage('not-live');

  if (call.afterSalon) {
    // Staff took the call (and it is now over): the agent is not needed. A voicemail did not.
    if (await personTookIt(call.afterSalon)) return { outcome: 'salon-answered', script: hangUpScript(), salonId: salon.id };
  } else {
    const ringFirst = ringFirstTarget(salon, setup, call.to);
    if (ringFirst) {
      const action = stageUrl(options.webhookUrl, 'after-salon');
      return {
        outcome: 'ring-salon-first',
        script: ringFirstScript(ringTarget(ringFirst.to), ringFirst.seconds, action),
        salonId: salon.id,
        ...ringFirst,
        forwardingSeen,
      };
    }
  }

  const connected = await connectAgent(deps, salon.id, call, false);
  if (connected) return { outcome: 'agent', script: agentScript(connected), salonId: salon.id, test: false, forwardingSeen };
  // After ringing a phone for nothing, ringing it again would only repeat that.
  return personOrMessage('agent-unavailable', call.afterSalon ? ringFirstTarget(salon, setup, call.to)?.to : undefined);
}

/**
 * A number in its 30 days after a salon let it go: the salon's callers still reach it. A salon
 * that still exists (support gave it another number) takes their message and is named with its
 * new number; one that is gone is named with the phone callers can ring instead, when we know one.
 */
async function answerFormerNumber(deps: InboundCallDeps, number: PhoneNumberRecord, options: { webhookUrl: string }): Promise<InboundAnswer> {
  const former = number.former;
  if (!former) return { outcome: 'unassigned', script: sayAndHangUpScript(callerLines.unassigned) };
  const [salon, setup] = await Promise.all([deps.salons.get(former.salonId), deps.setup.load(former.salonId)]);
  if (salon) {
    const known = messageModeSalon(salon, setup, number.phoneNumber);
    const spoken = { ...known, phone: salon.assignedNumber ?? known.phone };
    return {
      outcome: 'message-mode',
      script: messageMode(spoken, 'number-moved', options.webhookUrl, deps.now()),
      salonId: salon.id,
      reason: 'number-moved',
      forwardingSeen: false,
    };
  }
  const reach = former.phone ? ` You can ring them on ${spokenNumber(former.phone)}.` : '';
  return {
    outcome: 'former-number',
    script: sayAndHangUpScript(`You've reached an old number for ${former.name}. They no longer take calls on this number.${reach} Goodbye.`),
  };
}

/** Where Twilio posts calls to the stage's numbers (numbers are pointed here when stocked or assigned). */
export const voiceWebhookUrl = (siteUrl: string) => new URL('/api/twilio/voice', siteUrl).toString();

/** Where Twilio posts texts to the stage's numbers (functions/api/twilio-sms.ts): replies to reminders and offers. */
export const smsWebhookUrl = (siteUrl: string) => new URL('/api/twilio/sms', siteUrl).toString();

/** Where the transfer tool puts a caller through: the same person a forwarded call goes to, never one that leads back here. */
export const transferTarget = (salon: Salon, setup: StoredSetup) => personToDial(salon, setup, salon.assignedNumber ?? '');

/** A transfer's `<Dial>` reports back as a forward's does: the call ends, or the caller leaves a message. */
export const afterTransferUrl = (siteUrl: string) => stageUrl(voiceWebhookUrl(siteUrl), 'after-forward');

/** The same webhook, told a `<Dial>` has finished (ringing the salon first, or forwarding, or a transfer), or a message said. */
export function stageUrl(webhookUrl: string, stage: 'after-salon' | 'after-forward' | 'message'): string {
  const url = new URL(webhookUrl);
  url.search = `?stage=${stage}`;
  return url.toString();
}

/**
 * The same webhook, for the phone we ring for the caller's call once someone picks up (the
 * whisper) and for the key they press: the salon and the caller's call are named in the URL, which
 * Twilio signs, so the rung leg's own parameters need not say whose call it is.
 */
export function whisperUrl(webhookUrl: string, caller: { salonId: string; callSid: string }, stage: 'whisper' | 'whisper-key' = 'whisper'): string {
  const url = new URL(webhookUrl);
  url.search = new URLSearchParams({ stage, salon: caller.salonId, call: caller.callSid }).toString();
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
  const unavailable = { outcome: 'test-unavailable', script: sayAndHangUpScript(TEST_CALL_UNAVAILABLE), salonId: salon.id } as const;
  // The agent transferred the owner to the salon's phone: the call ends with that <Dial>, as a caller's does.
  if (call.afterForward)
    return (await personTookTheCall(deps, salon.id, call.callSid, call.afterForward))
      ? { outcome: 'salon-answered', script: hangUpScript(), salonId: salon.id }
      : unavailable;
  const numbers = testCallNumbers(salon);
  const connected = numbers ? await connectAgent(deps, salon.id, { ...call, ...numbers }, true) : null;
  return connected ? { outcome: 'agent', script: agentScript(connected), salonId: salon.id, test: true, forwardingSeen: false } : unavailable;
}

/** A person took the call at the phone we rang: the `<Dial>` completed and the whisper's key was pressed (a voicemail completes it too, without the key). */
async function personTookTheCall(
  deps: Pick<InboundCallDeps, 'calls'>,
  salonId: string,
  callSid: string,
  dialled: { dialCallStatus: string },
): Promise<boolean> {
  return dialled.dialCallStatus === 'completed' && (await deps.calls.get(salonId, callSid))?.salonAnswered === true;
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

/** The voice agent's answer for the call, as its provider made it, or null when it refused or was too slow. */
async function connectAgent(deps: InboundCallDeps, salonId: string, call: InboundCall, test: boolean): Promise<string | null> {
  const started = Date.now();
  const attempt = (outcome: RegisterCallAttempt['outcome']) => deps.onRegisterCall?.({ ms: Date.now() - started, outcome });
  try {
    const document = await withTimeout(
      (async () => {
        const agentId = await deps.agentId(salonId);
        if (!agentId) throw new Error('the salon has no agent');
        return deps.registerCall({
          agentId,
          from: call.from,
          to: call.to,
          callSid: call.callSid,
          dynamicVariables: callVariables(salonId, call, test, deps.now()),
        });
      })(),
      AGENT_TIMEOUT_MS,
    );
    attempt('answered');
    return document;
  } catch (error) {
    attempt(error instanceof OverBudgetError ? 'over-budget' : 'failed');
    deps.onAgentFailure?.(error);
    return null;
  }
}
