import './server/quiet-sdk-notices.js';
import * as z from 'zod';
import { startLocal } from './server/start.js';
import { setLogSink } from '../functions/logger.js';

/** `npm start`: the whole product on this machine, on embedded stand-ins, data under .local/. */
const settings = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('.local'),
  })
  .parse(process.env);

const startedAt = performance.now();
setLogSink((line) => process.stdout.write(`${line}\n`), 'warn');
const product = await startLocal({ port: settings.PORT, dataDir: settings.DATA_DIR });
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
console.log(`\nSalonDesk is running at ${product.url} (ready in ${seconds}s)`);
console.log(`Sandbox outbox (emails and SMS): ${product.url}/_local/outbox`);
console.log(`Local phone (dial an assigned number through the voice webhook): ${product.url}/_local/phone`);
console.log('Press Ctrl-C to stop.\n');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await product.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
