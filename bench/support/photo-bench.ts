import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractedServiceDraft } from '../../functions/contracts/price-list.js';
import { parsePriceList } from '../../functions/core/price-list/parse-price-list.js';
import { STRENGTH, type Distortions } from '../../tests/fixtures/price-lists/generator/camera.js';
import { BANDS, generatePhotos, TUNING_SEEDS_BELOW, type Band, type GeneratedPhoto } from '../../tests/fixtures/price-lists/generator/photos.js';
import { addRows, noRows, scoreRows, type RowScore } from '../../tests/fixtures/price-lists/generator/score.js';

/**
 * The generated set: photographed price lists made fresh from a seed (tests/fixtures/price-lists/
 * generator), each read by `read`, scored on exact rows (name, price or range, duration), per
 * severity band, per distortion (the photos where it is in the top third of its range), per
 * layout and overall, with the photos that had a spurious row and the seconds each photo took.
 * The printed text of the same pages, parsed, is reported too: the parser's own ceiling.
 */
export interface Reading {
  services: ExtractedServiceDraft[];
  /** What the reader made of the picture, kept for BENCH_DUMP. */
  text?: string;
}

export interface PhotoBenchOptions {
  seed: number;
  count: number;
  first?: number;
  /** Only this band's photos (every third index), for tuning on the hardest ones. */
  band?: Band;
  read(photo: GeneratedPhoto): Promise<Reading>;
  /** Photos this reader cannot read (the Bedrock replay without a recording for them): left out of every figure, and counted. */
  skip?(photo: GeneratedPhoto): boolean;
  /** Names the reader in the report. */
  reader?: string;
  /** A folder to write each photo that was not read perfectly into, with what was read. */
  dump?: string;
}

interface Tally {
  photos: number;
  rows: RowScore;
  spuriousPhotos: number;
}
const noTally = (): Tally => ({ photos: 0, rows: noRows(), spuriousPhotos: 0 });
const count = (tally: Tally, rows: RowScore) => {
  tally.photos += 1;
  tally.rows = addRows(tally.rows, rows);
  if (rows.spurious > 0) tally.spuriousPhotos += 1;
};
const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : '–'}%`;
const describe = (label: string, { photos, rows, spuriousPhotos }: Tally) =>
  `${label.padEnd(22)} ${String(photos).padStart(3)} photos: exact rows ${percent(rows.right, rows.expected).padStart(6)} (${rows.right}/${rows.expected}); ` +
  `spurious rows ${rows.spurious}, in ${spuriousPhotos} photo(s) (${percent(spuriousPhotos, photos)})`;

const UNITS: Record<keyof Distortions, (value: number) => string> = {
  rotation: (value) => `|rotation| ≥ ${value.toFixed(1)}°`,
  keystone: (value) => `keystone ≥ ${(value * 100).toFixed(1)}%`,
  light: (value) => `uneven light ≥ ${value.toFixed(2)}`,
  shadow: (value) => `shadow bands ≥ ${value.toFixed(2)}`,
  blur: (value) => `blur σ ≥ ${value.toFixed(2)} px`,
  noise: (value) => `noise σ ≥ ${value.toFixed(1)}`,
  quality: (value) => `JPEG quality ≤ ${value.toFixed(0)}`,
  margin: (value) => `margins ≥ ${(value * 100).toFixed(0)}%`,
};
/** The value at two thirds of each distortion's range, for the labels. */
const TOP_THIRD: Record<keyof Distortions, number> = { rotation: 16 / 3, keystone: 0.2 / 3, light: 2 / 3, shadow: 2 / 3, blur: 1.1, noise: 8, quality: 55, margin: 0.02 + 0.32 / 3 };

export async function benchPhotos(options: PhotoBenchOptions): Promise<string[]> {
  const overall = noTally();
  const printed = noTally();
  const bands = new Map(BANDS.map((band) => [band, noTally()]));
  const distortions = new Map((Object.keys(STRENGTH) as (keyof Distortions)[]).map((name) => [name, noTally()]));
  const layouts = new Map<string, Tally>();
  const seconds: number[] = [];
  /** CPU time of the whole process (OCR runs in a worker thread of it), less sensitive to a busy machine. */
  const cpuSeconds: number[] = [];
  const worst: { id: string; rows: RowScore; band: string }[] = [];
  const failures: string[] = [];
  let skipped = 0;
  if (options.dump) mkdirSync(options.dump, { recursive: true });
  for await (const photo of generatePhotos({ seed: options.seed, count: options.count, first: options.first, band: options.band })) {
    if (options.skip?.(photo)) {
      skipped += 1;
      continue;
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    // A photo the pipeline refuses (too slow, unreadable) is read as no services at all.
    const reading = await options.read(photo).catch((error: unknown): Reading => {
      failures.push(`${photo.id}: ${(error as Error).message}`);
      return { services: [] };
    });
    seconds.push((performance.now() - started) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    cpuSeconds.push((cpu.user + cpu.system) / 1e6);
    const rows = scoreRows(photo.expected, reading.services);
    process.stderr.write(`${photo.id} ${photo.band} ${rows.right}/${rows.expected}${rows.spurious ? ` +${rows.spurious}` : ''} ${seconds.at(-1)!.toFixed(1)} s\n`);
    count(overall, rows);
    count(bands.get(photo.band)!, rows);
    for (const [name, tally] of distortions) if (STRENGTH[name](photo.distortions[name]) >= 2 / 3) count(tally, rows);
    if (!layouts.has(photo.layout)) layouts.set(photo.layout, noTally());
    count(layouts.get(photo.layout)!, rows);
    count(printed, scoreRows(photo.expected, parsePriceList(photo.printed)));
    if (rows.right < rows.expected || rows.spurious > 0) {
      worst.push({ id: photo.id, rows, band: photo.band });
      if (options.dump) {
        writeFileSync(join(options.dump, `${photo.id}.jpg`), photo.jpeg);
        writeFileSync(join(options.dump, `${photo.id}.json`), JSON.stringify({ ...photo, jpeg: undefined, text: reading.text, found: reading.services }, null, 1));
      }
    }
  }
  const spread = (values: number[]) => {
    if (values.length === 0) return 'no photo read';
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
    return `mean ${(sorted.reduce((sum, each) => sum + each, 0) / sorted.length).toFixed(2)}, median ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`;
  };
  const fresh = options.seed >= TUNING_SEEDS_BELOW ? 'a reporting seed' : `a TUNING seed (tuning seeds are below ${TUNING_SEEDS_BELOW})`;
  const { rows } = overall;
  const lines = [
    `[generated${options.reader ? `, ${options.reader}` : ''}] seed ${options.seed} (${fresh}), photos ${options.first ?? 0}–${(options.first ?? 0) + options.count - 1}${options.band ? ` (band ${options.band} only)` : ''}${skipped ? `, ${skipped} left out (no recorded answer)` : ''}`,
    `  ${describe('overall', overall)}; names ${percent(rows.names, rows.expected)}, prices ${percent(rows.prices, rows.expected)}, durations ${percent(rows.durations, rows.expected)}`,
    ...[...bands].map(([band, tally]) => `  ${describe(`band ${band}`, tally)}`),
    '  by distortion, photos where it is in the top third of its range:',
    ...[...distortions].map(([name, tally]) => `    ${describe(UNITS[name](TOP_THIRD[name]), tally)}`),
    ...[...layouts].sort(([a], [b]) => a.localeCompare(b)).map(([layout, tally]) => `  ${describe(layout, tally)}`),
    `  ${describe('printed text, parsed', printed)}`,
    `  seconds per photo (wall clock): ${spread(seconds)}`,
    `  CPU seconds per photo (both cores together): ${spread(cpuSeconds)}`,
  ];
  if (failures.length) lines.push(`  refused (${failures.length}): ${failures.join('; ')}`);
  if (worst.length) {
    worst.sort((a, b) => a.rows.right / a.rows.expected - b.rows.right / b.rows.expected);
    lines.push(`  not perfect (${worst.length}): ${worst.map(({ id, rows: each, band }) => `${id} ${band} ${each.right}/${each.expected}${each.spurious ? ` +${each.spurious}` : ''}`).join(', ')}`);
  }
  return lines;
}
