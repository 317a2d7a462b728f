import * as z from 'zod';

/** The one /api/twilio Lambda's operations, named by `?route=`. */
export const twilioQuery = z.strictObject({
  route: z.enum(['client-token', 'end-conference'], { error: 'route must be client-token or end-conference' }),
});

/** client-token takes no body (an empty JSON object is accepted too). */
export const clientTokenRequest = z.strictObject({}).optional();

export const clientTokenResponse = z.strictObject({
  token: z.string(),
  /** The Twilio client identity the token is for (derived from the salon). */
  identity: z.string(),
  /** True when there is no Twilio account: the test call is the typed local receptionist. */
  sandbox: z.boolean(),
});
export type ClientTokenResponse = z.infer<typeof clientTokenResponse>;

export const endConferenceRequest = z.strictObject({
  callSid: z.string().regex(/^CA[0-9a-f]{32}$/, 'callSid is not a Twilio call SID'),
  salonId: z.string().min(1, 'salonId is required').max(64),
});
export type EndConferenceRequest = z.infer<typeof endConferenceRequest>;

/**
 * The voice webhook's query: a `<Dial>` posts its outcome back with stage=after-salon (ringing
 * the salon first) or stage=after-forward (forwarding); message mode's `<Gather>` posts what the
 * caller said with stage=message; Twilio's status callback comes with stage=status (each number's
 * StatusCallback, and the TwiML app's).
 */
export const voiceWebhookQuery = z.strictObject({
  stage: z.enum(['after-salon', 'after-forward', 'message', 'status'], { error: 'stage must be after-salon, after-forward, message or status' }).optional(),
});

/** What the voice webhook reads from Twilio's form parameters (everything else is ignored). */
export const voiceWebhookParams = z.looseObject({
  CallSid: z.string().min(1),
  From: z.string().default(''),
  To: z.string().default(''),
  salonId: z.string().optional(),
  /** The line that forwarded the call to us, when the caller's carrier passes it on (https://www.twilio.com/docs/voice/twiml#request-parameters). */
  ForwardedFrom: z.string().optional(),
  /** Message mode: what Twilio's speech recognition heard (https://www.twilio.com/docs/voice/twiml/gather#speechresult). */
  SpeechResult: z.string().max(10_000).optional(),
  DialCallStatus: z.string().optional(),
  CallStatus: z.string().optional(),
  CallDuration: z.string().optional(),
  Timestamp: z.string().optional(),
});

/** How long a browser test call's access token lives. */
export const CLIENT_TOKEN_TTL_SECONDS = 600;
