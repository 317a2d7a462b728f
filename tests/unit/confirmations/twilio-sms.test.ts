import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioSms, MAX_VALIDITY_SECONDS, validityPeriod } from '../../../functions/providers/twilio-sms.js';
import { SmsError } from '../../../functions/core/ports/sms.js';

/** A local fake of Twilio's Messages API; the real twilio SDK talks to it through its httpClient. */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const seen: { method: string; url: string; authorization: string | undefined; form: URLSearchParams }[] = [];

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const server = createServer((request, response) => {
  void (async () => {
    const form = new URLSearchParams(await read(request));
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, form });
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const to = form.get('To') ?? '';
    if (to === '+353000') return json(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
    if (to === '+353871111111') return json(503, { code: 20503, message: 'Service unavailable', status: 503 });
    if (to === '+353872222222') return json(429, { code: 20429, message: 'Too many requests', status: 429 });
    if (to === '+353873333333') return json(400, { code: 21610, message: `Attempt to send to unsubscribed recipient ${to}`, status: 400 });
    json(201, { sid: `SM${'a'.repeat(32)}`, account_sid: ACCOUNT, to, from: form.get('From'), body: form.get('Body'), status: 'queued' });
  })();
});
let root = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Twilio SMS adapter', () => {
  it("posts to the account's Messages resource with basic auth and answers the message sid", async () => {
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: '+35315550000', apiRoot: root });
    expect(await sms.provider()).toBe('twilio');
    const sent = await sms.send({ salonId: 'sal_1', to: '+353871234567', body: "You're booked at Bláth Hair." });
    expect(sent.id).toBe(`SM${'a'.repeat(32)}`);
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:token-1`).toString('base64')}`);
    expect(Object.fromEntries(request.form)).toEqual({ To: '+353871234567', From: '+35315550000', Body: "You're booked at Bláth Hair." });
  });

  it('sends through a Messaging Service when given one', async () => {
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: `MG${'b'.repeat(32)}`, apiRoot: root });
    await sms.send({ salonId: 'sal_1', to: '+353871234567', body: 'Hi' });
    expect(seen.at(-1)!.form.get('MessagingServiceSid')).toBe(`MG${'b'.repeat(32)}`);
    expect(seen.at(-1)!.form.get('From')).toBeNull();
  });

  it('gives a time-bound text a validity period, so Twilio drops it once it is no longer worth sending (1 s to 10 h)', async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: `MG${'b'.repeat(32)}`, apiRoot: root, now: () => now });
    await sms.send({ salonId: 'sal_1', to: '+353871234567', body: 'Pay your deposit', expiresAt: new Date('2026-11-28T10:29:30Z') });
    expect(seen.at(-1)!.form.get('ValidityPeriod')).toBe('1770');
    await sms.send({ salonId: 'sal_1', to: '+353871234567', body: 'Hi' });
    expect(seen.at(-1)!.form.get('ValidityPeriod')).toBeNull();
    expect(validityPeriod(new Date('2026-11-29T10:00:00Z'), now)).toBe(MAX_VALIDITY_SECONDS);
    expect(validityPeriod(new Date('2026-11-28T09:00:00Z'), now)).toBe(1);
  });

  it('turns refusals and outages into typed errors that never quote the number', async () => {
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: '+35315550000', apiRoot: root });
    const refused = await sms.send({ salonId: 's', to: '+353000', body: 'x' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsError);
    expect(refused).toMatchObject({ kind: 'rejected', status: 400, message: 'Twilio answered 400 (error 21211)' });
    expect(String((refused as Error).message)).not.toContain('+353');
    await expect(sms.send({ salonId: 's', to: '+353871111111', body: 'x' })).rejects.toMatchObject({ kind: 'unavailable', status: 503 });
    await expect(sms.send({ salonId: 's', to: '+353872222222', body: 'x' })).rejects.toMatchObject({ kind: 'unavailable', status: 429 });
  });

  // https://www.twilio.com/docs/api/errors/21610: the recipient opted out; the STOP check keeps it (functions/core/replies/opt-outs.ts).
  it("keeps Twilio's error code, so an opted-out recipient (21610) is told from any other refusal", async () => {
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: `MG${'b'.repeat(32)}`, apiRoot: root });
    await expect(sms.send({ salonId: 's', to: '+353873333333', body: 'x' })).rejects.toMatchObject({ kind: 'rejected', status: 400, code: 21610 });
  });

  // A Messaging Service's STOP covers its whole pool (https://help.twilio.com/articles/223181748-Customizing-HELP-STOP-messages-for-SMS-filtering);
  // an alphanumeric ID is one-way (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id).
  it('says who the texts come from: a Messaging Service (two-way, its STOP covers the service), a number, or a one-way alphanumeric ID', async () => {
    const sender = (from: string) => createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from, apiRoot: root }).sender();
    expect(await sender(`MG${'b'.repeat(32)}`)).toEqual({ from: `MG${'b'.repeat(32)}`, twoWay: true, optOutScope: `service:MG${'b'.repeat(32)}` });
    expect(await sender('+353830000001')).toEqual({ from: '+353830000001', twoWay: true, optOutScope: 'sender:+353830000001' });
    expect((await sender('SalonDesk')).twoWay).toBe(false);
    await createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: 'SalonDesk', apiRoot: root }).send({
      salonId: 's',
      to: '+353871234567',
      body: 'x',
    });
    expect(seen.at(-1)!.form.get('From')).toBe('SalonDesk');
  });

  it('reports an unreachable Twilio as unavailable', async () => {
    const sms = createTwilioSms({ accountSid: ACCOUNT, authToken: 'token-1', from: '+35315550000', apiRoot: 'http://127.0.0.1:9' });
    await expect(sms.send({ salonId: 's', to: '+353871234567', body: 'x' })).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
