import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { deps } from '../../functions/composition-root.js';
import { provisionAgent } from '../../functions/core/voice-agent/provision.js';
import { handler as voiceWebhook } from '../../functions/api/twilio-voice.js';
import { identityForSalon } from '../../functions/core/telephony/client-identity.js';
import { twilioSignature } from '../../functions/providers/twilio-signature.js';
import { setupMessages } from '../../functions/contracts/setup-fields.js';
import { callerLines } from '../../functions/core/telephony/call-script.js';
import { eventsIdle, standIns } from '../support/stand-ins.js';
import type { ApiEvent } from '../../functions/http/handler.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { postVoiceWebhook as post, twilioAuthToken as authToken, voiceWebhookUrl as webhookUrl } from '../support/twilio-webhook.js';
import { useProductDeps } from '../support/config-env.js';

/** Twilio's voice webhook over HTTP against the running product, signed as Twilio signs (the sandbox's local auth token). */
beforeAll(useProductDeps);

const callSid = () => `CA${randomBytes(16).toString('hex')}`;
/** YYYY-MM-DD in Ireland, `days` from today. */
const dublinDay = (days: number) => DateTime.now().setZone('Europe/Dublin').plus({ days }).toISODate()!;
let numberCounter = 0;
const freshNumber = () => `+3531${String(Date.now() + (numberCounter += 1)).slice(-7)}`;

async function step(owner: TestOwner, body: Record<string, unknown>) {
  const answer = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  expect(answer.status, answer.text).toBe(200);
}

/** A signed-up salon with its setup complete (escalation number included) and an assigned number. */
async function salonWithNumber(label: string, voice: Record<string, unknown> = {}) {
  const owner = await signUpOwner(label);
  const salon = (await api('/api/salon', { token: owner.accessToken })).body as { id: string };
  await step(owner, {
    step: 1,
    business: { name: 'Bláth Hair', phone: '01 234 5678', address_line: '1 Main St', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' },
    hours: DEFAULT_HOURS,
  });
  await step(owner, {
    step: 2,
    stylists: [{ key: 'new-0', name: 'Aoife' }],
    mappings: { 'new-0': 'aoife@sandbox.calendar' },
    services: [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }],
  });
  await step(owner, {
    step: 3,
    selectedVoice: 'niamh',
    firstMessage: "Hi, you're through to the salon's AI assistant.",
    escalationPhone: '087 765 4321',
    ...voice,
  });
  const number = freshNumber();
  expect(await admin({ action: 'assign-number', salonId: salon.id, phoneNumber: number })).toMatchObject({ ok: true });
  return { owner, salonId: salon.id, number };
}

const inbound = (to: string) => ({
  CallSid: callSid(),
  AccountSid: `AC${'0'.repeat(32)}`,
  From: '+353861112222',
  To: to,
  CallStatus: 'ringing',
  Direction: 'inbound',
  ApiVersion: '2010-04-01',
});

/** The whisper's URL for the caller's call, as our <Dial> names it (functions/core/telephony/inbound-call.ts, whisperUrl). */
const whisperQuery = (salonId: string, caller: { CallSid: string }, stage = 'whisper') =>
  `?${new URLSearchParams({ stage, salon: salonId, call: caller.CallSid })}`;

/**
 * Somebody picks up the phone we rang for `caller`: Twilio runs the <Number url> whisper on that
 * leg (its own CallSid, From the caller ID we presented, To the phone rung), then posts the key it
 * pressed, or nothing when a voicemail answered and the <Gather> ran out.
 */
async function pickUp(salonId: string, caller: ReturnType<typeof inbound>, rung: string, options: { press: boolean }) {
  const leg = {
    CallSid: callSid(),
    AccountSid: caller.AccountSid,
    From: caller.To,
    To: rung,
    CallStatus: 'in-progress',
    Direction: 'outbound-dial',
    ApiVersion: '2010-04-01',
  };
  const whisper = await post(leg, { query: whisperQuery(salonId, caller) });
  expect(whisper.status, whisper.text).toBe(200);
  if (!options.press) return whisper;
  const key = await post({ ...leg, Digits: '1' }, { query: whisperQuery(salonId, caller, 'whisper-key') });
  expect(key.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  return whisper;
}

describe('POST /api/twilio/voice: the signature', () => {
  it('answers a correctly signed webhook with TwiML', async () => {
    const answer = await post(inbound('+35315550001'));
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/xml/);
    expect(answer.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
  });

  it.each([
    ['no signature', { signature: null }],
    ['an empty signature', { signature: '' }],
    ['a wrong signature', { signature: 'd3Jvbmcgc2lnbmF0dXJlIGhlcmU=' }],
    ["another account's signature", { signature: twilioSignature('another-token', webhookUrl(), { To: '+35315550001' }) }],
    ['a tampered parameter', { signedParams: { ...inbound('+35315550001'), To: '+35315559999' } }],
    ['another URL', { signedUrl: webhookUrl('?stage=after-salon') }],
  ] as const)('refuses %s with 403, recording nothing', async (_label, options) => {
    const { owner, number } = await salonWithNumber('twilio-sig');
    const answer = await post(inbound(number), options as Parameters<typeof post>[1]);
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain('<Response>');
    expect((await api('/api/calls', { token: owner.accessToken })).body.calls).toEqual([]);
  });

  it('reads a base64-encoded form body as API Gateway may hand it over', async () => {
    const { number } = await salonWithNumber('twilio-b64');
    const params = inbound(number);
    const url = webhookUrl();
    const host = new URL(url).host;
    const event = {
      version: '2.0',
      rawPath: '/api/twilio/voice',
      rawQueryString: '',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken(), url, params) },
      requestContext: { domainName: host, http: { method: 'POST', path: '/api/twilio/voice' } },
      body: Buffer.from(new URLSearchParams(params).toString()).toString('base64'),
      isBase64Encoded: true,
    } as unknown as ApiEvent;
    const answer = await voiceWebhook(event, {} as never);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('>+353877654321</Number></Dial>');
    const tampered = { ...event, headers: { ...event.headers, 'x-twilio-signature': twilioSignature(authToken(), url, { ...params, From: '+353000000' }) } };
    expect((await voiceWebhook(tampered, {} as never)).statusCode).toBe(403);
  });
});

describe('POST /api/twilio/voice: routing by the called number', () => {
  it('an unassigned number hears the short polite message', async () => {
    const answer = await post(inbound('+35315550002'));
    expect(answer.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="Polly.Niamh-Neural" language="en-IE">${callerLines.unassigned}</Say><Hangup/></Response>`,
    );
  });

  it('a salon that is not live forwards to its escalation number, the same on a repeated webhook', async () => {
    const { salonId, number } = await salonWithNumber('twilio-notlive');
    const params = inbound(number);
    const first = await post(params);
    expect(first.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" callerId="${number}" action="${webhookUrl('?stage=after-forward')}" method="POST"><Number url="${webhookUrl(whisperQuery(salonId, params)).replaceAll('&', '&amp;')}" method="POST">+353877654321</Number></Dial></Response>`,
    );
    expect((await post(params)).text).toBe(first.text);
  });

  it("without an escalation number, to the salon's phone", async () => {
    const { number } = await salonWithNumber('twilio-salonphone', { escalationPhone: '' });
    const answer = (await post(inbound(number))).text;
    expect(answer).toContain(`<Dial answerOnBridge="true" callerId="${number}" action="${webhookUrl('?stage=after-forward')}" method="POST"><Number`);
    expect(answer).toContain('>+35312345678</Number></Dial>');
  });

  it('a released number keeps answering for its salon for 30 days: a message taken, and how to reach it', async () => {
    const { owner, salonId, number } = await salonWithNumber('twilio-released');
    expect(await admin({ action: 'release-number', salonId })).toMatchObject({ ok: true, salonId, released: number });
    const params = inbound(number);
    const answer = await post(params);
    expect(answer.text).toContain('<Gather input="speech"');
    expect(answer.text).toContain('This is an old number for Bláth Hair. You can also ring them on 0 1, 2 3 4, 5 6 7 8.');
    expect((await post({ ...params, SpeechResult: 'Hi it is Orla, ring me back on 087 123 4567' }, { query: '?stage=message' })).text).toContain(
      "Thanks, I'll pass your message on to Bláth Hair",
    );
    await eventsIdle();
    expect((await api('/api/messages', { token: owner.accessToken })).body.messages).toMatchObject([
      { message: 'Hi it is Orla, ring me back on 087 123 4567', caller: '086 111 2222' },
    ]);
  });

  it("refuses a browser test call whose salonId is not its client's salon", async () => {
    const mine = await salonWithNumber('twilio-client-a');
    const other = await salonWithNumber('twilio-client-b');
    const forged = { CallSid: callSid(), From: `client:${identityForSalon(mine.salonId)}`, To: '', salonId: other.salonId };
    expect((await post(forged)).status).toBe(403);
    expect((await post({ ...forged, salonId: 'sal_not-a-real-salon-000' })).status).toBe(403);
  });
});

describe('POST /api/twilio/voice: a live salon', () => {
  async function liveSalon(label: string, voice: Record<string, unknown> = {}) {
    const salon = await salonWithNumber(label, voice);
    await provisionAgent(deps(), salon.salonId);
    expect(await deps().salons.markLive(salon.salonId, new Date().toISOString())).toBe(true);
    return salon;
  }

  it("connects the caller to the salon's agent", async () => {
    const { number } = await liveSalon('twilio-live');
    const answer = await post(inbound(number));
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<Connect>|<Stream/);
    expect(answer.text).not.toContain('<Dial');
  });

  it("rings the salon's own phone first when set, signs the action callback, then the agent answers", async () => {
    const { salonId, number } = await liveSalon('twilio-ringfirst', { ringSalonFirstSeconds: 10 });
    const params = inbound(number);
    const first = await post(params);
    expect(first.text).toBe(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Dial answerOnBridge="true" timeout="10" callerId="${number}" action="${webhookUrl('?stage=after-salon')}" method="POST"><Number url="${webhookUrl(whisperQuery(salonId, params)).replaceAll('&', '&amp;')}" method="POST">+35312345678</Number></Dial></Response>`,
    );
    const unanswered = { ...params, CallStatus: 'in-progress', DialCallStatus: 'no-answer' };
    expect((await post(unanswered, { query: '?stage=after-salon' })).text).toMatch(/<Connect>|<Stream/);
    // The salon's phone shows our number: the whisper says who is calling, and only a key makes it the salon's call.
    const whisper = await pickUp(salonId, params, '+35312345678', { press: true });
    expect(whisper.text).toContain('A call for Bláth Hair, from 0 8 6, 1 1 1, 2 2 2 2. Press 1 to take it.</Say></Gather><Hangup/>');
    expect((await post({ ...params, DialCallStatus: 'completed' }, { query: '?stage=after-salon' })).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
    // The callback is signed for its own URL: the first webhook's signature does not carry over.
    expect((await post(unanswered, { query: '?stage=after-salon', signedUrl: webhookUrl() })).status).toBe(403);
    expect((await post(unanswered, { query: '?stage=somewhere-else' })).status).toBe(400);
    expect(await deps().calls.get(salonId, params.CallSid)).toMatchObject({ route: 'salon-first', agentConnected: true, salonAnswered: true });
  });

  it("answers with the receptionist when the salon's voicemail picked up: it completes the <Dial> but presses no key (issue 43, point 6)", async () => {
    const { salonId, number } = await liveSalon('twilio-voicemail', { ringSalonFirstSeconds: 10 });
    const params = inbound(number);
    expect((await post(params)).text).toContain('<Number url=');
    const whisper = await pickUp(salonId, params, '+35312345678', { press: false });
    // Nothing pressed: the <Gather> runs out and the voicemail's leg is hung up on.
    expect(whisper.text).toMatch(/<Gather input="dtmf" numDigits="1" timeout="6"[^>]*>.*<\/Gather><Hangup\/><\/Response>$/);
    expect((await post({ ...params, CallStatus: 'in-progress', DialCallStatus: 'completed' }, { query: '?stage=after-salon' })).text).toMatch(
      /<Connect>|<Stream/,
    );
    expect(await deps().calls.get(salonId, params.CallSid)).toMatchObject({ agentConnected: true, salonAnswered: false });
    // A key for a call the whisper does not know, or no key at all, puts nobody through.
    const stranger = { ...params, CallSid: callSid() };
    expect((await post({ ...stranger, From: number, Digits: '1' }, { query: whisperQuery(salonId, stranger, 'whisper-key') })).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
    expect((await post({ ...params, From: number }, { query: whisperQuery(salonId, params, 'whisper-key') })).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
    expect((await post({ ...params, From: number }, { query: '?stage=whisper' })).status).toBe(400);
    // Another salon's call named in the URL is not this salon's to take.
    expect((await post({ ...params, From: number, Digits: '1' }, { query: whisperQuery('sal_someone-else', params, 'whisper-key') })).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
  });

  it('takes messages once the owner paused the receptionist, ringing nobody, until the day it is back', async () => {
    const { owner, salonId, number } = await liveSalon('twilio-paused');
    const paused = await api('/api/agent/pause', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ until: dublinDay(3) }) });
    expect(paused.status, paused.text).toBe(200);
    const answer = await post(inbound(number));
    expect(answer.text).not.toContain('<Dial');
    expect(answer.text).toContain(`<Gather input="speech" action="${webhookUrl('?stage=message')}"`);
    expect(answer.text).toContain('The salon is closed, and back on');
    // Once that day comes the receptionist answers again by itself.
    await standIns().updateSalon(salonId, { pausedUntil: new Date(Date.now() - 1000).toISOString() });
    expect((await post(inbound(number))).text).toMatch(/<Connect>|<Stream/);
    expect((await api('/api/agent/pause', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ until: dublinDay(0) }) })).status).toBe(400);
    expect((await api('/api/agent/pause', { method: 'POST', token: owner.accessToken, body: JSON.stringify({ until: 'someday' }) })).status).toBe(400);
  });

  it('never puts a caller through to a line that forwards back to us: the looped call is refused, the caller leaves a message, and the number is never rung again', async () => {
    const { owner, salonId, number } = await liveSalon('twilio-loop', {
      ringSalonFirstSeconds: 10,
      phoneOption: 'forward',
      forwardNumber: '01 234 5678',
      forwardWhen: 'all',
    });
    const params = inbound(number);
    // Ringing first rings the put-through number (the salon's line only forwards to us)…
    expect((await post(params)).text).toContain('>+353877654321</Number></Dial>');
    // …which, unknown to us, forwards to us too: that call comes straight back and is refused.
    const looped = { ...inbound(number), ForwardedFrom: '+353877654321' };
    expect((await post(looped)).text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Reject reason="busy"/></Response>');
    const busy = await post({ ...params, CallStatus: 'in-progress', DialCallStatus: 'busy' }, { query: '?stage=after-salon' });
    expect(busy.text).toMatch(/<Connect>|<Stream/);
    expect((await deps().salons.get(salonId))!.loopingNumbers).toEqual(['+353877654321']);
    // The loop's leg is not a call of the salon's, whatever Twilio reports of it.
    await post({ ...looped, CallStatus: 'busy', CallDuration: '0', Timestamp: new Date().toUTCString() }, { query: '?stage=status' });
    expect((await api('/api/calls', { token: owner.accessToken })).body.calls.map((call: { callSid: string }) => call.callSid)).not.toContain(looped.CallSid);
    // The next call is not rung through it, and the owner is told why.
    expect((await post(inbound(number))).text).toMatch(/<Connect>|<Stream/);
    expect((await api('/api/salon', { token: owner.accessToken })).body.looping_numbers_display).toEqual(['087 765 4321']);
    const refused = await api('/api/setup/step', {
      method: 'POST',
      token: owner.accessToken,
      body: JSON.stringify({
        step: 3,
        selectedVoice: 'niamh',
        firstMessage: 'Hi, the AI assistant here.',
        escalationPhone: '087 765 4321',
        phoneOption: 'forward',
        forwardNumber: '01 234 5678',
        forwardWhen: 'all',
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe(setupMessages.putThroughForwards);
  });

  it("connects the owner's browser test call to the agent, live or not", async () => {
    const { salonId } = await salonWithNumber('twilio-testcall');
    await provisionAgent(deps(), salonId);
    const answer = await post({ CallSid: callSid(), AccountSid: `AC${'0'.repeat(32)}`, From: `client:${identityForSalon(salonId)}`, To: '', salonId });
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/<Connect>|<Stream/);
  });
});

describe('POST /api/twilio/voice: every call is recorded, and its end announced once', () => {
  const logged = async (owner: TestOwner) => (await api('/api/calls', { token: owner.accessToken })).body.calls as Record<string, unknown>[];
  const status = (params: ReturnType<typeof inbound>, callStatus: string, callDuration?: number) =>
    post(
      { ...params, CallStatus: callStatus, ...(callDuration === undefined ? {} : { CallDuration: String(callDuration) }), Timestamp: new Date().toUTCString() },
      { query: '?stage=status' },
    );

  it('a forwarded call the salon picked up: one record, "forwarded", however often and in whatever order Twilio posts', async () => {
    const { owner, salonId, number } = await salonWithNumber('twilio-record-fwd');
    const params = inbound(number);
    // The status callback first (a replay), then the ring, the <Dial>'s outcome and ten more status callbacks at once.
    expect((await status(params, 'completed', 95)).status).toBe(200);
    await post(params);
    await pickUp(salonId, params, '+353877654321', { press: true });
    expect((await post({ ...params, DialCallStatus: 'completed' }, { query: '?stage=after-forward' })).text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>',
    );
    await Promise.all(Array.from({ length: 10 }, () => status(params, 'completed', 95)));
    const calls = await logged(owner);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ callSid: params.CallSid, caller: '086 111 2222', durationSeconds: 95, outcome: 'forwarded', test: false });
    expect(await deps().calls.get(salonId, params.CallSid)).toMatchObject({
      route: 'forwarded',
      salonAnswered: true,
      agentConnected: false,
      finalStatus: 'completed',
    });
  });

  it('a forwarded call nobody picked up asks for a message: missed when none is left, a message taken when one is', async () => {
    const { owner, number } = await salonWithNumber('twilio-record-missed');
    const params = inbound(number);
    await post(params);
    const nobody = await post({ ...params, DialCallStatus: 'no-answer' }, { query: '?stage=after-forward' });
    expect(nobody.text).toContain("Nobody's free to take your call just now.");
    await status(params, 'completed', 40);
    expect(await logged(owner)).toMatchObject([{ callSid: params.CallSid, outcome: 'missed' }]);

    const second = inbound(number);
    await post(second);
    await post({ ...second, DialCallStatus: 'busy' }, { query: '?stage=after-forward' });
    expect((await post({ ...second, SpeechResult: 'Can someone ring me about a colour?' }, { query: '?stage=message' })).text).toContain(
      "and they'll get back to you. Goodbye.",
    );
    // Saying nothing is the <Gather> falling through (no webhook); an empty result is answered the same way.
    expect((await post({ ...second, SpeechResult: '' }, { query: '?stage=message' })).text).toContain('Thanks for calling Bláth Hair.');
    await status(second, 'completed', 50);
    expect((await logged(owner))[0]).toMatchObject({ callSid: second.CallSid, outcome: 'message' });
  });

  it('a caller who hangs up while it rings is abandoned; statuses that are not an end change nothing', async () => {
    const { owner, number } = await salonWithNumber('twilio-record-abandoned');
    const params = inbound(number);
    await post(params);
    for (const callStatus of ['ringing', 'in-progress', 'queued', 'bogus']) expect((await status(params, callStatus)).status).toBe(200);
    expect(await logged(owner)).toMatchObject([{ callSid: params.CallSid, outcome: null }]);
    await status(params, 'canceled');
    expect(await logged(owner)).toMatchObject([{ callSid: params.CallSid, outcome: 'abandoned', durationSeconds: 0 }]);
  });

  it('refuses an unsigned or tampered status callback with 403, recording nothing', async () => {
    const { owner, number } = await salonWithNumber('twilio-record-sig');
    const params = { ...inbound(number), CallStatus: 'completed', CallDuration: '60' };
    expect((await post(params, { query: '?stage=status', signature: null })).status).toBe(403);
    expect((await post(params, { query: '?stage=status', signedParams: { ...params, CallDuration: '6000' } })).status).toBe(403);
    expect((await post(params, { query: '?stage=status', signedUrl: webhookUrl() })).status).toBe(403);
    expect(await logged(owner)).toEqual([]);
  });

  it('a status callback for a number no salon has is acknowledged and dropped', async () => {
    const answer = await status(inbound('+35315550003'), 'completed', 30);
    expect(answer.status).toBe(200);
  });
});
