// Twilio's TwiML builder alone, by its module path (twilio-sdk.ts says why; importing that module
// would also load the REST client, which the voice webhook never uses).
import VoiceResponseModule from 'twilio/lib/twiml/VoiceResponse.js';

/** CommonJS `exports.default` seen from ESM: the class itself (bundlers) or `{ default }` (Node). */
export const VoiceResponse = ((VoiceResponseModule as unknown as { default?: typeof VoiceResponseModule }).default ??
  VoiceResponseModule) as typeof VoiceResponseModule;
