/**
 * Values filled in per call by the voice webhook (`register-call`), never baked into the agent.
 * Apart from the agent's definition (agent-config.ts), so the voice webhook, which fills them on
 * every call, does not load the tools and the booking code the definition describes.
 */
export const CALL_VARIABLES = {
  salonId: 'salon_id',
  today: 'today',
  callerPhone: 'caller_phone',
  testCall: 'test_call',
  /**
   * Twilio's call SID, ours to send: the provider's own `system__call_sid` is documented for
   * calls through its Twilio integration only, not for calls we register ourselves.
   */
  callSid: 'call_sid',
} as const;
