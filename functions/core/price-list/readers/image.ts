import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { doubtfulWords } from '../ocr-mends.js';
import { linesFromWords, type OcrWord } from '../ocr-rows.js';
import { prepareImage, type Grey } from '../prepare-image.js';
import { rereadPrices, type StripLine } from '../reread-prices.js';
import { withTimeout } from '../with-timeout.js';

/**
 * Images → text by OCR: tesseract.js with the English and orientation data shipped in
 * @tesseract.js-data (nothing is downloaded at run time), loaded only when an image is read.
 * The workers are process-wide state (slow to start, one image at a time), so their life cycle
 * lives here with the reading that needs them.
 */

const require = createRequire(import.meta.url);

/** Width and height from the header alone, so a tiny file claiming a huge picture is refused before decoding. */
export function imageSize(kind: 'png' | 'jpg' | 'webp', buffer: Buffer): { width: number; height: number } | null {
  try {
    if (kind === 'png') {
      if (buffer.length < 24 || buffer.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
    }
    if (kind === 'webp') {
      const chunk = buffer.toString('latin1', 12, 16);
      if (chunk === 'VP8 ') return { width: buffer.readUInt16LE(26) & 0x3fff, height: buffer.readUInt16LE(28) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = buffer.readUInt32LE(21);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      if (chunk === 'VP8X') return { width: buffer.readUIntLE(24, 3) + 1, height: buffer.readUIntLE(27, 3) + 1 };
      return null;
    }
    // JPEG: walk the markers to the first start-of-frame.
    let offset = 2;
    while (offset + 9 < buffer.length) {
      if (buffer[offset] !== 0xff) return null;
      const marker = buffer[offset + 1]!;
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        offset += 2;
        continue;
      }
      const length = buffer.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: buffer.readUInt16BE(offset + 5), width: buffer.readUInt16BE(offset + 7) };
      }
      if (length < 2) return null;
      offset += 2 + length;
    }
    return null;
  } catch {
    return null;
  }
}

type OcrWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;
let ocrWorker: Promise<OcrWorker> | undefined;
let osdWorker: Promise<OcrWorker> | undefined;
let ocrQueue: Promise<unknown> = Promise.resolve();

/** The English data shipped in @tesseract.js-data/eng (LSTM model); read from disk, never fetched. */
export function ocrLanguagePath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Orientation and script detection data, shipped in @tesseract.js-data/osd (legacy engine). */
function osdLanguagePath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/osd/package.json')), '4.0.0');
}

async function startOcr(): Promise<OcrWorker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: ocrLanguagePath(),
    gzip: true,
    cacheMethod: 'none',
    errorHandler: () => {},
  });
  // One block of text: rows are rebuilt from the word boxes afterwards (ocr-rows.ts).
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '300' });
  return worker;
}

async function startOsd(): Promise<OcrWorker> {
  const { createWorker, OEM } = await import('tesseract.js');
  return createWorker('osd', OEM.TESSERACT_ONLY, {
    langPath: osdLanguagePath(),
    gzip: true,
    cacheMethod: 'none',
    legacyCore: true,
    legacyLang: true,
    errorHandler: () => {},
  });
}

/**
 * An idle worker is ended after a few seconds (starting one takes about 0.2 s), so that it never
 * keeps a finished process alive — the local server's, a test run's or a bench's.
 */
const OCR_IDLE_MS = 2_000;
let idleTimer: NodeJS.Timeout | undefined;
let ocrJobs = 0;

function endWhenIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (ocrJobs === 0) void stopOcr();
  }, OCR_IDLE_MS);
  idleTimer.unref();
}

async function started(which: 'ocr' | 'osd'): Promise<OcrWorker> {
  const pending = which === 'ocr' ? (ocrWorker ??= startOcr()) : (osdWorker ??= startOsd());
  return pending.catch((error: unknown) => {
    if (which === 'ocr' && ocrWorker === pending) ocrWorker = undefined;
    if (which === 'osd' && osdWorker === pending) osdWorker = undefined;
    throw error;
  });
}

interface ReadPage {
  words: OcrWord[];
  /** Words read with confidence, a measure of how well the page was read. */
  sure: number;
  meanConfidence: number;
}

async function readWords(worker: OcrWorker, png: Buffer, timeoutMs: number): Promise<ReadPage> {
  // rotateAuto: tesseract measures the slant of the lines and straightens the page first.
  const { data } = await withTimeout(worker.recognize(png, {}, { blocks: true, text: false }), timeoutMs, () => new Error('OCR timed out'));
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const each of paragraph.lines) {
        line += 1;
        for (const word of each.words) {
          words.push({
            text: word.text,
            confidence: word.confidence,
            bbox: word.bbox,
            symbols: word.symbols.map(({ text, confidence }) => ({ text, confidence })),
            line,
          });
        }
      }
    }
  }
  const readable = words.filter((word) => /[\p{L}\d]{2}/u.test(word.text));
  const sure = readable.filter((word) => word.confidence >= 70).length;
  const meanConfidence = readable.length ? readable.reduce((sum, word) => sum + word.confidence, 0) / readable.length : 0;
  return { words, sure, meanConfidence };
}

/** Reads a strip of price cells cut out of the page (reread-prices.ts), one line of text a cell. */
async function readStrip(worker: OcrWorker, strip: Grey, timeoutMs: number): Promise<StripLine[]> {
  const { default: sharp } = await import('sharp');
  const png = await sharp(strip.data, { raw: { width: strip.width, height: strip.height, channels: 1 } })
    .withDensity(300)
    .png({ compressionLevel: 1 })
    .toBuffer();
  const { data } = await withTimeout(worker.recognize(png, {}, { blocks: true, text: false }), timeoutMs, () => new Error('OCR timed out'));
  return (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines
        .filter((line) => line.words.length > 0)
        .map((line) => ({
          text: line.words.map((word) => word.text).join(''),
          confidence: Math.min(...line.words.map((word) => word.confidence)),
          y0: line.bbox.y0,
          y1: line.bbox.y1,
        })),
    ),
  );
}

/** A page read this badly may be sideways or upside down. */
const looksTurned = (page: ReadPage) => page.meanConfidence < 70 || page.sure < 6;

/**
 * How far the page is turned (a photo saved sideways or upside down), by tesseract's orientation
 * detection; 0 when it is upright or cannot tell.
 */
async function orientationOf(png: Buffer, timeoutMs: number): Promise<0 | 90 | 180 | 270> {
  const worker = await started('osd');
  const { data } = await withTimeout(worker.detect(png), timeoutMs, () => new Error('OCR timed out'));
  const degrees = data.orientation_degrees;
  if (!data.orientation_confidence || data.orientation_confidence < 0.5) return 0;
  return degrees === 90 || degrees === 180 || degrees === 270 ? degrees : 0;
}

/**
 * One image → text: prepared (prepare-image.ts), read, and when the reading is poor, turned the
 * way tesseract's orientation detection says and read again, keeping the better reading; prices
 * misread for their € are read again without it (reread-prices.ts). Rows are rebuilt from the
 * word boxes (ocr-rows.ts). One worker per process, one image at a time.
 */
export interface Recognised {
  text: string;
  /** Words read with low confidence, for the owner to check (review.ts). */
  unsure: string[];
  /** Services left out because OCR doubted their names (ocr-doubts.ts), as read: the owner is told of them. */
  leftOut: string[];
  /** The photo's print is small for OCR (see SMALL_PRINT): a photo taken closer reads better. */
  smallPrint: boolean;
  /** OCR read the page with little confidence throughout (see READ_BADLY). */
  readBadly: boolean;
}

/**
 * Lines of text shorter than this (px, at the resolution OCR's picture was drawn from) are small
 * print: on the hard band of seven seeds (188 photos), 65% of the rows of such photos were read
 * exactly, against 93% for lines of 19–23 px and 97% above.
 */
const SMALL_PRINT = 19;

/**
 * A page whose words were read with a mean confidence under this (0..100) was read badly as a
 * whole: on the saved readings of 268 generated photos, it adds one of the 24 read less than 80%
 * right to those the left-out services pick (review.ts), and none read better.
 */
const READ_BADLY = 55;

/**
 * A first reading still going after this long (ms) is most often of a page read badly: tesseract
 * takes longest over the specks of a blurred, grainy page. Clean pages of a dozen rows are read
 * in 0.5–2 s on these machines.
 */
const LONG_READ_MS = 1_500;

/** Below this confidence (0..100) a word is shown to the owner as possibly misread. */
const DOUBTFUL = 60;

export async function recognise(image: Buffer, timeoutMs: number): Promise<Recognised> {
  ocrJobs += 1;
  clearTimeout(idleTimer);
  const run = ocrQueue.then(async () => {
    // The OCR worker starts on the other core while the photo is prepared.
    const starting = started('ocr');
    starting.catch(() => {});
    try {
      let prepared = await prepareImage(image);
      const upright = prepared.png;
      let orientation: Promise<0 | 90 | 180 | 270> | undefined;
      const detect = () => (orientation ??= orientationOf(upright, timeoutMs).catch(() => 0 as const));
      // A long reading is most often a poor one, which will want the page's orientation: past
      // LONG_READ_MS it is looked for on the other core meanwhile.
      const worker = await starting;
      const early = setTimeout(() => void detect(), LONG_READ_MS);
      let page = await readWords(worker, prepared.png, timeoutMs).finally(() => clearTimeout(early));
      if (looksTurned(page)) {
        const turn = await detect();
        if (turn !== 0) {
          const turned = await prepareImage(image, { rotate: turn });
          const again = await readWords(worker, turned.png, timeoutMs);
          if (again.sure > page.sure) {
            page = again;
            prepared = turned;
          }
        }
      }
      const { lineHeight } = prepared;
      const words = await rereadPrices(page.words, prepared.grey, (strip) => readStrip(worker, strip, timeoutMs));
      const unsure = doubtfulWords(words, DOUBTFUL);
      const leftOut: string[] = [];
      await orientation; // no detection is left running past the photo it was for
      return {
        text: linesFromWords(words, leftOut),
        unsure,
        leftOut,
        smallPrint: lineHeight !== null && lineHeight < SMALL_PRINT,
        readBadly: page.meanConfidence < READ_BADLY,
      };
    } catch (error) {
      // A worker that failed or hung is replaced for the next image.
      if (ocrWorker) {
        const failed = ocrWorker;
        ocrWorker = undefined;
        void failed.then((each) => each.terminate()).catch(() => {});
      }
      throw error;
    }
  });
  ocrQueue = run.catch(() => {});
  return run.finally(() => {
    ocrJobs -= 1;
    if (ocrJobs === 0) endWhenIdle();
  });
}

/** Ends the OCR workers (tests and the bench, so the process can exit). */
export async function stopOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const pending = [ocrWorker, osdWorker];
  ocrWorker = undefined;
  osdWorker = undefined;
  await Promise.all(pending.map(async (each) => (await each?.catch(() => undefined))?.terminate()));
}
