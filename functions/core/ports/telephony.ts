import type { CallScript } from '../telephony/call-script.js';

/**
 * The telephony port: the phone network side of a call. Two adapters implement it:
 * `twilio-telephony.ts` (the twilio SDK) and `sandbox-telephony.ts` (no account: a local signing
 * key, nothing dialled). Inbound calls arrive as webhooks (functions/api/twilio-voice.ts).
 */
export type TelephonyProviderName = 'twilio' | 'sandbox';

/** A webhook as Twilio signed it: the URL it called, the form parameters it posted, its header. */
export interface SignedWebhook {
  url: string;
  params: Record<string, string>;
  signature: string | undefined;
}

export interface NumberWebhooks {
  voiceUrl: string;
  statusCallbackUrl: string;
  /** Where texts to the number go: a caller's reply to a reminder ("C", "YES", STOP) reaches us only through it. */
  smsUrl: string;
}

/**
 * A call as its provider's own record has it, for the sweep to close a call whose end never
 * reached us: ended (what its status callback would have said), still going, or unknown to it.
 */
export type ProviderCallState =
  { state: 'ended'; finalStatus: string; durationSeconds: number; endedAt: string | null } | { state: 'live' } | { state: 'unknown' };

export interface TelephonyPort {
  provider(): Promise<TelephonyProviderName>;
  /** True when `X-Twilio-Signature` is the account's signature of this URL and these parameters. */
  verifyWebhook(webhook: SignedWebhook): Promise<boolean>;
  /** An access token for the browser voice SDK: outgoing calls through the stage's TwiML app. */
  clientToken(input: { identity: string; ttlSeconds: number }): Promise<string>;
  /**
   * Hangs up the browser test call `callSid`, only when it was placed by `from` (a
   * `client:<identity>`): false when there is no such call of that caller.
   */
  endConference(callSid: string, options: { from: string }): Promise<boolean>;
  /** Twilio's call resource for `callSid`: its status, duration and end time. */
  callState(callSid: string): Promise<ProviderCallState>;
  /** Replaces what a live call is doing with the script's steps (a transfer), rendered in the provider's language. */
  redirectCall(callSid: string, script: CallScript): Promise<void>;
  /** Points an owned number's voice webhook and status callback at ours (support's assign-number); false when the account has no such number. */
  pointNumberAt(e164: string, urls: NumberWebhooks): Promise<boolean>;
  /**
   * Buys up to `count` Irish local numbers for the pool, each pointed at our webhooks (operators'
   * stock-numbers). Ireland's numbers need the account's approved regulatory bundle and an Irish
   * address (NumberPurchase): the sandbox makes up numbers instead.
   */
  buyNumbers(input: { count: number; areaCode?: string; webhooks: NumberWebhooks }): Promise<string[]>;
  /** Gives a number back to the provider (operators' retire-number); false when the account has no such number. */
  releaseNumber(e164: string): Promise<boolean>;
}

/** What buying an Irish number needs at Twilio: the approved bundle (BU…) and the address (AD…) it names. */
export interface NumberPurchase {
  bundleSid: string;
  addressSid: string;
}

/** The provider refused or could not be reached; the message never quotes a phone number. */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TelephonyError';
  }
}
