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
 * the salon first) or stage=after-forward (forwarding); Twilio's status callback comes with
 * stage=status (each number's StatusCallback, and the TwiML app's).
 */
export const voiceWebhookQuery = z.strictObject({
  stage: z.enum(['after-salon', 'after-forward', 'status'], { error: 'stage must be after-salon, after-forward or status' }).optional(),
});

/** What the voice webhook reads from Twilio's form parameters (everything else is ignored). */
export const voiceWebhookParams = z.looseObject({
  CallSid: z.string().min(1),
  From: z.string().default(''),
  To: z.string().default(''),
  salonId: z.string().optional(),
  DialCallStatus: z.string().optional(),
  CallStatus: z.string().optional(),
  CallDuration: z.string().optional(),
  Timestamp: z.string().optional(),
});

/** How long a browser test call's access token lives. */
export const CLIENT_TOKEN_TTL_SECONDS = 600;
