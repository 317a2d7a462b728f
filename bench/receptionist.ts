import '../local/server/quiet-sdk-notices.js';
import { DEFAULT_HOURS } from '../functions/contracts/setup.js';
import { addDays, localDate, openingOn } from '../functions/core/booking/time.js';
import { percentile } from './support/load.js';
import { signUpBenchOwner } from './support/owner.js';
import { startProductProcess } from './support/product-process.js';

/**
 * The sandbox receptionist's answer time per turn, tools included: whole booking conversations
 * typed to `POST /api/receptionist` on the running product (greeting, a price, a time check, the
 * choice, name, phone, the booking), one at a time and ten at once. Target p99 < 300 ms a turn.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_MS = 300;
const STYLISTS = ['Aoife', 'Ciara', 'Saoirse', 'Róisín'];
const SERVICES = [
  { name: 'Cut and blow-dry', duration: 45, price: 45 },
  { name: 'Balayage', duration: 180, price: 180 },
  { name: 'Fringe trim', duration: 15, price: 10 },
];
const NAMES = ['Byrne', 'Murphy', 'Kelly', 'Walsh', 'Ryan', 'Doyle'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

type Turn = 'start' | 'price' | 'availability' | 'choice' | 'name' | 'phone' | 'book';

export async function run(): Promise<string[]> {
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3974));
  const times = new Map<Turn, number[]>();
  const outcomes = { booked: 0, other: 0 };
  let lines: string[] = [];
  try {
    const { authorization } = await signUpBenchOwner(product.url);
    const headers = { authorization, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${product.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    await post('/api/setup/step', {
      step: 1,
      business: {
        name: 'Bench Salon',
        phone: '01 234 5678',
        address_line: '1 Main Street',
        town_city: 'Galway',
        county: 'Galway',
        eircode: '',
        directions: '',
      },
      hours: DEFAULT_HOURS,
    });
    await post('/api/setup/step', {
      step: 2,
      stylists: STYLISTS.map((name, index) => ({ key: `new-${index}`, name })),
      mappings: {},
      services: SERVICES.map((service) => ({ ...service, price_min: null, price_max: null, isRange: false, comment: '' })),
    });
    await post('/api/setup/step', {
      step: 3,
      selectedVoice: 'niamh',
      selectedLanguage: 'en',
      firstMessage: 'Hi, thanks for calling Bench Salon!',
      agentPhone: '',
      escalationPhone: '',
      phoneOption: 'new',
      forwardNumber: '',
    });

    const today = localDate(Date.now());
    const openDays = Array.from({ length: 14 }, (_, index) => addDays(today, index + 1)).filter((date) => openingOn(DEFAULT_HOURS, date));
    let caller = 0;
    let unbooked = '';
    const timed = async (turn: Turn, body: unknown) => {
      const sent = performance.now();
      const answer = (await post('/api/receptionist', body)) as { conversationId: string; say: string };
      (times.get(turn) ?? times.set(turn, []).get(turn)!).push(performance.now() - sent);
      return answer;
    };
    /** One whole booking call; answers whether it booked. */
    const conversation = async (record: boolean) => {
      const me = (caller += 1);
      const day = WEEKDAYS[new Date(`${openDays[me % openDays.length]}T12:00:00Z`).getUTCDay()]!;
      const service = SERVICES[me % SERVICES.length]!.name;
      const turn = record ? timed : async (_turn: Turn, body: unknown) => (await post('/api/receptionist', body)) as { conversationId: string; say: string };
      const { conversationId } = await turn('start', {});
      const say = (name: Turn, text: string) => turn(name, { conversationId, text });
      await say('price', `How much is the ${service.toLowerCase()}?`);
      const offered = await say('availability', `Have you anything on ${day} in the ${me % 2 ? 'morning' : 'afternoon'}?`);
      if (!/\?$/.test(offered.say.trim())) return false;
      await say('choice', 'The first one please');
      await say('name', `Caller ${NAMES[me % NAMES.length]}`);
      await say('phone', `087 ${String(1_000_000 + me).slice(-7)}`);
      const booked = await say('book', 'Yes');
      await post('/api/receptionist', { conversationId });
      if (!/booked/i.test(booked.say)) unbooked = `${offered.say} / ${booked.say}`;
      return /booked/i.test(booked.say);
    };

    // Warm-up: code paths loaded, connections open; not counted.
    for (let warm = 0; warm < 3; warm += 1) await conversation(false);
    const measure = async (concurrency: number) => {
      times.clear();
      const deadline = performance.now() + SECONDS * 1000;
      let conversations = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline) {
            const booked = await conversation(true).catch(() => false);
            conversations += 1;
            if (booked) outcomes.booked += 1;
            else outcomes.other += 1;
          }
        }),
      );
      const all = [...times.values()].flat().sort((a, b) => a - b);
      const rows = [...times.entries()].map(([turn, list]) => {
        list.sort((a, b) => a - b);
        return `  ${turn.padEnd(13)} p50 ${percentile(list, 0.5).toFixed(1).padStart(6)} ms   p99 ${percentile(list, 0.99).toFixed(1).padStart(6)} ms   (${list.length} turns)`;
      });
      const p99 = percentile(all, 0.99);
      return [
        `${concurrency} conversation(s) at a time: ${conversations} conversations, ${all.length} turns; every turn p50 ${percentile(all, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms   p99 < ${TARGET_MS} ms: ${p99 < TARGET_MS ? 'met' : 'missed'}`,
        ...rows,
      ];
    };
    lines = [...(await measure(1)), ...(await measure(10))];
    lines.push(
      `conversations: ${outcomes.booked} booked, ${outcomes.other} not (day full or taken meanwhile)${unbooked ? `; the last not booked heard: "${unbooked}"` : ''}`,
    );
  } finally {
    await product.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
  process.exit(0);
}
