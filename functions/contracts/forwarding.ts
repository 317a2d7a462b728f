import type { ForwardWhen } from './setup.js';

/**
 * Forwarding the salon's own line to its receptionist, as the going-live checklist and the
 * number-ready email say it, in one place and in that order: go live first, then forward, then
 * ring the salon's number to check (forwarding first would send callers to a receptionist that is
 * not answering yet).
 *
 * The codes are the GSM supplementary-service codes of 3GPP TS 22.030 (annex B: 21 forwards every
 * call, 61 the calls not answered; `*code*number#` switches it on, `#code#` off), which Eir,
 * Vodafone and Three take on their mobiles and on their landlines where call forwarding is
 * switched on for the line. The number is dialled as at home: 0 and the rest, no spaces.
 */
export interface ForwardingCode {
  on: string;
  off: string;
}

export type ForwardingCodes = Record<ForwardWhen, ForwardingCode>;

/** The number as dialled within Ireland: `0…`, no spaces. */
export function dialledNationally(e164: string): string {
  return e164.startsWith('+353') ? `0${e164.slice(4)}` : e164;
}

export function forwardingCodes(receptionistNumber: string): ForwardingCodes {
  const number = dialledNationally(receptionistNumber);
  return {
    unanswered: { on: `*61*${number}#`, off: '#61#' },
    all: { on: `*21*${number}#`, off: '#21#' },
  };
}

/** How long after the owner starts the check a call to the receptionist counts as her check call. */
export const FORWARDING_CHECK_MINUTES = 15;

export const FORWARD_WHEN_LABELS: Record<ForwardWhen, string> = {
  unanswered: 'Only the calls nobody answers',
  all: 'Every call',
};

/** The checklist's words (the dashboard shows them; the number-ready email says the same). */
export const CHECKLIST_STEPS = {
  goLive: 'Switch your receptionist on (Go Live Now), so it answers the calls you send it.',
  forward: (code: ForwardingCode, when: ForwardWhen) =>
    `On your salon phone, dial ${code.on} to forward ${when === 'all' ? 'every call' : "the calls you don't answer"} to your receptionist. To stop forwarding, dial ${code.off}.`,
  check: 'Ring your salon number from another phone, such as your mobile. We tick this off as soon as the call reaches your receptionist.',
  unansweredTip: 'Let it ring out without answering: the calls nobody answers are the ones that come to your receptionist.',
} as const;

/** After an account is deleted: the salon's line should stop forwarding to a number that no longer answers for it. */
export function undoForwardingLine(): string {
  const codes = forwardingCodes('+353000000000');
  return `If you forwarded your salon's line to your receptionist, dial ${codes.unanswered.off} and ${codes.all.off} on it to stop forwarding.`;
}
