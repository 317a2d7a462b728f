import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { resetConfig } from '../../functions/config.js';
import { deps, resetDeps } from '../../functions/composition-root.js';
import { issueAgentSecret } from '../../functions/core/agent-secret.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { setLogSink } from '../../functions/logger.js';
import { agentTool } from '../support/bookable-salon.js';
import { api, signUpOwner } from '../support/owners.js';
import { standIns } from '../support/stand-ins.js';

/**
 * RELIABILITY 33 through the real handler, over HTTP: two changes of one booking at once, 30
 * times each. Exactly one takes effect, whichever wins, and each caller is told what really
 * happened: the table afterwards matches the answers.
 */
const ZONE = 'Europe/Dublin';
const REPETITIONS = 30;
const BATCH = 5;

let secret: string;
let salonId: string;

/** Open days from tomorrow on (Sunday is closed), one per repetition. */
function openDays(count: number): string[] {
  const days: string[] = [];
  for (let offset = 2; days.length < count; offset += 1) {
    const day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: offset });
    if (day.weekday !== 7) days.push(day.toISODate()!);
  }
  return days;
}
const DAYS = openDays(REPETITIONS);

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  const owner = await signUpOwner('races');
  const step = async (body: unknown) =>
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) })).status).toBe(200);
  const business = { name: 'Race Hair', phone: '01 234 5678', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };
  await step({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 2 });
  const services = [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }];
  await step({
    step: 2,
    stylists: [
      { key: 'new-0', name: 'Aoife' },
      { key: 'new-1', name: 'Ciara' },
    ],
    mappings: {},
    services,
    currentStep: 3,
  });
  salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  Object.assign(process.env, inject('productEnv'));
  resetConfig();
  resetDeps();
  const issued = await issueAgentSecret(deps(), salonId);
  if (issued.outcome !== 'created') throw new Error(`No agent secret: ${issued.outcome}`);
  secret = issued.secret;
});

let phoneCounter = 0;
const newPhone = () => `+35385${String(1000000 + (process.pid % 100) * 10000 + (phoneCounter += 1)).slice(-7)}`;

async function bookFor(phone: string, start: string) {
  const answer = await agentTool(secret, 'book', { service: 'cut', stylist: 'Aoife', start, callerName: 'Róisín', callerPhone: phone });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.booking.id as string;
}

/** The caller's confirmed appointments and live reservations, straight from the table. */
async function stateOf(phone: string) {
  const items = await standIns().salonItems(salonId);
  const confirmed = items.filter((item) => String(item.sk).startsWith('APPT#') && item.callerPhone === phone && item.status === 'confirmed');
  const live = items
    .filter((item) => String(item.sk).startsWith('DAY#'))
    .flatMap((day) => (day.intervals as { bookingId: string; record?: { callerPhone: string } }[]).filter((entry) => entry.record?.callerPhone === phone));
  const unsettled = items.filter((item) => String(item.sk).startsWith('SETTLE#'));
  return { confirmed, live, unsettled };
}

async function inBatches(run: (index: number) => Promise<void>) {
  for (let start = 0; start < REPETITIONS; start += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, REPETITIONS - start) }, (_, offset) => run(start + offset)));
  }
}

describe('two changes of one booking at once (RELIABILITY 33)', () => {
  it(`reschedule × reschedule, ${REPETITIONS} times: exactly one wins, the other is told it already moved`, async () => {
    const winners = { first: 0, second: 0 };
    await inBatches(async (index) => {
      const day = DAYS[index]!;
      const phone = newPhone();
      const bookingId = await bookFor(phone, `${day}T09:00`);
      // Half the time a move within Aoife's day races a move to Ciara; else two moves to Ciara.
      const targets =
        index % 2 === 0
          ? [
              { newStart: `${day}T13:00`, stylist: 'Aoife' },
              { newStart: `${day}T13:00`, stylist: 'Ciara' },
            ]
          : [
              { newStart: `${day}T10:00`, stylist: 'Ciara' },
              { newStart: `${day}T11:00`, stylist: 'Ciara' },
            ];
      const answers = await Promise.all(targets.map((target) => agentTool(secret, 'reschedule', { bookingId, callerPhone: phone, ...target })));
      const won = answers.filter((answer) => answer.status === 200);
      expect(won, answers.map((answer) => answer.text).join('\n')).toHaveLength(1);
      const lost = answers.find((answer) => answer.status !== 200)!;
      expect([lost.status, lost.body.code]).toEqual([409, 'booking_moved']);
      expect(lost.body.say).toMatch(/^That booking was moved to .+, so I haven't changed anything\./);
      winners[answers[0]!.status === 200 ? 'first' : 'second'] += 1;

      const state = await stateOf(phone);
      expect(state.confirmed.map((item) => item.id)).toEqual([won[0]!.body.booking.id]);
      expect(state.live.map((entry) => entry.bookingId)).toEqual([won[0]!.body.booking.id]);
      expect(state.confirmed[0]!.stylistName).toBe(won[0]!.body.booking.stylist);
    });
    expect(winners.first + winners.second).toBe(REPETITIONS);
  });

  it(`reschedule × cancel, ${REPETITIONS} times: the state matches what each caller was told`, async () => {
    const outcomes = { moved: 0, cancelled: 0 };
    await inBatches(async (index) => {
      const day = DAYS[index]!;
      const phone = newPhone();
      const bookingId = await bookFor(phone, `${day}T11:00`);
      const target = index % 2 === 0 ? { newStart: `${day}T14:00`, stylist: 'Aoife' } : { newStart: `${day}T14:00`, stylist: 'Ciara' };
      const [moved, cancelled] = await Promise.all([
        agentTool(secret, 'reschedule', { bookingId, callerPhone: phone, ...target }),
        agentTool(secret, 'cancel', { bookingId, callerPhone: phone }),
      ]);
      const state = await stateOf(phone);
      if (moved.status === 200) {
        outcomes.moved += 1;
        expect([cancelled.status, cancelled.body.code], cancelled.text).toEqual([409, 'booking_moved']);
        expect(state.confirmed.map((item) => item.id)).toEqual([moved.body.booking.id]);
        expect(state.live.map((entry) => entry.bookingId)).toEqual([moved.body.booking.id]);
      } else {
        outcomes.cancelled += 1;
        expect([moved.status, moved.body.code], moved.text).toEqual([409, 'booking_cancelled']);
        expect([cancelled.status, cancelled.body.say]).toEqual([200, expect.stringMatching(/^That's cancelled: /)]);
        expect(state.confirmed).toEqual([]);
        expect(state.live).toEqual([]);
      }
      expect(state.unsettled.filter((item) => String(item.bookingId) === bookingId)).toEqual([]);
    });
    expect(outcomes.moved + outcomes.cancelled).toBe(REPETITIONS);
  });
});
