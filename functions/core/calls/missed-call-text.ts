import { DateTime } from 'luxon';
import type { CallOutcome } from '../../contracts/calls.js';
import { SALON_TIME_ZONE } from '../../contracts/appointments.js';
import { displayPhone } from '../../contracts/phone.js';

/**
 * Missed calls win bookings back: a caller nobody answered (the call was missed, or they hung
 * up before the receptionist or a person picked up) gets one text with the salon's name and how
 * to book, when the owner turned it on. At most once a day per number (the delivery claim is
 * keyed by the day), and never at night: a text at 23:00 about a call nobody took reads as
 * noise, and by morning the caller has usually rung again.
 */
export const TEXTED_OUTCOMES: ReadonlySet<CallOutcome> = new Set(['missed', 'abandoned']);

/** Irish time: texts go out from 09:00 until 21:00. */
export const TEXT_HOURS = { from: 9, until: 21 } as const;

export interface MissedCall {
  outcome: CallOutcome;
  test: boolean;
  callerPhone: string | null;
}

export interface MissedCallSalon {
  name: string;
  /** The number callers ring (the one support assigned), else the salon's own. */
  callBackNumber: string | null;
  textMissedCallers: boolean;
  /** Live: the receptionist takes the call back at any hour, and the text may say so. */
  receptionistAnswers: boolean;
}

export type MissedCallTextDecision =
  { send: true; to: string; body: string; day: string } | { send: false; reason: 'answered' | 'test' | 'off' | 'no-caller' | 'no-number' | 'night' };

export function missedCallText(call: MissedCall, salon: MissedCallSalon, now: Date): MissedCallTextDecision {
  if (!TEXTED_OUTCOMES.has(call.outcome)) return { send: false, reason: 'answered' };
  if (call.test) return { send: false, reason: 'test' };
  if (!salon.textMissedCallers) return { send: false, reason: 'off' };
  if (!call.callerPhone) return { send: false, reason: 'no-caller' };
  if (!salon.callBackNumber) return { send: false, reason: 'no-number' };
  const local = DateTime.fromJSDate(now, { zone: SALON_TIME_ZONE });
  if (local.hour < TEXT_HOURS.from || local.hour >= TEXT_HOURS.until) return { send: false, reason: 'night' };
  return {
    send: true,
    to: call.callerPhone,
    day: local.toISODate()!,
    body: `Sorry we missed your call to ${salon.name}. Ring us back on ${displayPhone(salon.callBackNumber)}${
      salon.receptionistAnswers ? ' any time: our receptionist answers day and night and can book you in.' : ' to book.'
    }`,
  };
}
