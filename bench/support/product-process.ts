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

export interface LaunchedProduct {
  child: ChildProcess;
  url: string;
  secondsToFirstAnswer: number;
}

/**
 * Runs local/main.ts on `dataDir` and resolves once /api/health answers. `detached` gives it its own
 * process group (DynamoDB Local's JVM included), so that one signal to the group reaches all of it,
 * as a kill of the terminal's process group does.
 */
export async function launchProduct(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  detached?: boolean;
  stderr?: 'inherit' | 'ignore' | number;
}): Promise<LaunchedProduct> {
  const started = performance.now();
  // BENCH_CPU_PROF=<folder>: the product's CPU profile lands there when it stops (Node's --cpu-prof, which NODE_OPTIONS may not carry).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'local/main.ts'], {
    env: { ...process.env, ...options.env, PORT: String(options.port), DATA_DIR: options.dataDir },
    stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
    detached: options.detached ?? false,
  });
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the product exited before answering');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, url, secondsToFirstAnswer: (performance.now() - started) / 1000 };
}

export async function startProductProcess(port: number, extraEnv: Record<string, string> = {}): Promise<ProductProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salondesk-bench-'));
  const { child, url, secondsToFirstAnswer } = await launchProduct({ port, dataDir, env: extraEnv });
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

/** The environment `npm start` gave its handlers (its stand-ins' endpoints), from a data folder's local state. */
export function dataDirEnv(dataDir: string): Record<string, string> {
  return (JSON.parse(readFileSync(join(dataDir, 'local-state.json'), 'utf8')) as { env: Record<string, string> }).env;
}

/** The environment `npm start` gave its handlers (its stand-ins' endpoints), read from the running product's local state. */
export function productEnv(url: string): Record<string, string> {
  const port = new URL(url).port;
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith('salondesk-bench-')) continue;
    const dataDir = join(tmpdir(), entry);
    if (!existsSync(join(dataDir, 'local-state.json'))) continue;
    const env = dataDirEnv(dataDir);
    if (new URL(env.SITE_URL ?? 'http://x').port === port) return env;
  }
  throw new Error('Could not find the product’s local state');
}
