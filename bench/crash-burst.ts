import '../local/server/quiet-sdk-notices.js';
import { once } from 'node:events';
import { mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { DAYS, type Hours } from '../functions/contracts/setup.js';
import { issueBenchAgentSecret } from './support/agent-secret.js';
import { ownerAppointments, ownerViolations, slotKey, tableViolations, type Slot } from './support/crash-checks.js';
import { signUpBenchOwner } from './support/owner.js';
import { dataDirEnv, launchProduct } from './support/product-process.js';

/**
 * A kill -9 of `npm start` in a burst of bookings (issue 42, "Done when"): per round, the product
 * in its own process group on a fresh data folder, a salon of two stylists, 80 concurrent `book`
 * calls over 20 slots (4 callers each), SIGKILL to the whole group (DynamoDB Local's JVM too) at a
 * random moment of the burst; then `npm start` again on the same folder and, polling for up to 10 s
 * after it answers: every slot booked once more by a new caller, and a refusal only where the owner
 * sees a confirmed booking; every booking a caller was told of in the owner's list; no slot booked
 * twice; every day reservation with its live appointment and every live appointment with its
 * reservation (the table read directly). The booking sweep stays on as `npm start` runs it: it
 * releases lapsed deposit holds (this salon takes no deposits) and writes calendars (none connected).
 */
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(values.rounds);
const CALLERS_PER_SLOT = 4;
const STYLISTS = ['Aoife', 'Ciara'];
const HOURS_OF_DAY = [9, 10, 11, 12, 13];
const CONSISTENT_WITHIN_MS = 10_000;
const ZONE = 'Europe/Dublin';
const OPEN_EVERY_DAY = Object.fromEntries(DAYS.map((day) => [day, { open: '08:00', close: '20:00', closed: false }])) as Hours;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The owner's salon, open every day 08:00–20:00, two stylists, one 45-minute service; its agent's headers. */
async function setUpSalon(url: string, dataDir: string) {
  const { authorization } = await signUpBenchOwner(url);
  const headers = { authorization, 'content-type': 'application/json' };
  const save = async (body: unknown) => {
    const response = await fetch(`${url}/api/setup/step`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`setup step failed: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  await save({ step: 1, business: { name: 'Crash Salon', phone: '01 234 5678' }, hours: OPEN_EVERY_DAY });
  const saved = await save({
    step: 2,
    stylists: STYLISTS.map((name, index) => ({ key: `new-${index}`, name })),
    mappings: {},
    services: [{ name: 'Cut and blow-dry', duration: 45, price: 45, isRange: false }],
  });
  const salonId = ((await (await fetch(`${url}/api/salon`, { headers })).json()) as { id: string }).id;
  const agent = await issueBenchAgentSecret(dataDirEnv(dataDir), salonId);
  return { authorization, salonId, agent, stylists: saved.stylists as { id: string; name: string }[] };
}

function slotsFrom(stylists: { id: string; name: string }[], dates: string[]): Slot[] {
  return stylists.flatMap((stylist) =>
    dates.flatMap((date) =>
      HOURS_OF_DAY.map((hour) => {
        const start = `${date}T${String(hour).padStart(2, '0')}:00`;
        return { stylistId: stylist.id, stylistName: stylist.name, date, start, at: DateTime.fromISO(start, { zone: ZONE }).toMillis() };
      }),
    ),
  );
}

type BookAnswer = { status: number; bookingId?: string; error?: string };

async function book(url: string, agent: Record<string, string>, slot: Slot, callerPhone: string): Promise<BookAnswer> {
  const response = await fetch(`${url}/api/agent/tools?tool=book`, {
    method: 'POST',
    headers: agent,
    body: JSON.stringify({ service: 'Cut and blow-dry', stylist: slot.stylistName, start: slot.start, callerName: 'Crash Caller', callerPhone }),
  });
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; booking?: { id?: string }; error?: string };
  const bookingId = response.status === 200 && body.ok === true ? body.booking?.id : undefined;
  return { status: response.status, ...(bookingId ? { bookingId } : {}), ...(body.error ? { error: body.error } : {}) };
}

async function round(index: number, port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'salondesk-crash-'));
  const log = openSync(join(dataDir, 'product.log'), 'a');
  let leader: number | undefined;
  try {
    const first = await launchProduct({ port, dataDir, detached: true, stderr: log });
    leader = first.child.pid!;
    const { authorization, salonId, agent, stylists } = await setUpSalon(first.url, dataDir);
    const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 });
    const dates = [tomorrow.toISODate()!, tomorrow.plus({ days: 1 }).toISODate()!];
    const slots = slotsFrom(stylists, dates);
    const calls = slots.flatMap((slot, slotIndex) =>
      Array.from({ length: CALLERS_PER_SLOT }, (_, caller) => ({
        slot,
        phone: `+35386${String(1_000_000 + index * 10_000 + slotIndex * 10 + caller).slice(-7)}`,
      })),
    );
    calls.sort(() => Math.random() - 0.5);

    const told = new Map<string, string>();
    // A product that has taken a call already: the book handler loaded, as in a salon's working day.
    const warmUp = { ...slots[0]!, start: `${dates[0]}T17:00`, at: DateTime.fromISO(`${dates[0]}T17:00`, { zone: ZONE }).toMillis() };
    const warm = await book(first.url, agent, warmUp, '+353851000000');
    if (!warm.bookingId) throw new Error(`the warm-up booking was answered ${warm.status} ${warm.error}`);
    told.set(warm.bookingId, 'the warm-up caller');

    // The kill comes a random 0–50 ms after a random answer of the burst (the 5th to the 60th), so
    // that it lands inside the burst however fast this machine answers today.
    const killAtAnswer = 5 + Math.floor(Math.random() * 56);
    const exited = once(first.child, 'exit');
    const burstStarted = performance.now();
    let killAfterMs: number | undefined;
    const kill = () => {
      if (killAfterMs !== undefined) return;
      killAfterMs = performance.now() - burstStarted;
      process.kill(-leader!, 'SIGKILL');
    };
    const outcomes = { booked: 0, taken: 0, other: 0, unanswered: 0 };
    const refusals = new Map<string, number>();
    let answered = 0;
    await Promise.all(
      calls.map(async ({ slot, phone }) => {
        const answer = await book(first.url, agent, slot, phone).catch(() => undefined);
        if (!answer) outcomes.unanswered += 1;
        else if (answer.bookingId) {
          outcomes.booked += 1;
          told.set(answer.bookingId, `${phone} (${slot.stylistName} ${slot.start})`);
        } else {
          if (answer.status === 409) outcomes.taken += 1;
          else outcomes.other += 1;
          const reason = `${answer.status} ${answer.error ?? ''}`.trim();
          refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
        }
        if (answer && (answered += 1) === killAtAnswer) setTimeout(kill, Math.random() * 50);
      }),
    );
    kill();
    await exited;
    // The JVM was in the group: its port must refuse now, as after a real kill -9 of the terminal's group.
    const jvmSurvived = await fetch(dataDirEnv(dataDir).DYNAMODB_ENDPOINT!).then(
      () => true,
      () => false,
    );
    const toldBeforeKill = told.size - 1;

    const restarted = performance.now();
    const second = await launchProduct({ port, dataDir, detached: true, stderr: log });
    leader = second.child.pid!;
    const ready = performance.now();
    const env = dataDirEnv(dataDir);
    let probePhone = 0;
    let violations: string[] = [];
    let found = 0;
    let consistentPass: { began: number; ended: number } | undefined;
    let slotsConsistent = 0;
    let freeAtRestart = 0;
    let passes = 0;
    while (performance.now() - ready < CONSISTENT_WITHIN_MS) {
      const began = performance.now() - ready;
      passes += 1;
      const probes = new Map(
        await Promise.all(
          slots.map(async (slot) => {
            const answer = await book(second.url, agent, slot, `+35387${String(1_000_000 + index * 10_000 + (probePhone += 1)).slice(-7)}`).catch(
              (error: Error) => ({ status: 0, error: error.message }) as BookAnswer,
            );
            if (answer.bookingId) told.set(answer.bookingId, `the probe of ${slot.stylistName} ${slot.start}`);
            return [slotKey(slot.stylistId, slot.at), answer] as const;
          }),
        ),
      );
      if (passes === 1) freeAtRestart = [...probes.values()].filter((answer) => answer.bookingId).length;
      const appointments = await ownerAppointments(second.url, authorization, dates[0]!, dates.length);
      if (typeof appointments === 'string') {
        violations = [appointments];
        continue;
      }
      found = appointments.filter((entry) => entry.status === 'confirmed' && entry.callerPhone.startsWith('+35386')).length;
      const fromOwner = ownerViolations({ slots, told, probes, appointments });
      slotsConsistent = slots.filter((slot) => !fromOwner.some((line) => line.startsWith(`${slot.stylistName} ${slot.start}`))).length;
      violations = [...fromOwner, ...(await tableViolations(env, salonId)), ...(jvmSurvived ? ['DynamoDB Local outlived the kill of the group'] : [])];
      if (violations.length === 0) {
        consistentPass = { began: began / 1000, ended: (performance.now() - ready) / 1000 };
        break;
      }
    }
    return {
      killAfterMs: killAfterMs!,
      killAtAnswer,
      refusals: [...refusals].map(([reason, count]) => `${count}× ${reason}`).join(', '),
      outcomes,
      passes,
      toldBeforeKill,
      found,
      freeAtRestart,
      slotsConsistent,
      slots: slots.length,
      secondsToReady: (ready - restarted) / 1000,
      consistentPass,
      violations,
      dataDir,
    };
  } finally {
    if (leader !== undefined) {
      try {
        process.kill(-leader, 'SIGKILL');
      } catch {
        // the group has already ended
      }
    }
    closeSync(log);
  }
}

let inconsistent = 0;
for (let index = 1; index <= ROUNDS; index += 1) {
  const result = await round(index, await freePort());
  const consistent = result.violations.length === 0;
  if (!consistent) inconsistent += 1;
  const { booked, taken, other, unanswered } = result.outcomes;
  console.log(
    `round ${index}: kill ${result.killAfterMs.toFixed(0)} ms into the burst (after answer ${result.killAtAnswer}); answered before it: ${booked} booked, ${taken} taken, ${other} other (${result.refusals}); ${unanswered} unanswered. ` +
      `Told "booked": ${result.toldBeforeKill}; burst bookings found after restart: ${result.found} (${result.found - result.toldBeforeKill} of them unanswered); slots free at restart (the probe booked them): ${result.freeAtRestart}, refused with a booking the owner sees: ${result.slots - result.freeAtRestart}; slots consistent: ${result.slotsConsistent}/${result.slots}; ` +
      `restart answered in ${result.secondsToReady.toFixed(1)} s; ` +
      (result.consistentPass === undefined
        ? `NOT consistent within ${CONSISTENT_WITHIN_MS / 1000} s of answering (${result.passes} checks)`
        : `consistent at check ${result.passes}, begun ${result.consistentPass.began.toFixed(2)} s after it answered (the check took until ${result.consistentPass.ended.toFixed(2)} s)`),
  );
  for (const line of result.violations) console.log(`  violation: ${line}`);
  if (consistent) rmSync(result.dataDir, { recursive: true, force: true });
  else console.log(`  data folder kept: ${result.dataDir}`);
}
console.log(`${ROUNDS - inconsistent}/${ROUNDS} rounds consistent`);
process.exit(inconsistent === 0 ? 0 : 1);
