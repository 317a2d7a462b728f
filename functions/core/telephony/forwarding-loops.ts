import type { Salon } from '../salon-profile.js';
import type { StoredSetup } from '../ports/setup-store.js';
import type { Dialling } from '../ports/dialling-store.js';

/**
 * Forwarding that cannot loop (RELIABILITY 53). A salon's own line may forward its calls to our
 * number; dialling such a line (to put a caller through, or to ring the salon first) would ring us
 * again. Some loops we know before dialling: our own numbers, the line the owner told us forwards
 * to us, numbers that looped before. The rest we see at call time: a call that reaches the salon's
 * number through a `<Dial>` we have placed is our own call coming back.
 */

/** Numbers we never dial for the salon: ours, the line that forwards to us, and any that came back before. */
export function loopingNumbers(salon: Salon, setup: StoredSetup, calledNumber: string): Set<string> {
  const forwarded = setup.phoneOption === 'forward' ? setup.forwardNumber : '';
  return new Set([calledNumber, salon.assignedNumber ?? '', forwarded, ...(salon.loopingNumbers ?? [])].filter(Boolean));
}

/** A number callers can be given or put through to: the escalation number, else the salon's phone, never one that loops. */
export function personToDial(salon: Salon, setup: StoredSetup, calledNumber: string, exclude?: string): string | null {
  const loops = loopingNumbers(salon, setup, calledNumber);
  const candidates = [setup.voice?.escalationPhone, salon.phone];
  return candidates.find((number): number is string => Boolean(number) && !loops.has(number!) && number !== exclude) ?? null;
}

/**
 * Ringing first, when it can: with the salon's own number ('new'), its phone; with every call
 * forwarded to us, the put-through number (the salon's line would only ring us); with unanswered
 * calls forwarded, never, since the salon's phone has already rung.
 */
export function ringFirstTarget(salon: Salon, setup: StoredSetup, calledNumber: string): { to: string; seconds: number } | null {
  const seconds = setup.voice?.ringSalonFirstSeconds ?? 0;
  if (!seconds) return null;
  const loops = loopingNumbers(salon, setup, calledNumber);
  if (setup.phoneOption === 'forward') {
    const escalation = setup.voice?.escalationPhone;
    return setup.forwardWhen === 'all' && escalation && !loops.has(escalation) ? { to: escalation, seconds } : null;
  }
  return salon.phone && !loops.has(salon.phone) ? { to: salon.phone, seconds } : null;
}

/**
 * Whether this inbound call is one of our own `<Dial>`s come back, and through which number.
 * Our leg presents the caller's number (or the salon's own, where we present that), and the
 * carrier says which line forwarded it (Twilio's ForwardedFrom) when it can.
 */
export function loopedThrough(
  salon: Salon,
  call: { callSid: string; from: string; forwardedFrom?: string | undefined },
  dialling: readonly Dialling[],
): string | null {
  // Our own call's webhooks (Twilio's retries, its <Dial>'s outcome) are never a loop of it.
  const others = dialling.filter((leg) => leg.callSid !== call.callSid);
  if (!others.length) return null;
  if (call.forwardedFrom) return others.find((leg) => leg.to === call.forwardedFrom)?.to ?? null;
  if (call.from === salon.assignedNumber) return others[0]!.to;
  return others.find((leg) => leg.caller !== null && leg.caller === call.from)?.to ?? null;
}

/** How long a `<Dial>` of ours may still send a call back: its ring, and a margin for the carrier. */
export const DIALLING_MARGIN_SECONDS = 30;
