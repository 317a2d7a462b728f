import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractedServiceDraft } from '../functions/contracts/price-list.js';
import { detectFileType } from '../functions/core/price-list/detect-file-type.js';
import { parsePriceList } from '../functions/core/price-list/parse-price-list.js';
import { readText } from '../functions/core/price-list/read-text.js';
import { stopOcr } from '../functions/core/price-list/readers/image.js';

/**
 * Price-list extraction, offline path, over three sets apart:
 * - corpus: tests/fixtures/price-lists/manifest.json, every accepted format;
 * - tuning: tests/fixtures/price-lists/tuning/ (extra images the image path was tuned on);
 * - held-out: tests/fixtures/price-lists/held-out/ (lists never tuned on: the honest figure).
 * For each set:
 * - accuracy: the share of expected services found with the right name, price (single or range)
 *   and duration, overall, per format and per image, with the share right on each field and the
 *   services found that the list does not have;
 * - time: mean milliseconds per document (type check + text + parse), after one warm-up pass that
 *   loads the libraries and starts the OCR worker.
 * Run alone: npx tsx bench/extraction.ts   (BENCH_ROUNDS sets the timed passes, default 3;
 * BENCH_SETS=corpus,tuning,held-out picks the sets)
 */
interface Fixture {
  file: string;
  format: string;
  ocr?: boolean;
  services: ExtractedServiceDraft[];
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'tests/fixtures/price-lists');
const SETS = [
  { name: 'corpus', directory: FIXTURES },
  { name: 'tuning', directory: join(FIXTURES, 'tuning') },
  { name: 'held-out', directory: join(FIXTURES, 'held-out') },
].filter((set) => (process.env.BENCH_SETS ?? 'corpus,tuning,held-out').split(',').includes(set.name));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const normalName = (name: string) => name.toLowerCase().replace(/[–—-]/g, '-').replace(/\s+/g, ' ').trim();
const samePrice = (a: ExtractedServiceDraft, b: ExtractedServiceDraft) =>
  a.isRange === b.isRange && a.price === b.price && a.price_min === b.price_min && a.price_max === b.price_max;

interface Score {
  expected: number;
  right: number;
  names: number;
  prices: number;
  durations: number;
  extra: number;
}

function score(expected: ExtractedServiceDraft[], found: ExtractedServiceDraft[]): Score {
  const unused = [...found];
  const result: Score = { expected: expected.length, right: 0, names: 0, prices: 0, durations: 0, extra: 0 };
  for (const want of expected) {
    const index = unused.findIndex((got) => normalName(got.name) === normalName(want.name));
    if (index < 0) continue;
    const [got] = unused.splice(index, 1) as [ExtractedServiceDraft];
    result.names += 1;
    const price = samePrice(got, want);
    const duration = got.duration === want.duration;
    if (price) result.prices += 1;
    if (duration) result.durations += 1;
    if (price && duration) result.right += 1;
  }
  result.extra = unused.length;
  return result;
}

const add = (total: Score, part: Score): Score => ({
  expected: total.expected + part.expected,
  right: total.right + part.right,
  names: total.names + part.names,
  prices: total.prices + part.prices,
  durations: total.durations + part.durations,
  extra: total.extra + part.extra,
});
const empty = (): Score => ({ expected: 0, right: 0, names: 0, prices: 0, durations: 0, extra: 0 });
const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : '–'}%`;

async function extract(directory: string, file: string): Promise<ExtractedServiceDraft[]> {
  const bytes = readFileSync(join(directory, file));
  const { kind } = await detectFileType(file, bytes);
  return parsePriceList(await readText({ name: file, kind, bytes }));
}

const mean = (times: number[]) => times.reduce((sum, time) => sum + time, 0) / times.length;

async function runSet(name: string, directory: string): Promise<string[]> {
  const { fixtures } = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };
  const byFormat = new Map<string, { score: Score; times: number[]; documents: number }>();
  const images: string[] = [];
  let total = empty();
  for (const fixture of fixtures) await extract(directory, fixture.file); // warm-up
  for (const fixture of fixtures) {
    const times: number[] = [];
    let found: ExtractedServiceDraft[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      found = await extract(directory, fixture.file);
      times.push(performance.now() - started);
    }
    const result = score(fixture.services, found);
    total = add(total, result);
    const entry = byFormat.get(fixture.format) ?? { score: empty(), times: [], documents: 0 };
    entry.score = add(entry.score, result);
    entry.times.push(...times);
    entry.documents += 1;
    byFormat.set(fixture.format, entry);
    if (fixture.ocr) {
      images.push(
        `    ${fixture.file.padEnd(32)} ${String(result.right).padStart(2)}/${String(result.expected).padEnd(2)} right (names ${result.names}, prices ${result.prices}, durations ${result.durations}), extra ${result.extra}, ${mean(times).toFixed(0)} ms`,
      );
    }
  }
  const lines = [
    `[${name}] ${fixtures.length} documents, ${total.expected} services, ${ROUNDS} timed pass(es)`,
    `  Accuracy (right name, price and duration): ${percent(total.right, total.expected)} (${total.right}/${total.expected}); names ${percent(total.names, total.expected)}, prices ${percent(total.prices, total.expected)}, durations ${percent(total.durations, total.expected)}; ${total.extra} service(s) found that the lists do not have`,
  ];
  for (const [format, { score: result, times, documents }] of [...byFormat].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `  ${format.padEnd(5)} ${String(documents).padStart(2)} doc(s): accuracy ${percent(result.right, result.expected).padStart(6)} (${result.right}/${result.expected}), extra ${result.extra}, mean ${mean(times).toFixed(1)} ms per document`,
    );
  }
  if (images.length) lines.push('  images:', ...images);
  return lines;
}

export async function run(): Promise<string[]> {
  const lines = ['Price-list extraction, offline parser'];
  try {
    for (const set of SETS) lines.push(...(await runSet(set.name, set.directory)));
  } finally {
    await stopOcr();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
}
