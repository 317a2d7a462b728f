import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { SALON_TIME_ZONE } from '../../functions/contracts/appointments.js';
import { partitionLayout } from '../../functions/store/partition-layout.js';
import { buildAccountExport } from '../../functions/core/account-export.js';
import { hashAgentSecret } from '../../functions/core/agent-secret.js';
import { agentTool, bookableSalon, connectSandboxCalendar, nextOpenDay } from '../support/bookable-salon.js';
import { finishedCall, leftMessage } from '../support/calls.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually, standIns } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/** RELIABILITY 25: `GET /api/account/export`, everything kept about the owner's salon and no secret. */
beforeAll(useProductDeps);

const exportOf = (owner: TestOwner) => api('/api/account/export', { token: owner.accessToken });

describe('GET /api/account/export', () => {
  let owner: TestOwner;
  let salonId: string;
  let secret: string;
  let callSid: string;

  beforeAll(async () => {
    owner = await signUpOwner('export');
    await connectSandboxCalendar(owner);
    ({ salonId, secret } = await bookableSalon(owner));
    const voice = {
      step: 3,
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      firstMessage: 'Hi, Bláth Hair here, the AI assistant speaking.',
      agentPhone: '',
      escalationPhone: '087 765 4321',
      phoneOption: 'new',
      forwardNumber: '',
    };
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(voice) })).status).toBe(200);
    const booked = await agentTool(
      secret,
      'book',
      { service: 'Cut and blow-dry', stylist: 'Aoife', start: `${nextOpenDay()}T10:00`, callerName: 'Mary Murphy', callerPhone: '087 123 4567' },
      'export-booking-1',
    );
    expect(booked.status).toBe(200);
    ({ callSid } = await finishedCall(salonId, { minutesAgo: 5, seconds: 95, summary: 'Booked a cut for Mary.' }));
    await leftMessage(salonId, { minutesAgo: 3, callerName: 'Siobhán', message: 'Please ring me about a bridal party.' });
    // The bus consumers' records (activity, minutes, delivery claims) are written asynchronously.
    await eventually(
      () => standIns().salonItems(salonId),
      (items) => ['ACTIVITY#', 'USAGE#', 'SENT#', 'OUTBOX#'].every((prefix) => items.some((item) => String(item.sk).startsWith(prefix))),
    );
  });

  it('needs a signed-in owner and takes no parameters, so no other salon can be named', async () => {
    expect((await api('/api/account/export')).status).toBe(401);
    expect((await api('/api/account/export', { token: 'not-a-token' })).status).toBe(401);
    const named = await api(`/api/account/export?salonId=${salonId}`, { token: owner.accessToken });
    expect(named.status).toBe(400);
  });

  it("answers a JSON attachment with the salon's records, section by section", async () => {
    const answer = await exportOf(owner);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const today = DateTime.now().setZone(SALON_TIME_ZONE).toISODate();
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="salon-data-${today}.json"`);
    const data = answer.body;
    expect(data).toMatchObject({ format: 'salondesk-account-export', version: 1, salonId });
    expect(data.salon).toMatchObject({ id: salonId, ownerId: owner.userId, name: 'Bláth Hair', phone: '+35312345678', hours: { sunday: { closed: true } } });
    expect(data.stylists).toMatchObject([{ name: 'Aoife' }]);
    expect(data.calendarMappings).toMatchObject([{ stylistId: data.stylists[0].id, calendarId: 'aoife@sandbox.calendar' }]);
    expect(data.services).toMatchObject([{ name: 'Cut and blow-dry', durationMinutes: 45, priceCents: 4500 }]);
    expect(data.voiceSettings).toMatchObject({ selectedVoice: 'niamh', escalationPhone: '+353877654321' });
    expect(data.setupProgress).toMatchObject({ currentStep: 3, savedSteps: [1, 2, 3] });
    expect(data.calendarConnection).toMatchObject({ provider: 'sandbox', status: 'connected' });
    expect(data.appointments).toMatchObject([
      { callerName: 'Mary Murphy', callerPhone: '+353871234567', status: 'confirmed', service: { name: 'Cut and blow-dry' } },
    ]);
    const call = data.calls.find((entry: { callSid: string }) => entry.callSid === callSid);
    expect(call).toMatchObject({
      summary: 'Booked a cut for Mary.',
      durationSeconds: 95,
      transcript: [{ role: 'agent' }, { role: 'caller', text: 'Can I book a cut?' }],
    });
    expect(call.transcriptExpiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.messages).toMatchObject([{ callerName: 'Siobhán', message: 'Please ring me about a bridal party.' }]);
    expect(data.usage.length).toBeGreaterThan(0);
    expect(data.usage[0]).toMatchObject({ period: expect.any(String), day: expect.any(String), minutes: expect.any(Number) });
    expect(data.activity.length).toBeGreaterThan(0);
    expect(data.bookingCounts).toMatchObject([{ total: 1, month: expect.stringMatching(/^\d{4}-\d\d$/), shard: expect.any(Number) }]);
  });

  it('answers the clients, bookings and waiting list as CSV files a spreadsheet opens, for the owner only', async () => {
    const today = DateTime.now().setZone(SALON_TIME_ZONE).toISODate();
    const csv = (table: string, token = owner.accessToken) => api(`/api/account/export-csv?table=${table}`, { token });
    const bookings = await csv('bookings');
    expect(bookings.status).toBe(200);
    expect(bookings.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(bookings.headers.get('content-disposition')).toBe(`attachment; filename="salon-bookings-${today}.csv"`);
    expect(bookings.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = bookings.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date,Start,End,Client,Phone,Email,Service,Price,Stylist,Status,Booked by,Booked at');
    expect(lines[1]).toMatch(new RegExp(`^${nextOpenDay()},10:00,10:45,Mary Murphy,087 123 4567,,Cut and blow-dry,€45,Aoife,confirmed,Receptionist,`));
    const clients = await csv('clients');
    // Mary booked, then left a message from the same number as Siobhán: one client, under the name given last.
    expect(clients.text.split('\r\n')).toContain(`Siobhán,087 123 4567,,1,${nextOpenDay()} 10:00,0,1`);
    const waiting = await csv('waiting-list');
    expect(waiting.status).toBe(200);
    expect(waiting.text.replace(/^\uFEFF/, '')).toBe('Day,Client,Phone,Service,Minutes,Added\r\n');
    // One of three tables, nothing else: no other salon can be named, no unknown table asked for.
    expect((await csv('calls')).status).toBe(400);
    expect((await api(`/api/account/export-csv?table=bookings&salonId=${salonId}`, { token: owner.accessToken })).status).toBe(400);
    expect((await api('/api/account/export-csv?table=bookings')).status).toBe(401);
    const other = await signUpOwner('export-csv-other');
    const theirs = await csv('bookings', other.accessToken);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('Mary Murphy');
  });

  it('leaves out secrets and internals, though the salon has them', async () => {
    const stored = await standIns().salonItems(salonId);
    const storedKinds = new Set(stored.map((item) => String(item.sk).split('#')[0]));
    for (const kind of ['AGENT', 'GOOGLE', 'DAY', 'CALLER', 'IDEMP', 'SENT', 'OUTBOX']) expect(storedKinds).toContain(kind);
    const grant = stored.find((item) => item.sk === 'GOOGLE')!;

    const answer = await exportOf(owner);
    for (const secretText of [secret, hashAgentSecret(secret), String(grant.encryptedRefreshToken), 'secretHash', 'encryptedRefreshToken', 'provisionLease']) {
      expect(answer.text).not.toContain(secretText);
    }
    // Nothing of the table's own addressing either.
    expect(answer.text).not.toMatch(/"(pk|sk|gsi1pk|gsi1sk)"|SALON#|OWNER#|DAY#|IDEMP#|SENT#|LIMIT#/);
  });

  it("shows each owner their own salon only, and a deleted owner's token gets 401", async () => {
    const other = await signUpOwner('export-other');
    await api('/api/salon', { token: other.accessToken });
    const theirs = await exportOf(other);
    expect(theirs.status).toBe(200);
    expect(theirs.body.salonId).not.toBe(salonId);
    expect(theirs.text).not.toContain(salonId);
    expect(theirs.text).not.toContain('Bláth Hair');
    expect(theirs.body.services).toEqual([]);
    expect((await exportOf(owner)).text).not.toContain(theirs.body.salonId);

    const deleted = await api('/api/account/delete', { method: 'POST', token: other.accessToken, body: JSON.stringify({ password: other.password }) });
    expect(deleted.status).toBe(200);
    const after = await exportOf(other);
    expect(after.status).toBe(401);
    expect(after.text).not.toContain(theirs.body.salonId);
  });
});

describe('the export allowlist', () => {
  it('exports a kind only once it is on the list: a new kind, and secrets on a listed kind, stay out', () => {
    const salonId = 'sal_allowlist';
    const pk = `SALON#${salonId}`;
    const data = buildAccountExport(
      partitionLayout,
      salonId,
      [
        { pk, sk: 'PROFILE', gsi1pk: 'OWNER#u1', gsi1sk: 'SALON', id: salonId, name: 'Ceol Hair' },
        {
          pk,
          sk: 'AGENT',
          secretHash: 'hash-of-secret',
          agentId: 'agent_1',
          agentProvider: 'sandbox',
          provisionLease: 'lease-1',
          agentTools: { book: 'tool_1' },
        },
        { pk, sk: 'GOOGLE', encryptedRefreshToken: 'ciphertext', provider: 'google', status: 'connected', connectedAt: '2026-01-01T00:00:00.000Z' },
        { pk, sk: 'SUBSCRIPTION', stripeSecret: 'sk_live_secret' },
        { pk, sk: 'USAGEWARN#2026-01#80', state: 'sent', sentAt: '2026-01-20T10:00:00.000Z', lease: 'lease-2' },
        { pk, sk: 'CALL#CA1#TRANSCRIPT', lines: [{ role: 'caller', text: 'Hello' }], ttl: 1_800_000_000 },
      ],
      new Date('2026-01-21T12:00:00Z'),
    );
    const text = JSON.stringify(data);
    for (const secretText of ['hash-of-secret', 'lease-1', 'lease-2', 'tool_1', 'ciphertext', 'sk_live_secret', 'SUBSCRIPTION', 'OWNER#'])
      expect(text).not.toContain(secretText);
    expect(data.salon).toEqual({ id: salonId, name: 'Ceol Hair' });
    expect(data.voiceAgent).toEqual({ agentId: 'agent_1', agentProvider: 'sandbox' });
    expect(data.calendarConnection).toEqual({ provider: 'google', status: 'connected', connectedAt: '2026-01-01T00:00:00.000Z' });
    expect(data.usageWarnings).toEqual([{ period: '2026-01', threshold: 80, state: 'sent', sentAt: '2026-01-20T10:00:00.000Z' }]);
    expect(data.calls).toEqual([{ callSid: 'CA1', transcript: [{ role: 'caller', text: 'Hello' }], transcriptExpiresAt: '2027-01-15T08:00:00.000Z' }]);
  });
});
