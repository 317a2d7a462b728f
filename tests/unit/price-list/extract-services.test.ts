import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { EXTRACTED_ID, extractAnswerSchema, PRICE_LIST_LIMITS } from '../../../functions/contracts/price-list.js';
import { autoFillDurations, extractServices, safeObjectName, type UploadedFile } from '../../../functions/core/price-list/extract-services.js';
import { FileRefusedError } from '../../../functions/core/price-list/errors.js';
import { stopOcr } from '../../../functions/core/price-list/readers/image.js';
import { typicalDuration } from '../../../functions/core/price-list/typical-durations.js';
import { DomainError } from '../../../functions/core/errors.js';
import { createOfflineExtractor } from '../../../functions/providers/offline-extraction.js';
import type { PriceListExtractor } from '../../../functions/core/ports/price-list-extractor.js';
import { docxWith } from './zip-builder.js';
import { UNHURRIED_LIMITS } from './unhurried-limits.js';
import { statusOf } from '../../../functions/http/errors.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/price-lists');
const file = (name: string, as = name): UploadedFile => ({ name: as, bytes: readFileSync(join(FIXTURES, name)) });
const text = (name: string, body: string): UploadedFile => ({ name, bytes: Buffer.from(body) });

afterAll(async () => {
  await stopOcr();
});

function fakeUploads() {
  const stored: { salonId: string; key: string; bytes: number; contentType: string }[] = [];
  return {
    stored,
    uploads: {
      async putSalonObject(salonId: string, key: string, body: Uint8Array, contentType: string) {
        stored.push({ salonId, key, bytes: body.byteLength, contentType });
        return `salons/${salonId}/${key}`;
      },
    },
  };
}

async function refused(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('extractServices', () => {
  it('answers the services of every file in order with ext_ ids, and stores each original under the salon prefix', async () => {
    const { stored, uploads } = fakeUploads();
    const services = await extractServices({ extractor: createOfflineExtractor(), uploads }, 'sal_a', [
      file('aoife-hair-studio-naas.txt', 'Aoife prices (2025).txt'),
      file('hair-lounge-bray.pdf'),
    ]);
    expect(extractAnswerSchema.parse(services)).toHaveLength(11 + 12);
    expect(services[0]).toMatchObject({ name: 'Ladies Cut & Blow Dry', price: 55, duration: 60 });
    expect(services.at(-1)).toMatchObject({ name: 'Toner', price: 30 });
    for (const service of services) expect(service.id).toMatch(EXTRACTED_ID);
    expect(new Set(services.map((service) => service.id)).size).toBe(services.length);
    expect(stored).toEqual([
      {
        salonId: 'sal_a',
        key: expect.stringMatching(/^price-lists\/[0-9a-f-]{36}-Aoife-prices-2025\.txt$/),
        bytes: 797,
        contentType: 'text/plain; charset=utf-8',
      },
      {
        salonId: 'sal_a',
        key: expect.stringMatching(/^price-lists\/[0-9a-f-]{36}-hair-lounge-bray\.pdf$/),
        bytes: expect.any(Number),
        contentType: 'application/pdf',
      },
    ]);
  });

  it.each([
    ['no files', [], 400, 'Please choose at least one price list file (PNG, JPG, WEBP, PDF, DOC, DOCX or TXT).'],
    [
      'too many files',
      Array.from({ length: 11 }, (_, index) => text(`p${index}.txt`, 'Cut €40\nColour €80')),
      400,
      'Please upload at most 10 files at a time.',
    ],
    ['an empty file after a good one', [text('ok.txt', 'Cut €40'), text('empty.pdf', '')], 400, 'empty.pdf is empty.'],
    [
      'a file over the size limit',
      [text('ok.txt', 'Cut €40'), { name: 'big.pdf', bytes: Buffer.alloc(PRICE_LIST_LIMITS.maxFileBytes + 1) }],
      413,
      'big.pdf is too large. Each file can be at most 4 MB.',
    ],
    [
      'a file cut short by the multipart limit',
      [{ name: 'cut.pdf', bytes: Buffer.from('%PDF'), truncated: true }],
      413,
      'cut.pdf is too large. Each file can be at most 4 MB.',
    ],
    [
      'a renamed executable after a good file',
      [
        text('ok.txt', 'Cut €40'),
        { name: 'setup.pdf', bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00'.padEnd(300, '\x00'), 'latin1') },
      ],
      415,
      'Unsupported file type: setup.pdf. Please upload PNG, JPG, WEBP, PDF, DOC, DOCX or TXT files.',
    ],
    [
      'a zip bomb named .docx',
      [text('ok.txt', 'Cut €40'), { name: 'bomb.docx', bytes: docxWith(Buffer.alloc(40 * 1024 * 1024, 0x20)) }],
      413,
      'bomb.docx unpacks to more than 30 MB, which is too large for a price list.',
    ],
    [
      'a damaged PDF',
      [text('ok.txt', 'Cut €40'), text('broken.pdf', '%PDF-1.7\n'.padEnd(500, '#'))],
      422,
      'We could not read broken.pdf. The file may be damaged. Please try another copy or format.',
    ],
    ['a file with no services', [text('notes.txt', 'Open Tuesday to Saturday.\nSee you soon!')], 422, 'We could not find any services in notes.txt.'],
    ['files with no services', [text('a.txt', 'Hello'), text('b.txt', 'World')], 422, 'We could not find any services in a.txt, b.txt.'],
    [
      'a PDF with no text (a scan)',
      [
        {
          name: 'scan.pdf',
          bytes: Buffer.from(
            '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
          ),
        },
      ],
      422,
      'We could not find any text in scan.pdf. If it is a scanned page, please upload it as a photo (PNG or JPG).',
    ],
  ] as const)('refuses %s with a clear 4xx and stores nothing', async (_label, files, status, message) => {
    const { stored, uploads } = fakeUploads();
    const error = await refused(extractServices({ extractor: createOfflineExtractor(), uploads }, 'sal_a', files as unknown as UploadedFile[]));
    expect(statusOf(error)).toBe(status);
    expect(error.message).toBe(message);
    expect(stored).toEqual([]);
  });

  it('tells the owner how to take another photo when a photo gave no text, or photos gave no services (with a text file among them, the plain message)', async () => {
    const { stored, uploads } = fakeUploads();
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    // Two lines of text and no price, black on white.
    const words = await sharp({ text: { text: 'Thanks for visiting!\nOpen Tuesday to Saturday.', font: 'DejaVu Sans', dpi: 150 } })
      .png()
      .toBuffer();
    const notes = await sharp(words)
      .flatten({ background: '#ffffff' })
      .negate({ alpha: false })
      .extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#ffffff' })
      .png()
      .toBuffer();
    const deps = { extractor: createOfflineExtractor(), uploads };
    const blankError = await refused(extractServices(deps, 'sal_a', [{ name: 'wall.png', bytes: blank }], UNHURRIED_LIMITS));
    expect(blankError.message).toBe(
      'We could not read any text in wall.png. A sharper photo, taken straight on in even light with the price list filling the frame, will read better.',
    );
    const notesError = await refused(extractServices(deps, 'sal_a', [{ name: 'door.png', bytes: notes }, text('notes.txt', 'Hello')], UNHURRIED_LIMITS));
    expect(notesError.message).toBe('We could not find any services in door.png, notes.txt.');
    const photosError = await refused(
      extractServices(
        deps,
        'sal_a',
        [
          { name: 'door.png', bytes: notes },
          { name: 'wall.png', bytes: blank },
        ],
        UNHURRIED_LIMITS,
      ),
    );
    // Two lines are too few to measure their height by, so the print is not called small.
    expect(photosError.message).toBe(
      'We could not find any services in door.png, wall.png. A sharper photo, taken straight on in even light with the price list filling the frame, will read better.',
    );
    expect(stored).toEqual([]);
  }, 60_000);

  it('answers the services found when only some of the files hold any', async () => {
    const { stored, uploads } = fakeUploads();
    const services = await extractServices({ extractor: createOfflineExtractor(), uploads }, 'sal_a', [
      text('notes.txt', 'Hello'),
      text('prices.txt', 'Cut €40\nColour €80'),
    ]);
    expect(services.map((service) => service.name)).toEqual(['Cut', 'Colour']);
    expect(stored).toHaveLength(2);
  });

  it('turns an extractor crash into a 422 naming the file, storing nothing', async () => {
    const { stored, uploads } = fakeUploads();
    const broken: PriceListExtractor = { extractServices: () => Promise.reject(new TypeError('boom')), suggestDurations: async () => [] };
    const error = await refused(extractServices({ extractor: broken, uploads }, 'sal_a', [text('prices.txt', 'Cut €40')]));
    expect(error).toBeInstanceOf(FileRefusedError);
    expect(error).toMatchObject({
      kind: 'unprocessable',
      message: 'We could not read prices.txt. The file may be damaged. Please try another copy or format.',
    });
    expect(stored).toEqual([]);
  });

  it('keeps object names safe whatever the upload is called', () => {
    expect(safeObjectName('Siobhán’s price list (final).PDF', 'pdf')).toBe('Siobhan-s-price-list-final.pdf');
    expect(safeObjectName('../../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
    expect(safeObjectName('...', 'png')).toBe('price-list.png');
    expect(safeObjectName('a/b\\c\u0000d.docx', 'docx')).toBe('cd.docx');
  });
});

describe('auto-fill durations', () => {
  it.each([
    ['Balayage', 180],
    ['Full Head Highlights', 150],
    ['Half Head Foils', 120],
    ['T-Section', 90],
    ['Root Tint', 90],
    ['Full Head Colour', 120],
    ['Toner', 45],
    ['Ladies Cut & Blow Dry', 60],
    ['Wash, Cut & Blow Dry', 60],
    ['Wash & Blow Dry', 45],
    ['Blow Dry', 45],
    ['Gents Cut', 30],
    ['Kids Cut', 30],
    ['Fringe Trim', 15],
    ['Beard Trim', 15],
    ['Keratin Smoothing Treatment', 180],
    ['Olaplex Treatment', 30],
    ['Bridal Trial', 60],
    ['Hair Up', 60],
    ['Eyebrow Wax', 15],
    ['Lash Lift & Tint', 45],
    ['Curly Cut', 90],
    ['Colour Correction', 240],
  ])('knows a typical %s takes %i minutes', (name, minutes) => {
    expect(typicalDuration(name)).toBe(minutes);
  });

  it('fills only missing durations, keeps every other field, counts what it filled and names what it skipped, with why', async () => {
    const answer = await autoFillDurations(createOfflineExtractor(), [
      { id: 'ext_aaaaaaaaaaaa', name: 'Balayage', duration: 0, price: null, price_min: 150, price_max: null, isRange: true, comment: 'from' },
      { id: 'svc_1', name: 'Gents Cut', duration: 25, price: 20 },
      { name: 'Root Tint', duration: null, price: 55 },
      { name: 'Root Tint' },
      { name: 'Mystery Package', duration: 0, price: 99 },
      { name: '   ', duration: 0 },
    ]);
    expect(answer).toEqual({
      updated: 3,
      services: [
        { id: 'ext_aaaaaaaaaaaa', name: 'Balayage', duration: 180, price: null, price_min: 150, price_max: null, isRange: true, comment: 'from' },
        { id: 'svc_1', name: 'Gents Cut', duration: 25, price: 20 },
        { name: 'Root Tint', duration: 90, price: 55 },
        { name: 'Root Tint', duration: 90 },
        { name: 'Mystery Package', duration: 0, price: 99 },
        { name: '   ', duration: 0 },
      ],
      skipped: [
        { index: 4, name: 'Mystery Package', reason: 'unknown-service' },
        { index: 5, name: '', reason: 'no-name' },
      ],
    });
  });

  it('ignores suggestions that are not sensible minutes', async () => {
    const odd: PriceListExtractor = { extractServices: async () => [], suggestDurations: async () => [0, 2, 13 * 60, 45.5, 30] };
    const answer = await autoFillDurations(
      odd,
      ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, duration: 0 })),
    );
    expect(answer.updated).toBe(1);
    expect(answer.services.map((service) => service.duration)).toEqual([0, 0, 0, 0, 30]);
  });
});
