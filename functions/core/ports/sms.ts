/**
 * The SMS port: text messages to callers. Two adapters implement it: `twilio-sms.ts` (the twilio
 * SDK) and `sandbox-sms.ts` (the outbox in the single table, listed on the local outbox page).
 */
export type SmsProviderName = 'twilio' | 'sandbox';

export interface SmsMessage {
  /** The salon the message is sent for (the sandbox keeps its outbox under it). */
  salonId: string;
  /** E.164 */
  to: string;
  body: string;
  /** A time-bound text (a payment link): not worth delivering after this, so the provider drops it from its queue then. */
  expiresAt?: Date;
  /** The booking the text is about: a reply ("C") refers to it (functions/core/replies/last-text.ts). Not sent to the provider. */
  about?: { bookingId: string };
}

/**
 * - `rejected`: the provider refused this message (bad number, blocked recipient): a retry will not help.
 * - `unavailable`: timeout, 429 or 5xx: try again later.
 * Messages carry the provider's status and code only, never a number or a body (RELIABILITY 26).
 */
export class SmsError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status?: number,
    /** Twilio's error code, when it gave one (21610: the number opted out). */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/**
 * Who the texts come from (docs/reminders.md, "Which number texts come from"): `from` is a
 * Messaging Service (MG…), a number or an alphanumeric ID; `twoWay` is false for an alphanumeric
 * ID, which no reply reaches; `optOutScope` is what a STOP to it blocks (functions/providers/twilio-opt-out.ts).
 */
export interface SmsSender {
  from: string;
  twoWay: boolean;
  optOutScope: string;
}

export interface SmsPort {
  provider(): Promise<SmsProviderName>;
  sender(): Promise<SmsSender>;
  /** Answers the provider's message id. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** E.164 as Twilio accepts it: +, a non-zero digit, up to 15 digits in all. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value);
}

/** The SmsError code for a text to a number that opted out (Twilio's 21610, which the port adopts: https://www.twilio.com/docs/api/errors/21610). */
export const OPTED_OUT_ERROR = 21610;
