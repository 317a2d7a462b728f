import { beforeAll, describe, expect, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { handler as admin } from '../../functions/admin/assign-phone-number.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import type { HttpMethod } from '../../functions/routes.js';
// Every route the local product serves: the deployed ones and the local-only ones (local/routes.ts).
import { allLocalRoutes as routes } from '../../local/routes.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually, standIns } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';

/**
 * RELIABILITY 35: after POST /api/account/delete the owner's access token stays valid for up to
 * an hour (API Gateway's authorizer does not see revocation). With it, every owner route answers
 * 401 and nothing of the salon comes back; support cannot issue the salon an agent secret either.
 */
beforeAll(useProductDeps);

const BUSINESS = { name: 'Bláth Hair', phone: '091 123 456', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };

async function priceListUpload(): Promise<RequestInit> {
  const form = new FormData();
  form.append('files', new Blob(['Cut and blow-dry €45\nFringe trim €10'], { type: 'text/plain' }), 'price-list.txt');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/**
 * A request each owner route would accept from a signed-in owner, so a 401 can only be the
 * deleted account. A new owner route must be added here.
 */
const validRequests: Record<string, (owner: TestOwner) => Promise<{ query?: string; init: RequestInit }>> = {
  'get-salon': async () => ({ init: {} }),
  'delete-account': async (owner) => ({ init: { body: JSON.stringify({ password: owner.password }) } }),
  'export-account': async () => ({ init: {} }),
  'export-account-csv': async () => ({ query: '?table=bookings', init: {} }),
  'setup-load': async () => ({ init: {} }),
  'setup-step': async () => ({ init: { body: JSON.stringify({ step: 1, business: BUSINESS, hours: DEFAULT_HOURS, currentStep: 2 }) } }),
  'google-oauth-start': async () => ({ init: {} }),
  'google-list-calendars': async () => ({ init: {} }),
  'services-extract': async () => ({ init: await priceListUpload() }),
  'list-appointments': async () => ({ query: '?days=7', init: {} }),
  // An appointment the salon does not have: 404 while the account exists, 401 once it is deleted.
  waitlist: async () => ({ init: {} }),
  'change-appointment': async () => ({ init: { body: JSON.stringify({ bookingId: 'bk_none', noShow: true }) } }),
  'get-dashboard': async () => ({ init: {} }),
  'go-live': async () => ({ init: {} }),
  'pause-receptionist': async () => ({ init: {} }),
  'start-forwarding-check': async () => ({ init: {} }),
  'contact-support': async () => ({ init: { body: JSON.stringify({ topic: 'number', message: 'Where is my number?' }) } }),
  receptionist: async () => ({ init: { body: '{}' } }),
  'clear-test-bookings': async () => ({ init: {} }),
  twilio: async () => ({ query: '?route=client-token', init: { body: '{}' } }),
  // GET: the payment account's status; POST: a link to its onboarding.
  stripe: async () => ({ init: {} }),
  'list-calls': async () => ({ init: {} }),
  'delete-call': async () => ({ init: { body: JSON.stringify({ callSid: `CA${'0'.repeat(32)}` }) } }),
  'list-messages': async () => ({ init: {} }),
  'mark-message-done': async () => ({
    init: { body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', createdAt: '2026-11-20T10:00:00.000Z', done: true }) },
  }),
};

const ownerRoutes = routes.filter((route) => route.auth === 'owner').flatMap((route) => route.methods.map((method) => ({ route, method })));

async function callRoute(owner: TestOwner, id: string, path: string, method: HttpMethod) {
  const make = validRequests[id];
  if (!make) throw new Error(`No request for owner route ${id}: add one to validRequests`);
  const { query = '', init } = await make(owner);
  return api(`${path}${query}`, { ...init, method, token: owner.accessToken });
}

/** Every owner route but deletion itself, which must stay possible to run again. */
async function answersFromEveryOwnerRoute(owner: TestOwner, options: { includeDeletion: boolean }) {
  const answers: Record<string, number> = {};
  for (const { route, method } of ownerRoutes) {
    if (route.id === 'delete-account' && !options.includeDeletion) continue;
    answers[`${method} ${route.path}`] = (await callRoute(owner, route.id, route.path, method)).status;
  }
  return answers;
}

const all401 = (answers: Record<string, number>) => Object.fromEntries(Object.keys(answers).map((key) => [key, 401]));

describe('a deleted account never comes back (RELIABILITY 35)', () => {
  it('answers the old token 401 on every owner route, and nothing of the salon exists afterwards', async () => {
    const owner = await signUpOwner('deleted');
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    // Control: the same requests are accepted while the account exists.
    const before = await answersFromEveryOwnerRoute(owner, { includeDeletion: false });
    for (const [route, status] of Object.entries(before)) expect({ route, ok: status !== 401 && status < 500 }).toEqual({ route, ok: true });
    expect((await standIns().salonItems(salonId)).length).toBeGreaterThan(1);

    const deleted = await callRoute(owner, 'delete-account', '/api/account/delete', 'POST');
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

    const after = await answersFromEveryOwnerRoute(owner, { includeDeletion: true });
    expect(Object.keys(after)).toHaveLength(ownerRoutes.length);
    expect(after).toEqual(all401(after));
    expect(await standIns().salonItems(salonId)).toEqual([]);
    expect(
      await eventually(
        () => standIns().uploadKeys(`salons/${salonId}/`),
        (keys) => keys.length === 0,
      ),
    ).toEqual([]);
    expect(await admin({ action: 'agent-secret', salonId })).toEqual({ ok: false, error: `No salon ${salonId}` });
    expect(await standIns().salonItems(salonId)).toEqual([]);
  });

  it('keeps the owner locked out when deletion stopped after the tombstone, and lets them run it again', async () => {
    const owner = await signUpOwner('halfway');
    const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
    const step = await callRoute(owner, 'setup-step', '/api/setup/step', 'POST');
    expect(step.status).toBe(200);
    const items = await standIns().salonItems(salonId);
    // Deletion's first step, and nothing after it.
    await deps().deletedOwners.mark(owner.userId, new Date(), new Date(Date.now() + 60 * 60 * 1000));

    const answers = await answersFromEveryOwnerRoute(owner, { includeDeletion: false });
    expect(answers).toEqual(all401(answers));
    expect(await admin({ action: 'agent-secret', salonId })).toEqual({ ok: false, error: `Salon ${salonId} belongs to a deleted account: no secret issued` });
    expect(await standIns().salonItems(salonId)).toEqual(items);

    const again = await callRoute(owner, 'delete-account', '/api/account/delete', 'POST');
    expect(again).toMatchObject({ status: 200, body: { deleted: true } });
    expect(await standIns().salonItems(salonId)).toEqual([]);
  });

  it('answers a deleted owner 401 before looking at a malformed, oversized or unknown request', async () => {
    const owner = await signUpOwner('malformed');
    await deps().deletedOwners.mark(owner.userId, new Date(), new Date(Date.now() + 60 * 60 * 1000));
    const answers: Record<string, number[]> = {};
    // Deletion itself is left to run again (the test above): its password is its gate.
    for (const { route, method } of ownerRoutes.filter(({ route }) => route.id !== 'delete-account')) {
      const token = owner.accessToken;
      if (method === 'GET') {
        answers[`${method} ${route.path}`] = [(await api(`${route.path}?unknown=1&days=-1`, { token })).status];
        continue;
      }
      answers[`${method} ${route.path}`] = [
        (await api(`${route.path}?unknown=1`, { method, token, body: '{not json' })).status,
        (await api(route.path, { method, token, body: 'x'.repeat(route.maxBodyBytes + 1) })).status,
        (await api(route.path, { method, token, body: '[]', headers: { 'content-type': 'text/csv' } })).status,
      ];
    }
    expect(answers).toEqual(Object.fromEntries(Object.entries(answers).map(([key, statuses]) => [key, statuses.map(() => 401)])));
  });
});
