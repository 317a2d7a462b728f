import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { DAYS, DEFAULT_HOURS, type Day } from '../../functions/contracts/setup.js';
import { api, signUpOwner } from '../support/owners.js';
import { useProductDeps } from '../support/config-env.js';
import { eventually } from '../support/stand-ins.js';

/**
 * The owner's waiting list (issue 45 point 4, RELIABILITY 160–161): `GET /api/waitlist` shows
 * who waits for what and which day, `?route=remove` takes someone off, `?route=offer` texts them a free
 * time by hand with the text a freed time sends, and refuses a time that is not free for their service.
 */
const ZONE = 'Europe/Dublin';

beforeAll(useProductDeps);

async function outbox(): Promise<{ to: string; channel: string; body: string }[]> {
  return (await api('/_local/outbox.json')).body as { to: string; channel: string; body: string }[];
}

/** A salon open 09:00–10:00 on the day three days ahead, one stylist, and its one 45-minute cut booked at 09:00: the day is full. */
async function fullDay() {
  const day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3 });
  const date = day.toISODate()!;
  const weekday = DAYS[day.weekday - 1] as Day;
  const owner = await signUpOwner('waitlist');
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const step = (body: unknown) => api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
  await step({
    step: 1,
    business: { name: 'Headroom', phone: '061 123 456' },
    hours: { ...DEFAULT_HOURS, [weekday]: { open: '09:00', close: '10:00', closed: false } },
  });
  await step({
    step: 2,
    stylists: [{ key: 'new-0', name: 'Aoife' }],
    mappings: {},
    services: [
      { name: 'Cut & blow-dry', duration: 45, price: 45 },
      { name: 'Fringe trim', duration: 15, price: 10 },
    ],
  });
  const secret = ((await admin({ action: 'agent-secret', salonId })) as { secret: string }).secret;
  const tool = (name: string, body: unknown) => api(`/api/agent/tools?tool=${name}`, { method: 'POST', token: secret, body: JSON.stringify(body) });
  expect((await tool('book', { service: 'cut', start: `${date}T09:00`, callerName: 'Mary Murphy', callerPhone: '+353861330001' })).status).toBe(200);
  const waiter = `+3538613${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const joined = await tool('join-waitlist', { service: 'cut', date, callerName: 'Nóra Daly', callerPhone: waiter });
  expect(joined.status).toBe(200);
  const call = (route: string, body?: unknown) =>
    api(`/api/waitlist${route}`, { token: owner.accessToken, ...(body ? { method: 'POST', body: JSON.stringify(body) } : {}) });
  return { date, waiter, tool, call };
}

describe('the waiting list on the dashboard', () => {
  it('lists who waits, for what and which day, and takes someone off', async () => {
    const { date, call } = await fullDay();
    const listed = await call('');
    expect(listed.status).toBe(200);
    expect(listed.body.entries).toEqual([
      expect.objectContaining({ date, service: 'Cut & blow-dry', callerName: 'Nóra Daly', caller: expect.stringMatching(/^086 13/) }),
    ]);
    const { id } = listed.body.entries[0] as { id: string };
    expect((await call('?route=remove', { date, id })).status).toBe(200);
    expect((await call('')).body.entries).toEqual([]);
    expect((await call('?route=remove', { date, id })).status).toBe(404);
  });

  it('offers a time by hand only when it is free for their service, with the text a freed time sends', async () => {
    const { date, waiter, tool, call } = await fullDay();
    const { id } = (await call('')).body.entries[0] as { id: string };
    // 09:45 has room for a fringe trim, not for their 45-minute cut.
    const notFree = await call('?route=offer', { date, id, time: '09:45' });
    expect(notFree.status).toBe(409);
    expect(notFree.body.error).toBe("09:45 isn't free for a Cut & blow-dry that day: choose another time.");
    expect((await outbox()).filter((message) => message.to === waiter)).toEqual([]);
    // The booking at 09:00 is cancelled; the owner offers 09:15.
    expect((await tool('cancel', { callerPhone: '+353861330001' })).status).toBe(200);
    const offered = await call('?route=offer', { date, id, time: '09:15' });
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual({ offered: true, stylist: 'Aoife' });
    const texts = (await outbox()).filter((message) => message.to === waiter && message.body.includes(' at 09:15'));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Headroom: a time has come free for your Cut & blow-dry with Aoife on .+ at 09:15\. (Reply YES|Call us) to take it/);
    // Three days ahead, the cancellation itself texts the freed 09:00 too, as the caller was promised.
    const freed = await eventually(outbox, (messages) => messages.some((message) => message.to === waiter && message.body.includes(' at 09:00')), 10_000);
    expect(freed.filter((message) => message.to === waiter && message.body.includes(' at 09:00'))).toHaveLength(1);
    // A second click texts nothing twice.
    expect((await call('?route=offer', { date, id, time: '09:15' })).status).toBe(200);
    expect((await outbox()).filter((message) => message.to === waiter && message.body.includes(' at 09:15'))).toHaveLength(1);
  });

  it('refuses a malformed entry, a time that is not HH:MM, and a POST route on a GET', async () => {
    const { date, call } = await fullDay();
    expect((await call('?route=offer', { date, id: 'x', time: '09:15' })).status).toBe(400);
    expect((await call('?route=offer', { date, id: 'a'.repeat(32), time: '9am' })).status).toBe(400);
    expect((await call('?route=offer')).status).toBe(400);
    expect((await call('?route=remove', { date, id: 'a'.repeat(32) })).status).toBe(404);
  });
});
