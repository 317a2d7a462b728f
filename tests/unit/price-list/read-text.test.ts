import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { PRICE_LIST_LIMITS } from '../../../functions/contracts/price-list.js';
import { FileRefusedError } from '../../../functions/core/price-list/errors.js';
import { readText } from '../../../functions/core/price-list/read-text.js';
import { checkZip, htmlToText } from '../../../functions/core/price-list/readers/docx.js';
import { imageSize, ocrLanguagePath, stopOcr } from '../../../functions/core/price-list/readers/image.js';
import { pdfLines } from '../../../functions/core/price-list/readers/pdf.js';
import { buildZip, docxWith } from './zip-builder.js';
import { statusOf } from '../../../functions/http/errors.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/price-lists');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const MB = 1024 * 1024;

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileRefusedError);
  return error as FileRefusedError;
}

/** A valid PDF with `pages` pages, each showing `text` (written by hand: offsets and all). */
function handMadePdf(pages: number, text = 'Cut & Finish 45'): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (const id of pageIds) {
    const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngHeader(width: number, height: number, rest: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.from('89504e470d0a1a0a0000000d4948445200000000000000000806000000', 'hex');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return Buffer.concat([header, Buffer.alloc(4), rest]);
}

afterAll(async () => {
  await stopOcr();
});

describe('readText: documents', () => {
  it('reads a PDF written by hand, page by page', async () => {
    expect(await readText({ name: 'prices.pdf', kind: 'pdf', bytes: handMadePdf(2) })).toBe('Cut & Finish 45\n\nCut & Finish 45');
  });

  it(`refuses a PDF of more than ${PRICE_LIST_LIMITS.maxPdfPages} pages with a 413`, async () => {
    const error = await refusal(readText({ name: 'book.pdf', kind: 'pdf', bytes: handMadePdf(PRICE_LIST_LIMITS.maxPdfPages + 1, 'x') }));
    expect(error).toMatchObject({ kind: 'too_large', message: 'book.pdf has more than 30 pages. Please upload just the price list pages.' });
  });

  it.each([
    ['a PDF header over garbage', 'prices.pdf', 'pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)])],
    ['a truncated PDF', 'prices.pdf', 'pdf', fixture('hair-lounge-bray.pdf').subarray(0, 3000)],
    ['a truncated docx', 'prices.docx', 'docx', fixture('headroom-limerick.docx').subarray(0, 2000)],
    ['a docx with no document in it', 'prices.docx', 'docx', buildZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }])],
    [
      'a Word 97 header over garbage',
      'prices.doc',
      'doc',
      Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(3000, 7)]),
    ],
    ['a corrupt image', 'prices.png', 'png', pngHeader(40, 40, Buffer.alloc(500, 0x5a))],
  ] as const)('turns %s into a 422 that names the file', async (_label, name, kind, bytes) => {
    const error = await refusal(readText({ name, kind, bytes }));
    expect(statusOf(error)).toBe(422);
    expect(error.message).toContain(name);
  });

  it('gives up on a file that takes too long (422), never hanging the request', async () => {
    const error = await refusal(
      readText({ name: 'slow.webp', kind: 'webp', bytes: fixture('curl-house-wexford.webp') }, { ...PRICE_LIST_LIMITS, readTimeoutMs: 5 }),
    );
    expect(error).toMatchObject({ kind: 'unprocessable', message: 'slow.webp took too long to read. Please upload a smaller or clearer file.' });
  });

  it('keeps table rows as one line, cells apart (docx HTML and PDF text items)', () => {
    expect(
      htmlToText('<h2>Colour</h2><table><tr><td><p>Root</p><p>Tint</p></td><td><p>1 hr</p></td><td><p>&euro;55 &amp; up</p></td></tr></table><p>Note</p>'),
    ).toBe('Colour\nRoot Tint\t1 hr\t€55 & up\n\nNote\n');
    const item = (str: string, x: number, y: number, width: number) => ({ str, transform: [11, 0, 0, 11, x, y], width });
    expect(
      pdfLines([
        item('€32', 155, 698, 18),
        item('Wash & Blow Dry', 58, 698, 85),
        item('Cut', 250, 698, 20),
        item('Colour', 58, 683, 40),
        item(' ', 100, 683, 5),
      ]),
    ).toBe('Wash & Blow Dry €32\tCut\nColour');
  });
});

describe('readText: zip bombs (docx)', () => {
  const limits = { maxDocxUnpackedBytes: 30 * MB, maxDocxEntries: 2000 };
  /** Bytes the zip reader (yauzl, through zlib) inflated: what a bomb would cost us, measured without a clock. */
  function countInflated(): { bytes: number } {
    const count = { bytes: 0 };
    const inflater = zlib.createInflateRaw;
    vi.spyOn(zlib, 'createInflateRaw').mockImplementation((options) => inflater(options).on('data', (chunk: Buffer) => (count.bytes += chunk.length)));
    return count;
  }
  afterEach(() => vi.restoreAllMocks());

  it('stops a docx whose directory declares more than 30 MB unpacked, before unpacking it', async () => {
    const bomb = docxWith(Buffer.alloc(40 * MB, 0x20));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const inflated = countInflated();
    const error = await refusal(readText({ name: 'bomb.docx', kind: 'docx', bytes: bomb }));
    expect(error).toMatchObject({ kind: 'too_large', message: 'bomb.docx unpacks to more than 30 MB, which is too large for a price list.' });
    expect(inflated.bytes).toBe(0);
  });

  it('stops a docx whose directory lies about its sizes while inflating, after a few bytes', async () => {
    const liar = docxWith(Buffer.alloc(40 * MB, 0x20), { declaredSize: 1024 });
    const inflated = countInflated();
    const error = await refusal(checkZip(liar, 'liar.docx', limits));
    expect([413, 422]).toContain(statusOf(error));
    expect(inflated.bytes).toBeGreaterThan(0);
    expect(inflated.bytes).toBeLessThan(MB);
    // And through readText, mammoth never sees it.
    expect([413, 422]).toContain(statusOf(await refusal(readText({ name: 'liar.docx', kind: 'docx', bytes: liar }))));
  });

  it('stops a docx of many small entries that add up (or too many entries)', async () => {
    const many = docxWith(
      Buffer.from('<w:document/>'),
      {},
      Array.from({ length: 40 }, (_, index) => ({ name: `word/media/${index}.bin`, data: Buffer.alloc(MB, 0) })),
    );
    expect(statusOf(await refusal(checkZip(many, 'many.docx', limits)))).toBe(413);
    const crowded = docxWith(
      Buffer.from('<w:document/>'),
      {},
      Array.from({ length: 2001 }, (_, index) => ({ name: `word/x${index}.xml`, data: Buffer.from('x'), store: true })),
    );
    expect(statusOf(await refusal(checkZip(crowded, 'crowded.docx', limits)))).toBe(413);
  });

  it('refuses an encrypted docx with a clear 422', async () => {
    const locked = docxWith(Buffer.from('<w:document/>'), { encrypted: true, store: true });
    expect(await refusal(checkZip(locked, 'locked.docx', limits))).toMatchObject({
      kind: 'unprocessable',
      message: 'locked.docx is password-protected. Please upload a copy without a password.',
    });
  });

  it('lets an honest docx through', async () => {
    await expect(checkZip(fixture('headroom-limerick.docx'), 'headroom-limerick.docx', limits)).resolves.toBeUndefined();
  });
});

describe('readText: images', () => {
  it('reads width and height from the header of each image kind', () => {
    expect(imageSize('png', fixture('blowout-sligo.png'))).toEqual({ width: 669, height: 495 });
    expect(imageSize('jpg', fixture('studio-nine-ennis.jpg'))).toEqual({ width: 579, height: 495 });
    expect(imageSize('webp', fixture('curl-house-wexford.webp'))).toEqual({ width: 533, height: 369 });
    expect(imageSize('jpg', Buffer.from('ffd8ffe0', 'hex'))).toBeNull();
  });

  it('refuses a small file claiming a huge picture (decompression bomb) with a 413, before decoding', async () => {
    const error = await refusal(readText({ name: 'huge.png', kind: 'png', bytes: pngHeader(60_000, 60_000) }));
    expect(error).toMatchObject({ kind: 'too_large', message: 'huge.png is too large an image (over 30 megapixels). Please upload a smaller photo.' });
    const sof = Buffer.from('ffd8ffc0001108ea60ea6003012200021101031101', 'hex');
    expect(statusOf(await refusal(readText({ name: 'huge.jpg', kind: 'jpg', bytes: sof })))).toBe(413);
  });

  it('ships the English OCR data in a package, on disk', () => {
    expect(existsSync(join(ocrLanguagePath(), 'eng.traineddata.gz'))).toBe(true);
  });

  it('reads an image by OCR with every network connection refused (nothing is downloaded)', async () => {
    const blocker = join(tmpdir(), `block-network-${process.pid}.cjs`);
    writeFileSync(
      blocker,
      `const net = require('node:net'); const dns = require('node:dns');
       const refuse = () => { throw new Error('network blocked in this test'); };
       net.Socket.prototype.connect = refuse; net.connect = refuse; net.createConnection = refuse;
       dns.lookup = refuse; dns.promises.lookup = refuse; globalThis.fetch = refuse;`,
    );
    const script = join(tmpdir(), `ocr-offline-${process.pid}.mts`);
    writeFileSync(
      script,
      `import { readFileSync } from 'node:fs';
       import { readText } from ${JSON.stringify(join(import.meta.dirname, '../../../functions/core/price-list/read-text.ts'))};
       import { stopOcr } from ${JSON.stringify(join(import.meta.dirname, '../../../functions/core/price-list/readers/image.ts'))};
       const bytes = readFileSync(${JSON.stringify(join(FIXTURES, 'curl-house-wexford.webp'))});
       process.stdout.write(await readText({ name: 'x.webp', kind: 'webp', bytes }));
       await stopOcr();`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', blocker, '--import', 'tsx', script], {
      cwd: join(import.meta.dirname, '../../..'),
      timeout: 45_000,
    });
    expect(stdout).toContain('Curly Cut & Style');
    expect(stdout).toMatch(/Curly Consultation\s+Free/);
  });
});
