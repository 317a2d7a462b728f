import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractedServiceDraft } from '../../functions/contracts/price-list.js';
import { parsePriceList } from '../../functions/core/price-list/parse-price-list.js';
import { BANDS, type Band } from '../../tests/fixtures/price-lists/generator/photos.js';
import { addRows, noRows, scoreRows, type RowScore } from '../../tests/fixtures/price-lists/generator/score.js';

/**
 * A set of photographed price lists (the first generator's, or the layouts made apart from it),
 * each read by `read`, scored on exact rows (name, price or range, duration), per severity band,
 * per distortion (the photos where it is in the top third of its range), per layout and overall,
 * with the photos that had a spurious row and the seconds each photo took. The printed text of
 * the same pages, parsed, is reported too: the parser's own ceiling.
 */
export interface BenchPhoto {
  id: string;
  band: Band;
  layout: string;
  jpeg: Buffer;
  printed: string;
  expected: ExtractedServiceDraft[];
  /** Each distortion's strength, 0..1 of its range, by the label it is reported under. */
  strengths: Record<string, number>;
}

export interface Reading {
  services: ExtractedServiceDraft[];
  /** What the reader made of the picture, kept for BENCH_DUMP. */
  text?: string;
  /** The owner was told to take the photo again (review.ts's retake advice); undefined when the reader gives no advice. */
  advised?: boolean;
}

export interface PhotoBenchOptions {
  /** The report's first line: the set, its seed, the photos. */
  title: string;
  photos: AsyncIterable<BenchPhoto>;
  read(photo: BenchPhoto): Promise<Reading>;
  /** Photos this reader cannot read (the Bedrock replay without a recording for them): left out of every figure, and counted. */
  skip?(photo: BenchPhoto): boolean;
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

export async function benchPhotos(options: PhotoBenchOptions): Promise<string[]> {
  const overall = noTally();
  const printed = noTally();
  const bands = new Map(BANDS.map((band) => [band, noTally()]));
  const distortions = new Map<string, Tally>();
  const layouts = new Map<string, Tally>();
  const seconds: number[] = [];
  /** CPU time of the whole process (OCR runs in a worker thread of it), less sensitive to a busy machine. */
  const cpuSeconds: number[] = [];
  const worst: { id: string; rows: RowScore; band: string }[] = [];
  const failures: string[] = [];
  /** Photos told to be taken again, by how well they were read: under 80% of rows right, 80–95%, 95% and over. */
  const advice = { poor: { advised: 0, photos: 0 }, fair: { advised: 0, photos: 0 }, good: { advised: 0, photos: 0 } };
  let skipped = 0;
  if (options.dump) mkdirSync(options.dump, { recursive: true });
  for await (const photo of options.photos) {
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
    process.stderr.write(
      `${photo.id} ${photo.layout} ${photo.band} ${rows.right}/${rows.expected}${rows.spurious ? ` +${rows.spurious}` : ''} ${seconds.at(-1)!.toFixed(1)} s\n`,
    );
    if (reading.advised !== undefined) {
      const share = rows.expected ? rows.right / rows.expected : 1;
      const tally = advice[share < 0.8 ? 'poor' : share < 0.95 ? 'fair' : 'good'];
      tally.photos += 1;
      if (reading.advised) tally.advised += 1;
    }
    count(overall, rows);
    count(bands.get(photo.band)!, rows);
    for (const [label, strength] of Object.entries(photo.strengths)) {
      if (!distortions.has(label)) distortions.set(label, noTally());
      if (strength >= 2 / 3) count(distortions.get(label)!, rows);
    }
    if (!layouts.has(photo.layout)) layouts.set(photo.layout, noTally());
    count(layouts.get(photo.layout)!, rows);
    count(printed, scoreRows(photo.expected, parsePriceList(photo.printed)));
    if (rows.right < rows.expected || rows.spurious > 0) {
      worst.push({ id: photo.id, rows, band: photo.band });
      if (options.dump) {
        writeFileSync(join(options.dump, `${photo.id}.jpg`), photo.jpeg);
        writeFileSync(
          join(options.dump, `${photo.id}.json`),
          JSON.stringify({ ...photo, jpeg: undefined, text: reading.text, found: reading.services }, null, 1),
        );
      }
    }
  }
  const spread = (values: number[]) => {
    if (values.length === 0) return 'no photo read';
    const sorted = [...values].sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2);
    return `mean ${(sorted.reduce((sum, each) => sum + each, 0) / sorted.length).toFixed(2)}, median ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`;
  };
  const { rows } = overall;
  const lines = [
    `${options.title}${options.reader ? `, ${options.reader}` : ''}${skipped ? `, ${skipped} left out (no recorded answer)` : ''}`,
    `  ${describe('overall', overall)}; names ${percent(rows.names, rows.expected)}, prices ${percent(rows.prices, rows.expected)}, durations ${percent(rows.durations, rows.expected)}`,
    ...[...bands].map(([band, tally]) => `  ${describe(`band ${band}`, tally)}`),
    '  by distortion, photos where it is in the top third of its range:',
    ...[...distortions].map(([label, tally]) => `    ${describe(label, tally)}`),
    ...[...layouts].sort(([a], [b]) => a.localeCompare(b)).map(([layout, tally]) => `  ${describe(layout, tally)}`),
    `  ${describe('printed text, parsed', printed)}`,
    `  seconds per photo (wall clock): ${spread(seconds)}`,
    `  CPU seconds per photo (both cores together): ${spread(cpuSeconds)}`,
  ];
  if (advice.poor.photos + advice.fair.photos + advice.good.photos > 0) {
    const told = ({ advised, photos }: { advised: number; photos: number }) => `${advised} of ${photos}`;
    lines.push(
      `  told to take the photo again: read under 80% right ${told(advice.poor)}, 80–95% ${told(advice.fair)}, 95% and over ${told(advice.good)} (refused photos are told apart)`,
    );
  }
  if (failures.length) lines.push(`  refused (${failures.length}): ${failures.join('; ')}`);
  if (worst.length) {
    worst.sort((a, b) => a.rows.right / a.rows.expected - b.rows.right / b.rows.expected);
    lines.push(
      `  not perfect (${worst.length}): ${worst.map(({ id, rows: each, band }) => `${id} ${band} ${each.right}/${each.expected}${each.spurious ? ` +${each.spurious}` : ''}`).join(', ')}`,
    );
  }
  return lines;
}
