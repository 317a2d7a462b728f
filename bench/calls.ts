import '../local/server/quiet-sdk-notices.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { signElevenLabsPayload } from '../functions/providers/elevenlabs-webhook-signature.js';
import { formatLoad, runLoad, type LoadResult } from './support/load.js';
import { signUpBenchOwner } from './support/owner.js';
import { productEnv, startProductProcess } from './support/product-process.js';

/**
 * Calls and minutes under load: a salon with 1,000 calls this month (records, day figures,
 * activity, minutes) and 2,000 bookings; the dashboard's data route through the real handler on
 * loopback (target p99 < 50 ms), and ElevenLabs' post-call webhook (target p99 < 100 ms).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLS = 1_000;
const BOOKINGS = 2_000;
const WEBHOOK_SECRET = `wsec_bench_${randomBytes(8).toString('hex')}`;

const sid = () => `CA${randomBytes(16).toString('hex')}`;

async function seed(salonId: string): Promise<void> {
  const { deps } = await import('../functions/composition-root.js');
  const { callActivity } = await import('../functions/core/dashboard/activity.js');
  const { callOutcome } = await import('../functions/core/calls/call-outcome.js');
  const { completeCall } = await import('../functions/core/calls/complete-call.js');
  const { meterCall } = await import('../functions/core/usage/meter-usage.js');
  const { billingPeriodAt } = await import('../functions/core/usage/billing-period.js');
  const d = deps();
  const salon = (await d.salons.get(salonId))!;
  const monthStart = DateTime.now().setZone('Europe/Dublin').startOf('month');
  const span = Date.now() - monthStart.toMillis();
  for (let start = 0; start < CALLS; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CALLS - start) }, async (_, offset) => {
        const index = start + offset;
        const callSid = sid();
        const startedAt = new Date(monthStart.toMillis() + Math.floor((span * index) / CALLS)).toISOString();
        const missed = index % 10 === 0;
        const seconds = missed ? 0 : 60 + (index % 240);
        await d.calls.recordStart({ salonId, callSid, callerPhone: `+3538712${String(index).padStart(5, '0')}`, startedAt, route: 'agent', test: false });
        if (!missed) await d.calls.noteLegs(salonId, callSid, { agentConnected: true });
        const ended = await completeCall(d, {
          salonId,
          callSid,
          startedAt,
          endedAt: new Date(Date.parse(startedAt) + seconds * 1000).toISOString(),
          durationSeconds: seconds,
          finalStatus: missed ? 'no-answer' : 'completed',
        });
        const outcome = callOutcome(ended!)!;
        const day = DateTime.fromISO(startedAt, { zone: 'Europe/Dublin' }).toISODate()!;
        await Promise.all([
          d.callStats.countCall(salonId, day, callSid, missed),
          missed ? undefined : d.callStats.countRating(salonId, day, callSid, index % 7 !== 0),
          d.activity.record(salonId, callActivity({ callSid, startedAt, durationSeconds: seconds, outcome, test: false })),
          meterCall(d, { salonId, callSid, startedAt, durationSeconds: seconds, test: false }, billingPeriodAt(salon, new Date(startedAt))),
        ]);
      }),
    );
  }
  const month = monthStart.toFormat('yyyy-MM');
  for (let index = 0; index < BOOKINGS; index += 1) await d.bookings.counts.add(salonId, month, `bk_${index}`);
}

function postCallBody(salonId: string): string {
  const callSid = sid();
  return JSON.stringify({
    type: 'post_call_transcription',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: 'agent_bench',
      conversation_id: `conv_${randomUUID()}`,
      transcript: Array.from({ length: 30 }, (_, turn) => ({
        role: turn % 2 ? 'user' : 'agent',
        message: `Turn ${turn} of a typical booking call, about this long.`,
        time_in_call_secs: turn * 5,
      })),
      metadata: { start_time_unix_secs: Math.floor(Date.now() / 1000) - 180, call_duration_secs: 175, phone_call: { call_sid: callSid } },
      analysis: { call_successful: 'success', transcript_summary: 'The caller booked a cut and blow-dry for Saturday.' },
      conversation_initiation_client_data: { dynamic_variables: { salon_id: salonId } },
    },
  });
}

export async function run(): Promise<string[]> {
  const lines: string[] = [];
  process.env.ELEVENLABS_WEBHOOK_SECRET = WEBHOOK_SECRET;
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3974));
  try {
    const { authorization } = await signUpBenchOwner(product.url);
    const salonId = ((await (await fetch(`${product.url}/api/salon`, { headers: { authorization } })).json()) as { id: string }).id;
    Object.assign(process.env, productEnv(product.url));
    const { resetConfig } = await import('../functions/config.js');
    const { resetDeps } = await import('../functions/composition-root.js');
    resetConfig();
    resetDeps();
    const seeding = performance.now();
    await seed(salonId);
    lines.push(
      `Seeded ${CALLS} calls this month (records, day figures, ratings, activity, minutes) and ${BOOKINGS} bookings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const summary = (await (await fetch(`${product.url}/api/dashboard`, { headers: { authorization } })).json()) as {
      usage: { minutesUsed: number };
      satisfaction: unknown;
      bookingsThisMonth: number;
    };
    lines.push(
      `Dashboard reads ${summary.bookingsThisMonth} bookings this month, ${summary.usage.minutesUsed} minutes used, satisfaction ${JSON.stringify(summary.satisfaction)}`,
    );

    const results: [string, LoadResult, number][] = [];
    for (const concurrency of [1, 10]) {
      const load = await runLoad({
        concurrency,
        seconds: SECONDS,
        warmUpSeconds: 2,
        request: async () =>
          (await fetch(`${product.url}/api/dashboard`, { headers: { authorization } }).then(
            async (response) => (await response.arrayBuffer(), response.status),
          )) === 200,
      });
      results.push([`GET /api/dashboard (${concurrency} at a time)`, load, 50]);
    }
    for (const concurrency of [1, 10]) {
      const load = await runLoad({
        concurrency,
        seconds: SECONDS,
        warmUpSeconds: 2,
        request: async () => {
          const body = postCallBody(salonId);
          const response = await fetch(`${product.url}/api/elevenlabs/post-call`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'elevenlabs-signature': signElevenLabsPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) },
            body,
          });
          await response.arrayBuffer();
          return response.status === 200;
        },
      });
      results.push([`POST /api/elevenlabs/post-call (${concurrency} at a time)`, load, 100]);
    }
    for (const [label, result, target] of results) lines.push(`${formatLoad(label, result)}   p99 < ${target} ms: ${result.p99 < target ? 'met' : 'missed'}`);
  } finally {
    await product.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
  process.exit(0);
}
