import { DateTime } from 'luxon';
import { inject } from 'vitest';
import { DAYS, DEFAULT_HOURS, type Hours } from '../../functions/contracts/setup.js';
import { api, type TestOwner } from './owners.js';

/** The first day after `from` (today unless given) that DEFAULT_HOURS opens (Sunday is closed), YYYY-MM-DD in Dublin. */
export function nextOpenDay(from?: string): string {
  const start = from ? DateTime.fromISO(from, { zone: 'Europe/Dublin' }) : DateTime.now().setZone('Europe/Dublin');
  for (let offset = 1; ; offset += 1) {
    const day = start.plus({ days: offset });
    if (!DEFAULT_HOURS[day.setLocale('en-GB').toFormat('cccc').toLowerCase() as keyof typeof DEFAULT_HOURS].closed) return day.toISODate()!;
  }
}

/**
 * Sets the owner's salon up (Bláth Hair, default hours, Aoife, a 45-minute cut and blow-dry) and
 * issues its agent secret as support does (npm run admin -- agent-secret), against the product's stores.
 */
export async function bookableSalon(owner: TestOwner, options: { hours?: Hours } = {}): Promise<{ salonId: string; secret: string }> {
  const step = async (body: unknown) => {
    const answer = await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) });
    if (answer.status !== 200) throw new Error(`setup step failed: ${answer.text}`);
  };
  const business = {
    name: 'Bláth Hair',
    phone: '01 234 5678',
    address_line: '',
    town_city: 'Galway',
    county: 'Galway',
    eircode: '',
    directions: '',
    owner_mobile: '087 111 2222',
  };
  await step({ step: 1, business, hours: options.hours ?? DEFAULT_HOURS, currentStep: 2 });
  const services = [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }];
  await step({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: { 'new-0': 'aoife@sandbox.calendar' }, services, currentStep: 3 });
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  Object.assign(process.env, inject('productEnv'));
  const { resetConfig } = await import('../../functions/config.js');
  const { deps, resetDeps } = await import('../../functions/composition-root.js');
  const { issueAgentSecret } = await import('../../functions/core/agent-secret.js');
  resetConfig();
  resetDeps();
  const issued = await issueAgentSecret(deps(), salonId);
  if (issued.outcome !== 'created') throw new Error(`No agent secret: ${issued.outcome}`);
  return { salonId, secret: issued.secret };
}

/** Connects the owner's calendar through the sandbox consent page, as the browser goes: start, Allow, the callback with the state cookie. */
export async function connectSandboxCalendar(owner: TestOwner): Promise<void> {
  const started = await api('/api/google/oauth/start', { method: 'POST', token: owner.accessToken });
  const cookie = started.headers
    .getSetCookie()
    .find((value) => value.startsWith('gcal_oauth='))!
    .split(';')[0]!;
  const consent = await (await fetch(started.body.url)).text();
  const allow = /<a [^>]*href="([^"]+)"[^>]*>Allow<\/a>/.exec(consent)![1]!.replaceAll('&amp;', '&');
  const back = await fetch(allow, { redirect: 'manual', headers: { cookie } });
  if (!back.headers.get('location')?.endsWith('connected=ok')) throw new Error(`calendar consent failed: ${back.status} ${back.headers.get('location')}`);
}

/** Open all day every day, so a test can book at any hour it needs. */
export const ALL_DAY_HOURS = Object.fromEntries(DAYS.map((day) => [day, { open: '00:00', close: '23:59', closed: false }])) as Hours;

/** One call of the voice agent's tools, as the hosted agent makes it. */
export function agentTool(secret: string, name: string, body: unknown, idempotencyKey?: string) {
  return api(`/api/agent/tools?tool=${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: JSON.stringify(body),
  });
}
