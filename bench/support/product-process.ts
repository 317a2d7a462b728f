import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm start`'s program in its own process (as a user runs it), on a fresh data folder. */
export interface ProductProcess {
  url: string;
  pid: number;
  secondsToFirstAnswer: number;
  stop(): Promise<void>;
}

export async function startProductProcess(port: number, extraEnv: Record<string, string> = {}): Promise<ProductProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salondesk-bench-'));
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    env: { ...process.env, ...extraEnv, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the product exited before answering');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const secondsToFirstAnswer = (performance.now() - started) / 1000;
  return {
    url,
    pid: child.pid!,
    secondsToFirstAnswer,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The environment `npm start` gave its handlers (its stand-ins' endpoints), read from the running product's local state. */
export function productEnv(url: string): Record<string, string> {
  const port = new URL(url).port;
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith('salondesk-bench-')) continue;
    const file = join(tmpdir(), entry, 'local-state.json');
    if (!existsSync(file)) continue;
    const { env } = JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> };
    if (new URL(env.SITE_URL ?? 'http://x').port === port) return env;
  }
  throw new Error('Could not find the product’s local state');
}
