import { DEFAULT_HOURS } from '../functions/contracts/setup.js';
import { formatLoad, runLoad } from './support/load.js';
import { signUpBenchOwner } from './support/owner.js';
import { startProductProcess } from './support/product-process.js';

/** `GET /api/setup/load` for a fully set-up salon (6 stylists, 60 services) at 20 concurrent connections. */
export async function run(): Promise<string[]> {
  const product = await startProductProcess(Number(process.env.BENCH_PORT ?? 3972));
  try {
    const headers = { ...(await signUpBenchOwner(product.url)), 'content-type': 'application/json' };
    const save = (body: unknown) => fetch(`${product.url}/api/setup/step`, { method: 'POST', headers, body: JSON.stringify(body) });
    await save({ step: 1, business: { name: 'Bench Salon', phone: '01 234 5678' }, hours: DEFAULT_HOURS });
    const stylists = Array.from({ length: 6 }, (_, index) => ({ key: `new-${index}`, name: `Stylist ${index + 1}` }));
    const services = Array.from({ length: 60 }, (_, index) => ({
      name: `Service ${index + 1}`,
      duration: 30 + (index % 6) * 15,
      price: 20 + index,
      isRange: false,
    }));
    await save({ step: 2, stylists, mappings: Object.fromEntries(stylists.map((stylist) => [stylist.key, `cal-${stylist.key}`])), services });
    await save({ step: 3, selectedVoice: 'niamh', firstMessage: 'Hello from the AI assistant', phoneOption: 'new' });
    const load = await runLoad({
      concurrency: 20,
      seconds: Number(process.env.BENCH_SECONDS ?? 5),
      request: async () => {
        const response = await fetch(`${product.url}/api/setup/load`, { headers });
        await response.arrayBuffer();
        return response.ok;
      },
    });
    return [formatLoad('GET /api/setup/load (60 services)', load)];
  } finally {
    await product.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
}
