import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linesFromWords, type OcrWord } from '../functions/core/price-list/ocr-rows.js';
import { parsePriceList } from '../functions/core/price-list/parse-price-list.js';
import { prepareImage } from '../functions/core/price-list/prepare-image.js';
import type { Half } from '../tests/fixtures/price-lists/apart/split.js';
import { mendPaddle, startPaddle } from './support/paddle-ocr.js';
import { benchPhotos } from './support/photo-bench.js';
import { apartSet } from './support/photo-sets.js';

/**
 * The second text engine's trial (issue 47, point 3): the layouts apart read with PaddleOCR's
 * models (bench/support/paddle-ocr.ts) in place of tesseract, everything else the offline
 * reader's own (the page prepared by prepare-image.ts, rows rebuilt by ocr-rows.ts, parsed by
 * parse-price-list.ts), scored as bench/extraction.ts scores tesseract's reading.
 * Run: BENCH_HALF=tuning|reported BENCH_SEED=… BENCH_PHOTOS=… [BENCH_FIRST, BENCH_LAYOUT, BENCH_DUMP (tuning only),
 * PADDLE_THREADS, PADDLE_CACHE] npx tsx bench/price-list-paddle.ts
 */
const half = (process.env.BENCH_HALF ?? 'tuning') as Half;
if (half === 'reported' && process.env.BENCH_DUMP) throw new Error('BENCH_DUMP is for the tuning half only');
const paddle = await startPaddle(Number(process.env.PADDLE_THREADS ?? 1));
/** PADDLE_CACHE: a folder keeping each photo's words, so a change after OCR is scored without reading again. */
const cache = process.env.PADDLE_CACHE;
if (cache) mkdirSync(cache, { recursive: true });
async function wordsOf(id: string, png: Buffer): Promise<OcrWord[]> {
  const file = cache && join(cache, `${id}.json`);
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OcrWord[];
  const words = await paddle.read(png);
  if (file) writeFileSync(file, JSON.stringify(words));
  return words;
}
const mended = (words: OcrWord[]) => words.map((word) => ({ ...word, text: mendPaddle(word.text) }));
const draw = {
  seed: Number(process.env.BENCH_SEED ?? 7),
  count: Number(process.env.BENCH_PHOTOS ?? 12),
  first: Number(process.env.BENCH_FIRST ?? 0),
  layout: process.env.BENCH_LAYOUT,
};
const lines = await benchPhotos({
  ...apartSet(half, draw),
  reader: 'PaddleOCR PP-OCRv4 (onnxruntime-node) on the prepared page',
  dump: process.env.BENCH_DUMP,
  read: async (photo) => {
    const prepared = await prepareImage(photo.jpeg);
    const text = linesFromWords(mended(await wordsOf(photo.id, prepared.png)));
    return { text, services: parsePriceList(text) };
  },
});
for (const line of lines) console.log(line);
