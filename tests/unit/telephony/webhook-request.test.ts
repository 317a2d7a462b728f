import { describe, expect, it } from 'vitest';
import { webhookParams, webhookUrls } from '../../../functions/http/twilio-webhook-request.js';
import type { ApiEvent } from '../../../functions/http/handler.js';

/** The URL Twilio signed, rebuilt from what API Gateway handed the Lambda. */
function event(overrides: Partial<ApiEvent> & { headers?: Record<string, string> }): ApiEvent {
  return {
    rawPath: '/api/twilio/voice',
    rawQueryString: '',
    headers: {},
    requestContext: { domainName: 'abc123.execute-api.eu-west-1.amazonaws.com' },
    ...overrides,
  } as unknown as ApiEvent;
}

describe('the webhook as Twilio requested it', () => {
  it("is the API's own https URL (Twilio pointed at API Gateway) or the site's (pointed at CloudFront)", () => {
    const urls = webhookUrls(
      event({ headers: { host: 'abc123.execute-api.eu-west-1.amazonaws.com', 'x-forwarded-proto': 'https' }, rawQueryString: 'stage=after-salon' }),
      'https://salon.example.ie',
    );
    expect(urls).toEqual([
      'https://abc123.execute-api.eu-west-1.amazonaws.com/api/twilio/voice?stage=after-salon',
      'https://salon.example.ie/api/twilio/voice?stage=after-salon',
    ]);
  });

  it('is plain http on the local server, once when the site is the same origin', () => {
    expect(webhookUrls(event({ headers: { host: 'localhost:3000' } }), 'http://localhost:3000')).toEqual(['http://localhost:3000/api/twilio/voice']);
  });

  it('reads the form parameters, base64-encoded or not', () => {
    const form = 'CallSid=CA1&From=%2B353861112222&To=%2B35315550000&CallerName=S%C3%ADle+%26+Co';
    const expected = { CallSid: 'CA1', From: '+353861112222', To: '+35315550000', CallerName: 'Síle & Co' };
    expect(webhookParams(event({ body: form, isBase64Encoded: false }))).toEqual(expected);
    expect(webhookParams(event({ body: Buffer.from(form).toString('base64'), isBase64Encoded: true }))).toEqual(expected);
    expect(webhookParams(event({}))).toEqual({});
  });
});
