import '../local/server/quiet-sdk-notices.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { DEFAULT_HOURS } from '../functions/contracts/setup.js';
import { twilioSignature } from '../functions/providers/twilio-signature.js';
import { formatLoad, runLoad } from './support/load.js';
import { signUpBenchOwner } from './support/owner.js';
import { productEnv, startProductProcess } from './support/product-process.js';

/**
 * Twilio's voice webhook: how long a caller hears silence before the call is answered (target p99
 * < 150 ms locally), for a live salon (the agent's TwiML), a paused one (forwarded) and an
 * unassigned number (the polite message), signed as Twilio signs, over HTTP against `npm start`.
 * The webhook Lambda's cold start is in bench/cold-starts.ts.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 4;

async function salon(url: string, label: string) {
  const { authorization } = await signUpBenchOwner(url);
  const headers = { authorization, 'content-type': 'application/json' };
  const save = async (body: unknown) => {
    const response = await fetch(`${url}/api/setup/step`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`setup step failed: ${await response.text()}`);
  };
  await save({ step: 1, business: { name: `Bench ${label}`, phone: '01 234 5678' }, hours: DEFAULT_HOURS });
  await save({
    step: 2,
    stylists: [{ key: 'new-0', name: 'Aoife' }],
    mappings: { 'new-0': 'aoife@sandbox.calendar' },
    services: [{ name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' }],
  });
  await save({ step: 3, selectedVoice: 'niamh', firstMessage: "Hi, you're through to the salon's AI assistant.", escalationPhone: '087 765 4321' });
  return ((await (await fetch(`${url}/api/salon`, { headers })).json()) as { id: string }).id;
}

export async function run(): Promise<string[]> {
  const lines: string[] = [];
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3976));
  try {
    const env = productEnv(product.url);
    // The admin handler and the stores run here against the product's stand-ins, as `npm run admin` does.
    Object.assign(process.env, env);
    const { deps } = await import('../functions/composition-root.js');
    const { handler: admin } = await import('../functions/admin/assign-phone-number.js');
    const { provisionAgent } = await import('../functions/core/voice-agent/provision.js');
    const authToken = readFileSync(env.LOCAL_TWILIO_AUTH_TOKEN_FILE!, 'utf8').trim();

    const [live, paused] = await Promise.all([salon(product.url, 'live'), salon(product.url, 'paused')]);
    const numbers = { live: '+35315550100', paused: '+35315550200', unassigned: '+35315550300' };
    for (const [salonId, phoneNumber] of [
      [live, numbers.live],
      [paused, numbers.paused],
    ] as const) {
      const assigned = await admin({ action: 'assign-number', salonId, phoneNumber });
      if (!assigned.ok) throw new Error(`assign-number failed: ${JSON.stringify(assigned)}`);
    }
    await provisionAgent(deps(), live);
    await deps().salons.markLive(live, new Date().toISOString());
    await deps().salons.markLive(paused, new Date().toISOString());
    await deps().salons.markPaused(paused, new Date().toISOString(), null);

    const url = `${product.url}/api/twilio/voice`;
    const call = (to: string, expect: RegExp) => async () => {
      const params = {
        CallSid: `CA${randomBytes(16).toString('hex')}`,
        AccountSid: `AC${'0'.repeat(32)}`,
        From: '+353861112222',
        To: to,
        CallStatus: 'ringing',
        Direction: 'inbound',
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(authToken, url, params) },
        body: new URLSearchParams(params).toString(),
      });
      return response.ok && expect.test(await response.text());
    };
    const cases = [
      ['live salon → agent', call(numbers.live, /<Connect|<Stream/)],
      ['paused salon → message mode', call(numbers.paused, /<Gather input="speech"/)],
      ['unassigned number → message', call(numbers.unassigned, /<Say[^>]*>Sorry, this number/)],
    ] as const;
    for (const [label, request] of cases) {
      const result = await runLoad({ concurrency: CONCURRENCY, seconds: SECONDS, request });
      lines.push(`${formatLoad(label, result)}${result.p99 < 150 ? '' : '   over the 150 ms target'}`);
    }
  } finally {
    await product.stop();
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) for (const line of await run()) console.log(line);
