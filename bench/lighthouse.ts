import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, FULL_CHROMIUM } from '../tests/support/chromium.js';
import { PUBLIC_PAGES, withSite } from './web-weight.js';

/**
 * Lighthouse scores of the public pages with its default mobile emulation and simulated
 * throttling. Each page runs several times and every category reports its median, because the
 * performance score moves by a few points between identical runs.
 */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export const TARGETS: Record<Category, number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

export interface PageScores {
  path: string;
  scores: Record<Category, number>;
  /** Failing audits of the median run, to say why a score is below 100. */
  failingAudits: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Chromium with a DevTools port for Lighthouse; the port is read from Chromium's own announcement. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'salondesk-lighthouse-'));
  const child: ChildProcess = spawn(
    // Lighthouse drives the full browser (its own headless mode), not the headless shell the tests use.
    process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before opening DevTools:\n${output}`)));
  });
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

type Attempt = Omit<PageScores, 'path'>;

async function scorePage(url: string, port: number): Promise<Attempt> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<
    Category,
    number
  >;
  const failingAudits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => `${category}: ${audit!.id} (${audit!.displayValue ?? audit!.score})`),
  );
  return { scores, failingAudits };
}

export async function measureLighthouse(baseUrl: string, runs: number): Promise<PageScores[]> {
  const chromium = await launchChromium();
  try {
    const pages: PageScores[] = [];
    for (const path of PUBLIC_PAGES) {
      const attempts: Attempt[] = [];
      for (let attempt = 0; attempt < runs; attempt += 1) attempts.push(await scorePage(new URL(path, baseUrl).href, chromium.port));
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, median(attempts.map((attempt) => attempt.scores[category]))])) as Record<
        Category,
        number
      >;
      const medianRun = [...attempts].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs / 2)];
      pages.push({ path, scores, failingAudits: medianRun?.failingAudits ?? [] });
    }
    return pages;
  } finally {
    await chromium.stop();
  }
}

export function formatLighthouse(pages: PageScores[]): string {
  const header = `  ${'page'.padEnd(14)} ${CATEGORIES.map((category) => category.padStart(15)).join('')}`;
  const rows = pages.map((page) => {
    const cells = CATEGORIES.map((category) => {
      const score = page.scores[category];
      return `${score}${score >= TARGETS[category] ? '' : ' (!)'}`.padStart(15);
    });
    const why = page.failingAudits.map((audit) => `\n      ${audit}`).join('');
    return `  ${page.path.padEnd(14)} ${cells.join('')}${why}`;
  });
  const targets = CATEGORIES.map((category) => `${category} ≥ ${TARGETS[category]}`).join(', ');
  return [`Lighthouse, mobile emulation (median of runs; (!) misses the target: ${targets}):`, header, ...rows].join('\n');
}

export async function run(options: { baseUrl?: string; runs?: number } = {}): Promise<PageScores[]> {
  const pages = await withSite(options.baseUrl, (url) => measureLighthouse(url, options.runs ?? 3));
  console.log(formatLighthouse(pages));
  return pages;
}

/** `npx tsx bench/lighthouse.ts [baseUrl] [runs]` */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run({ baseUrl: process.argv[2], runs: process.argv[3] ? Number(process.argv[3]) : undefined });
}
