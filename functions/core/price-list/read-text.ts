import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { PRICE_LIST_LIMITS, priceListMessages } from '../../contracts/price-list.js';
import type { PriceListKind } from './detect-file-type.js';
import { decodeText } from './detect-file-type.js';
import { displayName, FileRefusedError, refuse } from './errors.js';
import { linesFromWords, type OcrWord } from './ocr-rows.js';
import { prepareImage } from './prepare-image.js';

/**
 * The text of an accepted price list, per format, with offline libraries only: pdfjs for PDF
 * text, mammoth for docx, word-extractor for doc, tesseract.js with the English data shipped in
 * @tesseract.js-data/eng for images, prepared by sharp first (nothing is downloaded at run time). Each reader works under
 * a limit (pages, unpacked bytes, pixels, characters, time); any failure of a library on a bad
 * file becomes a 4xx that names the file, never a 5xx.
 *
 * Lines keep their columns: cells of a table row, or text far apart on a PDF line, are joined by
 * a tab so the parser can still tell one column from the next.
 */
export type TextLimits = Record<'maxDocxUnpackedBytes' | 'maxDocxEntries' | 'maxPdfPages' | 'maxImagePixels' | 'maxTextChars' | 'readTimeoutMs', number>;

export interface FileToRead {
  name: string;
  kind: PriceListKind;
  bytes: Uint8Array;
}

const require = createRequire(import.meta.url);

export async function readText(file: FileToRead, limits: TextLimits = PRICE_LIST_LIMITS): Promise<string> {
  const shown = displayName(file.name);
  const buffer = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  try {
    const text = await withTimeout(readByKind(file.kind, buffer, shown, limits), limits.readTimeoutMs, () =>
      refuse.unreadable(priceListMessages.tookTooLong(shown)),
    );
    return text.length > limits.maxTextChars ? text.slice(0, limits.maxTextChars) : text;
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    if ((error as { name?: string })?.name === 'PasswordException') throw refuse.unreadable(priceListMessages.passwordProtected(shown));
    throw refuse.unreadable(priceListMessages.unreadable(shown));
  }
}

async function readByKind(kind: PriceListKind, buffer: Buffer, shown: string, limits: TextLimits): Promise<string> {
  switch (kind) {
    case 'txt': {
      const text = decodeText(buffer);
      if (text === null) throw refuse.unreadable(priceListMessages.unreadable(shown));
      return text;
    }
    case 'pdf':
      return readPdf(buffer, shown, limits);
    case 'docx':
      await checkZip(buffer, shown, limits);
      return readDocx(buffer);
    case 'doc':
      return readDoc(buffer);
    case 'png':
    case 'jpg':
    case 'webp': {
      const size = imageSize(kind, buffer);
      if (!size || size.width < 1 || size.height < 1) throw refuse.unreadable(priceListMessages.unreadable(shown));
      if (size.width * size.height > limits.maxImagePixels) throw refuse.tooLarge(priceListMessages.imageTooLarge(shown));
      return recognise(buffer, limits.readTimeoutMs);
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------- PDF

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
}

async function readPdf(buffer: Buffer, shown: string, limits: TextLimits): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    if (document.numPages > limits.maxPdfPages) throw refuse.tooLarge(priceListMessages.tooManyPages(shown));
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= document.numPages && length <= limits.maxTextChars; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = pdfLines(content.items.filter((item) => 'str' in item) as unknown as PdfTextItem[]);
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await task.destroy();
  }
}

/** Text items → lines: items on one baseline, left to right, far gaps kept as a tab. */
export function pdfLines(items: PdfTextItem[]): string {
  const placed = items
    .filter((item) => item.str.trim())
    .map((item) => {
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
      const size = Math.max(Math.hypot(c, d), Math.hypot(a, b), 1);
      return { str: item.str, x, y, end: x + item.width, size };
    })
    .sort((left, right) => right.y - left.y || left.x - right.x);
  const lines: (typeof placed)[] = [];
  for (const item of placed) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - item.y) <= Math.min(line[0]!.size, item.size) * 0.5) line.push(item);
    else lines.push([item]);
  }
  return lines
    .map((line) => {
      line.sort((left, right) => left.x - right.x);
      let text = '';
      let end = -Infinity;
      for (const item of line) {
        const gap = item.x - end;
        if (text) {
          if (gap > item.size * 1.2) text += '\t';
          else if (gap > item.size * 0.12 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' ';
        }
        text += item.str;
        end = Math.max(end, item.end);
      }
      return text.trim();
    })
    .join('\n');
}

// ------------------------------------------------------------------------------------ DOCX/ZIP

/**
 * A docx is a zip: before mammoth unpacks it, its central directory must declare a sane number
 * of entries and unpacked size, and inflating every entry (yauzl checks each against its
 * declared size) must stay under the cap — a zip bomb that lies in its directory is stopped
 * while inflating, after at most the cap.
 */
export async function checkZip(buffer: Buffer, shown: string, limits: Pick<TextLimits, 'maxDocxUnpackedBytes' | 'maxDocxEntries'>): Promise<void> {
  const yauzl = await import('yauzl');
  const tooLarge = () => refuse.tooLarge(priceListMessages.unpacksTooLarge(shown));
  let zip: import('yauzl').ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw refuse.unreadable(priceListMessages.unreadable(shown));
  }
  try {
    if (zip.entryCount > limits.maxDocxEntries) throw tooLarge();
    const entries: import('yauzl').Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.maxDocxUnpackedBytes) throw tooLarge();
      if (entry.isEncrypted()) throw refuse.unreadable(priceListMessages.passwordProtected(shown));
      entries.push(entry);
    }
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream: Readable = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream) {
        inflated += (chunk as Buffer).length;
        if (inflated > limits.maxDocxUnpackedBytes) {
          stream.destroy();
          throw tooLarge();
        }
      }
    }
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    throw refuse.unreadable(priceListMessages.unreadable(shown));
  } finally {
    zip.close();
  }
}

async function readDocx(buffer: Buffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.convertToHtml({ buffer }, { ignoreEmptyParagraphs: true, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) });
  return htmlToText(result.value);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', ndash: '–', mdash: '—' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** mammoth's simple HTML → lines; a table row stays one line with its cells tab-separated. */
export function htmlToText(html: string): string {
  const cells = html.replace(/<t([dh])\b[^>]*>([\s\S]*?)<\/t\1>/gi, (_, _tag, inner: string) => `${inner.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()}\t`);
  const lines = cells
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|div|table|ul|ol|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(lines)
    .split('\n')
    .map((line) => line.replace(/\t+$/, '').trim())
    .join('\n');
}

// ------------------------------------------------------------------------------------------ DOC

async function readDoc(buffer: Buffer): Promise<string> {
  const WordExtractor = (await import('word-extractor')).default;
  const document = await new WordExtractor().extract(buffer);
  return document.getBody();
}

// ---------------------------------------------------------------------------------------- IMAGES

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
export function osdLanguagePath(): string {
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
  const { data } = await withTimeout(worker.recognize(png, { rotateAuto: true }, { blocks: true, text: false }), timeoutMs, () => new Error('OCR timed out'));
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const each of paragraph.lines) {
        line += 1;
        for (const word of each.words) {
          words.push({ text: word.text, confidence: word.confidence, bbox: word.bbox, symbols: word.symbols.map(({ text, confidence }) => ({ text, confidence })), line });
        }
      }
    }
  }
  const readable = words.filter((word) => /[\p{L}\d]{2}/u.test(word.text));
  const sure = readable.filter((word) => word.confidence >= 70).length;
  const meanConfidence = readable.length ? readable.reduce((sum, word) => sum + word.confidence, 0) / readable.length : 0;
  return { words, sure, meanConfidence };
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
 * way tesseract's orientation detection says and read again, keeping the better reading. Rows
 * are rebuilt from the word boxes (ocr-rows.ts). One worker per process, one image at a time.
 */
async function recognise(image: Buffer, timeoutMs: number): Promise<string> {
  ocrJobs += 1;
  clearTimeout(idleTimer);
  const run = ocrQueue.then(async () => {
    const worker = await started('ocr');
    try {
      const prepared = await prepareImage(image);
      let page = await readWords(worker, prepared.png, timeoutMs);
      if (looksTurned(page)) {
        const turn = await orientationOf(prepared.png, timeoutMs).catch(() => 0 as const);
        if (turn !== 0) {
          const turned = await prepareImage(image, { rotate: turn });
          const again = await readWords(worker, turned.png, timeoutMs);
          if (again.sure > page.sure) page = again;
        }
      }
      return linesFromWords(page.words);
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
