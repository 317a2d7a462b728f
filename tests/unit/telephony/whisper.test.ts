import { describe, expect, it } from 'vitest';
import { answerWhisper, answerWhisperKey, type WhisperDeps } from '../../../functions/core/telephony/whisper.js';
import { renderTwiml } from '../../../functions/providers/twilio-twiml.js';
import type { CallRecord } from '../../../functions/core/ports/call-types.js';
import type { Salon } from '../../../functions/core/salon-profile.js';

/** Whoever picks up a phone we ring hears who is calling and takes the call with a key (functions/core/telephony/whisper.ts). */
const SALON = 'sal_whisper';
const CALLER_CALL = `CA${'d'.repeat(32)}`;
const WEBHOOK = 'https://api.example.ie/api/twilio/voice';

function world(call: Partial<CallRecord> | null) {
  const noted: string[] = [];
  const deps: WhisperDeps = {
    salons: { get: async (id) => (id === SALON ? ({ id, name: 'Bláth Hair' } as Salon) : null) },
    calls: {
      get: async (salonId, callSid) =>
        call && salonId === SALON && callSid === CALLER_CALL ? ({ salonId, callSid, callerPhone: null, test: false, ...call } as CallRecord) : null,
      noteLegs: async (_salonId, callSid) => void noted.push(callSid),
    },
  };
  return { deps, noted };
}
const request = (overrides: { salonId?: string; digits?: string } = {}) => ({ salonId: SALON, callerCallSid: CALLER_CALL, webhookUrl: WEBHOOK, ...overrides });

describe('the whisper', () => {
  it("says the caller's number, a withheld one, or that it is the owner's test call", async () => {
    expect(renderTwiml((await answerWhisper(world({ callerPhone: '+353861112222' }).deps, request())).script)).toContain(
      'A call for Bláth Hair, from 0 8 6, 1 1 1, 2 2 2 2. Press 1 to take it.',
    );
    expect(renderTwiml((await answerWhisper(world({}).deps, request())).script)).toContain('A call for Bláth Hair, from a withheld number.');
    expect(renderTwiml((await answerWhisper(world({ test: true }).deps, request())).script)).toContain(
      'A call for Bláth Hair, a test call from your receptionist.',
    );
  });

  it("hangs up on the rung phone for a call that is not the salon's, and puts through only on a key", async () => {
    const known = world({ callerPhone: '+353861112222' });
    expect(renderTwiml((await answerWhisper(known.deps, request({ salonId: 'sal_other' }))).script)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
    expect(renderTwiml((await answerWhisperKey(known.deps, request())).script)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect(known.noted).toEqual([]);
    expect(renderTwiml((await answerWhisperKey(known.deps, request({ digits: '1' }))).script)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(known.noted).toEqual([CALLER_CALL]);
  });
});
