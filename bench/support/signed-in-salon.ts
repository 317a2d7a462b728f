import { DateTime } from 'luxon';
import { DAYS, type Hours } from '../../functions/contracts/setup.js';
import { finishedCall } from '../../tests/support/calls.js';
import { issueBenchAgentSecret } from './agent-secret.js';
import { signUpBenchAccount } from './owner.js';
import { productEnv } from './product-process.js';

/** A salon whose owner the signed-in pages are measured as: set up, live, with a day's work in it. */
export interface SignedInSalon {
  email: string;
  password: string;
  salonId: string;
}

const ZONE = 'Europe/Dublin';
/**
 * Open 07:00–21:00, so the day's bookings land today whenever the bench runs before 17:00; the day
 * after tomorrow 12:00–13:00 only, so two cuts fill it (the waiting list is for a full day).
 */
function hours(fullDay: DateTime): Hours {
  const short = fullDay.setLocale('en-GB').toFormat('cccc').toLowerCase();
  return Object.fromEntries(
    DAYS.map((day) => [day, day === short ? { open: '12:00', close: '13:00', closed: false } : { open: '07:00', close: '21:00', closed: false }]),
  ) as Hours;
}
const SERVICES = [
  { name: 'Cut and blow-dry', duration: 45, price: 45 },
  { name: 'Gents cut', duration: 30, price: 24.5 },
  { name: 'Full head colour', duration: 90, price: 85 },
  { name: 'Balayage', duration: 180, price: null, price_min: 150, price_max: 220, isRange: true },
  { name: 'Bridal trial', duration: 60, price: null, consultation: true },
].map((service) => ({ price_min: null, price_max: null, isRange: false, comment: '', ...service }));

async function must(response: Promise<Response>, what: string): Promise<any> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${what} failed (${answer.status}): ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Signs an owner up and makes the salon as the product would have it after a real morning, all
 * through its own API and sandboxes: the three setup steps (the number arrives on the last), four bookings today, a full day with a waiting-list entry by the voice agent's tools, a message left,
 * and three finished calls fed as the telephony webhooks feed them (tests/support/calls.ts); then Go Live.
 */
export async function signedInSalon(url: string): Promise<SignedInSalon> {
  const owner = await signUpBenchAccount(url);
  const headers = { authorization: owner.authorization, 'content-type': 'application/json' };
  const post = (path: string, body?: unknown) =>
    must(fetch(`${url}${path}`, { method: 'POST', headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }), `POST ${path}`);
  const business = { name: 'Bláth Hair', phone: '091 123 456', town_city: 'Galway', county: 'Galway', owner_mobile: '087 111 2222' };
  const now = DateTime.now().setZone(ZONE);
  const fullDay = now.plus({ days: 2 });
  await post('/api/setup/step', { step: 1, business, hours: hours(fullDay), currentStep: 2 });
  const stylists = [
    { key: 'new-0', name: 'Aoife' },
    { key: 'new-1', name: 'Ciara' },
  ];
  const mappings = { 'new-0': 'aoife@sandbox.calendar', 'new-1': 'ciara@sandbox.calendar' };
  await post('/api/setup/step', { step: 2, stylists, mappings, services: SERVICES, currentStep: 3 });
  await post('/api/setup/step', { step: 3, selectedVoice: 'niamh', firstMessage: 'Hi, thanks for calling Bláth Hair!', phoneOption: 'new', currentStep: 3 });
  const salonId = (await must(fetch(`${url}/api/salon`, { headers }), 'GET /api/salon')).id as string;

  const agent = await issueBenchAgentSecret(productEnv(url), salonId);
  const tool = (name: string, body: unknown) =>
    must(fetch(`${url}/api/agent/tools?tool=${name}`, { method: 'POST', headers: agent, body: JSON.stringify(body) }), `tool ${name}`);
  // From 09:00, or three hours on (the booking rules' notice) once the day has begun; late in the day, tomorrow's.
  const nine = now.set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const soonest = DateTime.max(now.plus({ hours: 3 }).startOf('hour'), nine);
  const first = soonest.hour > 17 || !soonest.hasSame(now, 'day') ? nine.plus({ days: 1 }) : soonest;
  const bookings = [
    { service: 'Cut and blow-dry', stylist: 'Aoife', at: 0, callerName: 'Siobhán Kelly' },
    { service: 'Gents cut', stylist: 'Ciara', at: 0, callerName: 'Darragh Byrne' },
    { service: 'Full head colour', stylist: 'Aoife', at: 1, callerName: 'Nóra Daly' },
    { service: 'Cut and blow-dry', stylist: 'Ciara', at: 2, callerName: 'Áine Walsh' },
  ];
  for (const [index, booking] of bookings.entries()) {
    const start = first.plus({ hours: booking.at }).toFormat("yyyy-MM-dd'T'HH:mm");
    await tool('book', { service: booking.service, stylist: booking.stylist, start, callerName: booking.callerName, callerPhone: `+35385123460${index}` });
  }
  for (const [index, stylist] of ['Aoife', 'Ciara'].entries()) {
    const start = `${fullDay.toISODate()}T12:00`;
    await tool('book', { service: 'Cut and blow-dry', stylist, start, callerName: `Caller ${index + 1}`, callerPhone: `+35385123462${index}` });
  }
  await tool('join-waitlist', { service: 'Cut and blow-dry', date: fullDay.toISODate(), callerName: 'Róisín Murphy', callerPhone: '+353851234610' });
  await tool('take-message', { callerName: 'Méabh', callerPhone: '+353851234611', message: 'Could someone ring me about a bridal party of five in June?' });
  await finishedCall(salonId, { minutesAgo: 50, seconds: 185, summary: 'Booked a cut and blow-dry for this afternoon.', callerPhone: '+353851234600' });
  await finishedCall(salonId, { minutesAgo: 35, seconds: 0, agent: false, status: 'no-answer', callerPhone: '+353851234612' });
  await finishedCall(salonId, { minutesAgo: 20, seconds: 95, summary: 'Asked about balayage prices; joined the waiting list.', callerPhone: '+353851234610' });
  // Last: going live gives the hosted agent its own secret, after which support's action issues none.
  await post('/api/agent/go-live');
  return { email: owner.email, password: owner.password, salonId };
}
