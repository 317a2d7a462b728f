import '../local/server/quiet-sdk-notices.js';
import { join } from 'node:path';
import * as z from 'zod';
import { createServer } from 'vite';
import { repositoryRoot, startLocal } from '../local/server/start.js';
import { setLogSink } from '../functions/logger.js';

/**
 * `npm run dev`: the product's back end as `npm start` runs it, plus Vite with hot reload for
 * the web app, which proxies /api, /_cognito and /_local to the back end.
 */
const settings = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    WEB_PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    DATA_DIR: z.string().min(1).default('.local'),
  })
  .parse(process.env);

setLogSink((line) => process.stdout.write(`${line}\n`), 'warn');
const product = await startLocal({ port: settings.PORT, dataDir: settings.DATA_DIR, buildWeb: false, devWebPort: settings.WEB_PORT });
process.env.API_TARGET = `http://127.0.0.1:${product.port}`;
const vite = await createServer({ configFile: join(repositoryRoot, 'vite.config.ts'), server: { port: settings.WEB_PORT, strictPort: true } });
await vite.listen();
console.log(`\nSalonDesk (hot reload) at http://localhost:${settings.WEB_PORT}; API and sandbox on ${product.url}\n`);

async function stop() {
  await vite.close();
  await product.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
