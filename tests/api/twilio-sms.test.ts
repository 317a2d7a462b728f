import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { deps } from '../../functions/composition-root.js';
import { twilioSignature } from '../../functions/providers/twilio-signature.js';
import { useProductDeps } from '../support/config-env.js';
import { api, signUpOwner } from '../support/owners.js';
import { eventsIdle } from '../support/stand-ins.js';
import { twilioAuthToken } from '../support/twilio-webhook.js';

/**
 * Twilio's inbound SMS webhook on the running product (docs/reminders.md). Twilio signs no time, so
 * a signed request can be replayed at will: each MessageSid is acted on once (RELIABILITY 72).
 */
beforeAll(useProductDeps);

async function text(params: { MessageSid: string; From: string; To: string; Body: string }) {
  const url = `${inject('baseUrl')}/api/twilio/sms`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(twilioAuthToken(), url, params) },
    body: new URLSearchParams(params).toString(),
  });
  return response.status;
}

const messageSid = () => `SM${randomUUID().replaceAll('-', '')}`;

describe('a replayed SMS webhook (the same MessageSid)', () => {
  it('is acted on once: one message kept and one reply for three deliveries; a replayed START does not undo a later STOP', async () => {
    const owner = await signUpOwner('sms-replay');
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    const number = `+3531${String(Date.now() + 7).slice(-7)}`;
    expect(await admin({ action: 'assign-number', salonId, phoneNumber: number })).toMatchObject({ ok: true });
    const from = '+353851234590';
    const late = { MessageSid: messageSid(), From: from, To: number, Body: 'Running 10 minutes late, sorry!' };
    expect(await Promise.all([text(late), text(late), text(late)])).toEqual([200, 200, 200]);
    await eventsIdle();
    const messages = (await api('/api/messages', { token: owner.accessToken })).body.messages as { message: string }[];
    expect(messages.filter((message) => message.message === late.Body)).toHaveLength(1);
    const outbox = (await api(`/_local/outbox.json?salon=${salonId}`)).body as { to: string; body: string; salonId: string }[];
    expect(outbox.filter((entry) => entry.salonId === salonId && entry.to === from && /passed your message on/.test(entry.body))).toHaveLength(1);

    const start = { MessageSid: messageSid(), From: from, To: number, Body: 'START' };
    for (const body of ['STOP', 'START', 'STOP'])
      expect(await text(body === 'START' ? start : { MessageSid: messageSid(), From: from, To: number, Body: body })).toBe(200);
    expect(await text(start)).toBe(200);
    expect(await deps().smsReplies.isOptedOut((await deps().sms.sender()).optOutScope, from)).toBe(true);
  });
});
