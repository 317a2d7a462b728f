import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time under a path (files only). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), 0);
}

const SOURCES = ['web/src', 'web/public', 'web/index.html', 'vite.config.ts', 'functions/contracts', 'functions/core/plans.ts', 'functions/core/money.ts'];

/** Builds the web app when it was never built or its sources changed since. */
export async function ensureWebBuild(root: string, log: (line: string) => void): Promise<void> {
  const built = join(root, 'web/dist/index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((source) => newest(join(root, source))));
  if (builtAt && builtAt >= sourcesAt) return;
  log('Building the web app…');
  const { build } = await import('vite');
  // Always the production build (React's and the router's), also when a test runner set NODE_ENV.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: join(root, 'web'), configFile: join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}
