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
  /** The Twilio edge the voice SDK connects through: the one that reaches the region the token was made for. */
  edge: z.string().optional(),
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
 * StatusCallback, and the TwiML app's); the person who picks up a phone we ring hears the whisper
 * (stage=whisper) and presses its key (stage=whisper-key), both naming the caller's call.
 */
export const voiceWebhookQuery = z.strictObject({
  stage: z
    .enum(['after-salon', 'after-forward', 'message', 'status', 'whisper', 'whisper-key'], {
      error: 'stage must be after-salon, after-forward, message, status, whisper or whisper-key',
    })
    .optional(),
  /** The whisper's: the salon and the caller's call, for which a phone was rung. */
  salon: z.string().min(1).max(64).optional(),
  call: z
    .string()
    .regex(/^CA[0-9a-f]{32}$/, 'call is not a Twilio call SID')
    .optional(),
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
  /** The whisper: the key the person who picked up pressed (https://www.twilio.com/docs/voice/twiml/gather#digits). */
  Digits: z.string().max(40).optional(),
  DialCallStatus: z.string().optional(),
  CallStatus: z.string().optional(),
  CallDuration: z.string().optional(),
  Timestamp: z.string().optional(),
});

/** How long a browser test call's access token lives. */
export const CLIENT_TOKEN_TTL_SECONDS = 600;
