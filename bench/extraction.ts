import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRICE_LIST_LIMITS, type ExtractedServiceDraft } from '../functions/contracts/price-list.js';
import { DEFAULT_BEDROCK_MODEL_ID } from '../infra/bedrock.js';
import { detectFileType } from '../functions/core/price-list/detect-file-type.js';
import { parsePriceList } from '../functions/core/price-list/parse-price-list.js';
import { readDocument } from '../functions/core/price-list/read-text.js';
import { reviewServices } from '../functions/core/price-list/review.js';
import { stopOcr } from '../functions/core/price-list/readers/image.js';
import { createBedrockExtractor } from '../functions/providers/bedrock-extraction.js';
import { createOfflineExtractor } from '../functions/providers/offline-extraction.js';
import type { Half } from '../tests/fixtures/price-lists/apart/split.js';
import { BANDS, TUNING_SEEDS_BELOW } from '../tests/fixtures/price-lists/generator/photos.js';
import { addRows, noRows, scoreRows, type RowScore } from '../tests/fixtures/price-lists/generator/score.js';
import { hasRecording, recordingClient, replayingClient } from './support/bedrock-recordings.js';
import { benchPhotos, type PhotoBenchOptions } from './support/photo-bench.js';
import { apartSet, generatedSet } from './support/photo-sets.js';

/**
 * Price-list extraction, offline path, over five sets apart:
 * - generated: photographed price lists made fresh from a seed (tests/fixtures/price-lists/
 *   generator), ≥ 100 of them, scored per severity band, per distortion and overall;
 * - layouts: price lists in thirteen layouts written apart from that generator, photographed by a
 *   second camera model (tests/fixtures/price-lists/apart), scored the same way; BENCH_HALF=
 *   reported (default: the six layouts never tuned on) or tuning (the seven that may be);
 * - corpus: tests/fixtures/price-lists/manifest.json, every accepted format;
 * - tuning: tests/fixtures/price-lists/tuning/ (extra images the image path was tuned on);
 * - held-out: tests/fixtures/price-lists/held-out/ (lists never tuned on).
 * A row is right when its name, price (single or range) and duration all are (generator/score.ts);
 * a service the list does not have is spurious.
 * Time: for the fixed sets, mean ms per document (type check + text + parse) after a warm-up
 * pass; for the generated set, seconds per photo, read once each.
 * Run alone: npx tsx bench/extraction.ts
 *   BENCH_SETS=generated,layouts,corpus,tuning,held-out picks the sets (default all); BENCH_ROUNDS the timed passes
 *   over the fixed sets (default 3); BENCH_SEED the generator's seed (default: a fresh one at or
 *   above 1000000; seeds below are for tuning), BENCH_PHOTOS how many (default 100), BENCH_FIRST
 *   the first photo's index, BENCH_BAND=light|medium|hard only that band's photos among them,
 *   BENCH_LAYOUT=<name> only that layout's (the layouts set); BENCH_DUMP a folder for the photos not read perfectly; BENCH_TIMEOUT_MS
 *   the limit on one read (default the product's own 20 s).
 *   BENCH_EXTRACTOR=offline (default) | bedrock-replay | bedrock-record reads the generated photos
 *   with the offline parser, or with the Bedrock adapter (the photo and its OCR text sent, as in
 *   AWS) answered from bench/recordings/bedrock (photos without a recording are left out and
 *   counted) or by Bedrock itself (AWS credentials and BEDROCK_MODEL_ID from the environment),
 *   keeping each answer there for the replay.
 */
interface Fixture {
  file: string;
  format: string;
  ocr?: boolean;
  services: ExtractedServiceDraft[];
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = join(ROOT, 'tests/fixtures/price-lists');
const SETS = (process.env.BENCH_SETS ?? 'generated,layouts,corpus,tuning,held-out').split(',');
const FIXED = [
  { name: 'corpus', directory: FIXTURES },
  { name: 'tuning', directory: join(FIXTURES, 'tuning') },
  { name: 'held-out', directory: join(FIXTURES, 'held-out') },
].filter((set) => SETS.includes(set.name));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : '–'}%`;

/** The product's own limit by default; a busy shared machine may need more to measure accuracy at all. */
const LIMITS = { ...PRICE_LIST_LIMITS, readTimeoutMs: Number(process.env.BENCH_TIMEOUT_MS ?? PRICE_LIST_LIMITS.readTimeoutMs) };

async function extract(name: string, bytes: Buffer): Promise<{ services: ExtractedServiceDraft[]; text: string; advised: boolean }> {
  const { kind } = await detectFileType(name, bytes);
  const { text, ...notes } = await readDocument({ name, kind, bytes }, LIMITS);
  const services = parsePriceList(text);
  // What the owner is shown: a photo read badly is told to be taken again (review.ts).
  const advised = reviewServices(services, text, { ...notes, fileName: name }).some((each) => each.review?.some((flag) => flag.reason === 'hard-photo'));
  return { services, text, advised };
}

/** A document refused (too slow, unreadable) counts as read with no services. */
const orNothing = (reading: Promise<{ services: ExtractedServiceDraft[] }>) => reading.catch(() => ({ services: [] }));

const RECORDINGS = join(ROOT, 'bench/recordings/bedrock');
const EXTRACTOR = process.env.BENCH_EXTRACTOR ?? 'offline';

/** How the generated photos are read: the offline path as `extract` does, or the Bedrock adapter. */
async function photoReader(): Promise<Pick<PhotoBenchOptions, 'read' | 'skip' | 'reader'>> {
  if (EXTRACTOR === 'offline') return { read: (photo) => extract(`${photo.id}.jpg`, photo.jpeg) };
  if (EXTRACTOR !== 'bedrock-replay' && EXTRACTOR !== 'bedrock-record')
    throw new Error(`BENCH_EXTRACTOR ${EXTRACTOR}: offline, bedrock-replay or bedrock-record`);
  const modelId = process.env.BEDROCK_MODEL_ID ?? DEFAULT_BEDROCK_MODEL_ID;
  let current = '';
  const client =
    EXTRACTOR === 'bedrock-replay'
      ? replayingClient(RECORDINGS)
      : recordingClient(new (await import('@aws-sdk/client-bedrock-runtime')).BedrockRuntimeClient({ maxAttempts: 2 }), RECORDINGS, () => current);
  const extractor = createBedrockExtractor(client, modelId, createOfflineExtractor());
  return {
    reader: `Bedrock ${modelId}, ${EXTRACTOR === 'bedrock-replay' ? 'recorded answers' : 'recording'}`,
    skip: EXTRACTOR === 'bedrock-replay' ? (photo) => !hasRecording(RECORDINGS, photo.jpeg) : undefined,
    read: async (photo) => {
      current = photo.id;
      const { text } = await readDocument({ name: `${photo.id}.jpg`, kind: 'jpg', bytes: photo.jpeg }, LIMITS);
      return { text, services: await extractor.extractServices({ fileName: `${photo.id}.jpg`, kind: 'jpg', text, image: { bytes: photo.jpeg } }) };
    },
  };
}

const mean = (times: number[]) => times.reduce((sum, time) => sum + time, 0) / times.length;

async function runSet(name: string, directory: string): Promise<string[]> {
  const { fixtures } = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };
  const byFormat = new Map<string, { score: RowScore; times: number[]; documents: number }>();
  const images: string[] = [];
  let total = noRows();
  const read = (fixture: Fixture) => orNothing(extract(fixture.file, readFileSync(join(directory, fixture.file))));
  for (const fixture of fixtures) await read(fixture); // warm-up
  for (const fixture of fixtures) {
    const times: number[] = [];
    let found: ExtractedServiceDraft[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      found = (await read(fixture)).services;
      times.push(performance.now() - started);
    }
    const result = scoreRows(fixture.services, found);
    total = addRows(total, result);
    const entry = byFormat.get(fixture.format) ?? { score: noRows(), times: [], documents: 0 };
    entry.score = addRows(entry.score, result);
    entry.times.push(...times);
    entry.documents += 1;
    byFormat.set(fixture.format, entry);
    if (fixture.ocr) {
      images.push(
        `    ${fixture.file.padEnd(32)} ${String(result.right).padStart(2)}/${String(result.expected).padEnd(2)} right (names ${result.names}, prices ${result.prices}, durations ${result.durations}), spurious ${result.spurious}, ${mean(times).toFixed(0)} ms`,
      );
    }
  }
  const lines = [
    `[${name}] ${fixtures.length} documents, ${total.expected} services, ${ROUNDS} timed pass(es)`,
    `  Accuracy (right name, price and duration): ${percent(total.right, total.expected)} (${total.right}/${total.expected}); names ${percent(total.names, total.expected)}, prices ${percent(total.prices, total.expected)}, durations ${percent(total.durations, total.expected)}; ${total.spurious} spurious service(s)`,
  ];
  for (const [format, { score: result, times, documents }] of [...byFormat].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(
      `  ${format.padEnd(5)} ${String(documents).padStart(2)} doc(s): accuracy ${percent(result.right, result.expected).padStart(6)} (${result.right}/${result.expected}), spurious ${result.spurious}, mean ${mean(times).toFixed(1)} ms per document`,
    );
  }
  if (images.length) lines.push('  images:', ...images);
  return lines;
}

export async function run(): Promise<string[]> {
  const lines = [`Price-list extraction, offline parser (each read limited to ${LIMITS.readTimeoutMs / 1000} s)`];
  try {
    const draw = {
      seed: process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : randomInt(TUNING_SEEDS_BELOW, 2 ** 31),
      count: Number(process.env.BENCH_PHOTOS ?? 100),
      first: Number(process.env.BENCH_FIRST ?? 0),
      band: BANDS.find((band) => band === process.env.BENCH_BAND),
    };
    if (SETS.includes('generated')) lines.push(...(await benchPhotos({ ...generatedSet(draw), dump: process.env.BENCH_DUMP, ...(await photoReader()) })));
    if (SETS.includes('layouts')) {
      const half = (process.env.BENCH_HALF ?? 'reported') as Half;
      if (half !== 'reported' && half !== 'tuning') throw new Error(`BENCH_HALF ${half}: reported or tuning`);
      // The reported half's misses are not for study: what is looked at is tuned on.
      if (half === 'reported' && process.env.BENCH_DUMP) throw new Error('BENCH_DUMP is for the tuning half only (BENCH_HALF=tuning)');
      lines.push(
        ...(await benchPhotos({ ...apartSet(half, { ...draw, layout: process.env.BENCH_LAYOUT }), dump: process.env.BENCH_DUMP, ...(await photoReader()) })),
      );
    }
    for (const set of FIXED) lines.push(...(await runSet(set.name, set.directory)));
  } finally {
    await stopOcr();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
}
