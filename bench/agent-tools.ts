import '../local/server/quiet-sdk-notices.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_HOURS, type Hours } from '../functions/contracts/setup.js';
import { findFreeSlots, type Interval } from '../functions/core/booking/availability.js';
import { appointmentOf } from '../functions/core/booking/projections.js';
import { addDays, localDate, openingOn } from '../functions/core/booking/time.js';
import { batchWriteAll } from '../functions/store/dynamo.js';
import { keys } from '../functions/store/keys.js';
import { formatLoad, percentile, runLoad, type LoadResult } from './support/load.js';
import { issueBenchAgentSecret } from './support/agent-secret.js';
import { signUpBenchOwner } from './support/owner.js';
import { machineLoad, treeCpuMs } from './support/process-cpu.js';
import { productEnv, startProductProcess } from './support/product-process.js';
import type { BookingRecord, DayReservation } from '../functions/core/booking/records.js';

/**
 * The voice agent's tools under load: a salon of 10 stylists with 2,000 bookings over the next 60
 * days on the embedded store; check-availability and book through the real handler on loopback,
 * with the sandbox calendar answering as slowly as Google does from eu-west-1
 * (SANDBOX_CALENDAR_LATENCY_MS, 300 ms unless set); and the availability computation alone at 1×
 * and 10× the data. Targets (one call at a time): check-availability median < 120 ms and
 * p99 < 250 ms, book median < 200 ms; with 10 in flight, p99 < 500 ms.
 *
 * Locally one process runs every handler and bus consumer, beside DynamoDB Local, on a machine other
 * people share; in AWS each call in flight has a Lambda (and its CPU) to itself. So each line also
 * says the CPU the product spent per call (its process and DynamoDB Local's, consumers included) and the
 * machine's load: 10 in flight locally queue for that CPU, which one Lambda per call does not.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALENDAR_LATENCY_MS = process.env.SANDBOX_CALENDAR_LATENCY_MS ?? '300';
const TARGETS: Record<string, { median?: number; p99: number }> = {
  'check-availability 1': { median: 120, p99: 250 },
  'book 1': { median: 200, p99: Infinity },
  'check-availability 10': { p99: 500 },
  'book 10': { p99: 500 },
};
const STYLISTS = 10;
const BOOKINGS = 2_000;
const DAYS = 60;
const SERVICES = [
  { name: 'Cut & blow-dry', duration: 45, price: 45 },
  { name: 'Gents cut', duration: 30, price: 25 },
  { name: 'Colour', duration: 90, price: 85 },
  { name: 'Balayage', duration: 180, price: 180 },
  { name: 'Fringe trim', duration: 15, price: 10 },
];
const MINUTE = 60_000;

function verdict(result: LoadResult, target: { median?: number; p99: number }): string {
  const parts = [
    ...(target.median !== undefined ? [`median < ${target.median} ms: ${result.p50 < target.median ? 'met' : 'missed'}`] : []),
    ...(Number.isFinite(target.p99) ? [`p99 < ${target.p99} ms: ${result.p99 < target.p99 ? 'met' : 'missed'}`] : []),
  ];
  return parts.join(', ');
}

/** A deterministic pseudo-random source, so runs compare. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Seeded {
  stylistId: string;
  date: string;
  start: number;
  end: number;
  service: (typeof SERVICES)[number];
}

/** `count` non-overlapping bookings per stylist-day inside opening hours, from tomorrow over `days` days. */
function generateBookings(count: number, stylistIds: readonly string[], days: number, hours: Hours, seed: number): Seeded[] {
  const next = random(seed);
  const today = localDate(Date.now());
  const byDay = new Map<string, Interval[]>();
  const bookings: Seeded[] = [];
  for (let attempts = 0; bookings.length < count && attempts < count * 50; attempts += 1) {
    const date = addDays(today, 1 + Math.floor(next() * days));
    const opening = openingOn(hours, date);
    if (!opening) continue;
    const service = SERVICES[Math.floor(next() * SERVICES.length)]!;
    const stylistId = stylistIds[Math.floor(next() * stylistIds.length)]!;
    const quarters = Math.floor((opening.close - opening.open - service.duration * MINUTE) / (15 * MINUTE));
    if (quarters < 0) continue;
    const start = opening.open + Math.floor(next() * (quarters + 1)) * 15 * MINUTE;
    const end = start + service.duration * MINUTE;
    const key = `${stylistId}#${date}`;
    const taken = byDay.get(key) ?? [];
    if (taken.some((interval) => interval.start < end && start < interval.end)) continue;
    taken.push({ start, end });
    byDay.set(key, taken);
    bookings.push({ stylistId, date, start, end, service });
  }
  return bookings;
}

/** The running product's local endpoints: its data folder's state file, found by its port. */
async function connectSandboxCalendar(url: string, authorization: string) {
  const started = await fetch(`${url}/api/google/oauth/start`, { method: 'POST', headers: { authorization } });
  const { url: consent } = (await started.json()) as { url: string };
  const cookie = started.headers
    .getSetCookie()
    .find((value) => value.startsWith('gcal_oauth='))!
    .split(';')[0]!;
  const page = await (await fetch(consent)).text();
  const allow = /<a [^>]*href="([^"]+)"[^>]*>Allow<\/a>/.exec(page)![1]!.replaceAll('&amp;', '&');
  const back = await fetch(allow, { redirect: 'manual', headers: { cookie } });
  if (!String(back.headers.get('location')).endsWith('connected=ok')) throw new Error('sandbox calendar did not connect');
}

/** Writes the seeded bookings as the booking store lays them out: day items and appointments. */
async function seedStore(
  env: Record<string, string>,
  salonId: string,
  stylists: { id: string; name: string }[],
  services: { id: string; name: string }[],
  bookings: Seeded[],
) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: env.DYNAMODB_ENDPOINT,
      region: 'eu-west-1',
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const pk = keys.salon(salonId);
  const days = new Map<string, { stylistId: string; date: string; intervals: DayReservation[] }>();
  const items: Record<string, unknown>[] = [];
  bookings.forEach((booking, index) => {
    const id = `bk_${index.toString(32).padStart(20, '0')}`;
    const stylist = stylists.find((candidate) => candidate.id === booking.stylistId)!;
    const service = services.find((candidate) => candidate.name === booking.service.name)!;
    const dayKey = `${booking.stylistId}#${booking.date}`;
    const day = days.get(dayKey) ?? { stylistId: booking.stylistId, date: booking.date, intervals: [] };
    // The reservation carries the whole booking, as the booking store writes it (docs/bookings.md).
    const record: BookingRecord = {
      stylistName: stylist.name,
      service: {
        id: service.id,
        name: service.name,
        durationMinutes: booking.service.duration,
        priceCents: booking.service.price * 100,
        priceMinCents: null,
        priceMaxCents: null,
      },
      callerName: `Caller ${index}`,
      callerPhone: `+3538700${String(index).padStart(5, '0')}`,
      callerEmail: null,
      source: 'phone-agent',
      createdAt: new Date().toISOString(),
      calendarId: null,
      idempotencyKey: null,
      rescheduledFrom: null,
    };
    day.intervals.push({ bookingId: id, start: new Date(booking.start).toISOString(), end: new Date(booking.end).toISOString(), record });
    days.set(dayKey, day);
    const appointment = appointmentOf(salonId, stylist.id, day.intervals.at(-1)!)!;
    items.push({ pk, sk: keys.appointmentSk(id), gsi1pk: keys.appointmentsByStart(salonId), gsi1sk: new Date(booking.start).toISOString(), ...appointment });
  });
  for (const day of days.values())
    items.push({ pk, sk: keys.daySk(day.stylistId, day.date), ...day, intervals: day.intervals.sort((a, b) => a.start.localeCompare(b.start)), version: 1 });
  await batchWriteAll(
    client,
    env.TABLE_NAME!,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
  client.destroy();
  return { days: days.size, items: items.length };
}

/** The pure computation over the whole window: every free slot of every stylist. */
function computeFigures(): string[] {
  const lines: string[] = [];
  const now = Date.now();
  const measure = (label: string, stylistCount: number, bookingCount: number) => {
    const stylistIds = Array.from({ length: stylistCount }, (_, index) => `sty_${index}`);
    const seeded = generateBookings(bookingCount, stylistIds, DAYS, DEFAULT_HOURS, 42);
    const booked: Record<string, Interval[]> = {};
    for (const booking of seeded) (booked[booking.stylistId] ??= []).push({ start: booking.start, end: booking.end });
    const run = () =>
      findFreeSlots({
        hours: DEFAULT_HOURS,
        durationMinutes: 45,
        stylistIds,
        booked,
        busy: {},
        now,
        fromDate: localDate(now),
        toDate: addDays(localDate(now), DAYS),
      });
    for (let warm = 0; warm < 3; warm += 1) run();
    const times: number[] = [];
    let slots = 0;
    for (let repeat = 0; repeat < 15; repeat += 1) {
      const started = performance.now();
      slots = run().length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    lines.push(
      `${label.padEnd(44)} ${String(seeded.length).padStart(6)} bookings  ${String(slots).padStart(7)} free slots  median ${median.toFixed(2).padStart(7)} ms`,
    );
    return median;
  };
  const one = measure('availability alone, 10 stylists × 60 days (1×)', 10, BOOKINGS);
  const tenStylists = measure('  10× data: 100 stylists, 20,000 bookings', 100, BOOKINGS * 10);
  const dense = measure('  10× bookings, same 10 stylists (fully booked)', 10, BOOKINGS * 10);
  lines.push(
    `Growth 1× → 10×: ${(tenStylists / one).toFixed(1)}× (100 stylists), ${(dense / one).toFixed(1)}× (10 stylists, denser): linear or better is ≤ 10×`,
  );
  return lines;
}

export async function run(): Promise<string[]> {
  const lines: string[] = [];
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3973), { SANDBOX_CALENDAR_LATENCY_MS: CALENDAR_LATENCY_MS });
  lines.push(`Sandbox calendar latency: ${CALENDAR_LATENCY_MS} ms per call; at the start, ${machineLoad()}`);
  const cpu = () => treeCpuMs(product.pid);
  try {
    const env = productEnv(product.url);
    const { authorization } = await signUpBenchOwner(product.url);
    const headers = { authorization, 'content-type': 'application/json' };
    const save = async (body: unknown) => {
      const response = await fetch(`${product.url}/api/setup/step`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`setup step failed: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const salonId = ((await (await fetch(`${product.url}/api/salon`, { headers })).json()) as { id: string }).id;
    await save({ step: 1, business: { name: 'Bench Salon', phone: '01 234 5678' }, hours: DEFAULT_HOURS });
    const calendars = ['aoife@sandbox.calendar', 'ciara@sandbox.calendar', 'salon-bookings@sandbox.calendar', 'staff-rota@sandbox.calendar'];
    const stylistRows = Array.from({ length: STYLISTS }, (_, index) => ({ key: `new-${index}`, name: `Stylist ${index + 1}` }));
    const saved = await save({
      step: 2,
      stylists: stylistRows,
      // Four stylists on (sandbox) Google calendars: availability reads their busy time, bookings write events.
      mappings: Object.fromEntries(calendars.map((calendarId, index) => [`new-${index}`, calendarId])),
      services: SERVICES.map((service) => ({ ...service, isRange: false })),
    });
    const stylists = saved.stylists as { id: string; name: string }[];
    const services = (await (await fetch(`${product.url}/api/setup/load`, { headers })).json()).services as { id: string; name: string }[];
    await connectSandboxCalendar(product.url, authorization);

    const agent = await issueBenchAgentSecret(env, salonId);

    const seeded = generateBookings(
      BOOKINGS,
      stylists.map((stylist) => stylist.id),
      DAYS,
      DEFAULT_HOURS,
      7,
    );
    const stored = await seedStore(env, salonId, stylists, services, seeded);
    lines.push(`Seeded ${seeded.length} bookings for ${STYLISTS} stylists over ${DAYS} days (${stored.days} stylist-days, ${stored.items} items)`);

    const next = random(99);
    const today = localDate(Date.now());
    const openDays = Array.from({ length: DAYS }, (_, index) => addDays(today, index + 1)).filter((date) => openingOn(DEFAULT_HOURS, date));
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const call = async (tool: string, body: unknown, extra: Record<string, string> = {}) => {
      const response = await fetch(`${product.url}/api/agent/tools?tool=${tool}`, {
        method: 'POST',
        headers: { ...agent, ...extra },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      return response.status;
    };
    const checkBody = () => ({
      service: pick(SERVICES).name,
      date: pick(openDays),
      ...(next() < 0.5 ? { stylist: pick(stylists).name } : {}),
      ...(next() < 0.3 ? { time: `${10 + Math.floor(next() * 6)}:${pick(['00', '15', '30', '45'])}` } : {}),
    });
    let phone = 0;
    const outcomes = { booked: 0, taken: 0, other: 0 };
    const bookBody = () => {
      const date = pick(openDays);
      const hour = 9 + Math.floor(next() * 6);
      return {
        service: pick(SERVICES.filter((service) => service.duration <= 90)).name,
        ...(next() < 0.7 ? { stylist: pick(stylists).name } : {}),
        start: `${date}T${String(hour).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`,
        callerName: 'Bench Caller',
        callerPhone: `+35386${String(2_000_000 + (phone += 1)).slice(-7)}`,
      };
    };
    const count = (status: number) => {
      if (status === 200) outcomes.booked += 1;
      else if (status === 409) outcomes.taken += 1;
      else outcomes.other += 1;
      return status === 200 || status === 409;
    };

    const results: [string, string, LoadResult][] = [];
    for (const concurrency of [1, 10]) {
      results.push([
        `check-availability (${concurrency} at a time)`,
        `check-availability ${concurrency}`,
        await runLoad({
          concurrency,
          seconds: SECONDS,
          warmUpSeconds: 3,
          sample: cpu,
          request: async () => (await call('check-availability', checkBody())) === 200,
        }),
      ]);
    }
    for (const concurrency of [1, 10]) {
      results.push([
        `book (${concurrency} at a time)`,
        `book ${concurrency}`,
        await runLoad({ concurrency, seconds: SECONDS, warmUpSeconds: 3, sample: cpu, request: async () => count(await call('book', bookBody())) }),
      ]);
    }
    for (const [label, key, result] of results) {
      lines.push(
        `${formatLoad(label, result)}   ${verdict(result, TARGETS[key]!)}   CPU ${((result.sampled ?? Number.NaN) / result.requests).toFixed(0)} ms per call`,
      );
    }
    lines.push(`At the end, ${machineLoad()}`);
    lines.push(`book outcomes: ${outcomes.booked} booked, ${outcomes.taken} "just taken" (409), ${outcomes.other} other`);
  } finally {
    await product.stop();
  }
  lines.push(...computeFigures());
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
  process.exit(0);
}
