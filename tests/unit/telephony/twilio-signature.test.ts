import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, twilioSignature } from '../../../functions/providers/twilio-signature.js';

/** Our few lines against the SDK's validateRequest, so the two cannot drift apart. */
const TOKEN = '12345678901234567890123456789012';
const URL_ = 'https://abc123.execute-api.eu-west-1.amazonaws.com/api/twilio/voice';
const PARAMS = {
  CallSid: `CA${'1'.repeat(32)}`,
  AccountSid: `AC${'2'.repeat(32)}`,
  From: '+353871234567',
  To: '+35315550000',
  CallStatus: 'ringing',
  Direction: 'inbound',
  CallerName: 'Siobhán Ó Briain & Co',
};

const cases: [string, string, Record<string, string>][] = [
  ['a plain inbound call', URL_, PARAMS],
  ['a query string', `${URL_}?stage=after-salon`, { ...PARAMS, DialCallStatus: 'no-answer' }],
  ['a browser client call', URL_, { CallSid: PARAMS.CallSid, From: 'client:salon_73616c5f', To: '', salonId: 'sal_abc-DEF_123' }],
  ['no parameters', URL_, {}],
  ['local http with a port', 'http://localhost:5173/api/twilio/voice', PARAMS],
  ['names differing only in case', URL_, { a: '1', B: '2', b: '3', A: '4' }],
];

describe("Twilio's webhook signature", () => {
  it.each(cases)('agrees with twilio.validateRequest: %s', (_label, url, params) => {
    const signature = twilioSignature(TOKEN, url, params);
    expect(twilio.validateRequest(TOKEN, signature, url, params)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, url, params, signature)).toBe(true);
    expect(signature).toBe(twilio.getExpectedTwilioSignature(TOKEN, url, params));
  });

  it('refuses a missing, empty or wrong signature, and another account’s', () => {
    const signature = twilioSignature(TOKEN, URL_, PARAMS);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, undefined)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, '')).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, 'not-a-signature')).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, `${signature.slice(0, -2)}A=`)).toBe(false);
    expect(isValidTwilioSignature('another-accounts-token', URL_, PARAMS, signature)).toBe(false);
  });

  it('refuses a tampered parameter, an added one, a removed one and another URL', () => {
    const signature = twilioSignature(TOKEN, URL_, PARAMS);
    for (const params of [
      { ...PARAMS, To: '+35315559999' },
      { ...PARAMS, salonId: 'sal_other' },
      { ...PARAMS, From: undefined as unknown as string },
    ]) {
      const cleaned = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
      expect(isValidTwilioSignature(TOKEN, URL_, cleaned, signature)).toBe(false);
      expect(twilio.validateRequest(TOKEN, signature, URL_, cleaned)).toBe(false);
    }
    expect(isValidTwilioSignature(TOKEN, `${URL_}?stage=after-salon`, PARAMS, signature)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, URL_.replace('https:', 'http:'), PARAMS, signature)).toBe(false);
  });

  it('answers false, never throws, for a URL that does not parse (a junk Host header)', () => {
    expect(isValidTwilioSignature(TOKEN, 'http://a b/api/twilio/voice', PARAMS, 'c2lnbmF0dXJl')).toBe(false);
  });

  it('accepts the URL signed with its default port written out, as the SDK does', () => {
    const withPort = URL_.replace('.amazonaws.com/', '.amazonaws.com:443/');
    const signature = twilioSignature(TOKEN, withPort, PARAMS);
    expect(twilio.validateRequest(TOKEN, signature, URL_, PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, URL_, PARAMS, signature)).toBe(true);
  });
});
