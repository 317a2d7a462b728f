import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { salonIdForOwner } from '../../functions/core/salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { standIns } from '../support/stand-ins.js';
import { docxWith } from '../unit/price-list/zip-builder.js';

/**
 * POST /api/services/extract through the running product (local gateway → handler → S3
 * stand-in): multipart uploads, the services answered, the originals under the salon's prefix,
 * and every kind of bad upload refused with a clear 4xx and nothing stored.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/price-lists');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const EXTRACT = '/api/services/extract';
const AUTO_FILL = '/api/services/extract?route=auto-fill-durations';

interface Part {
  name: string;
  bytes: Uint8Array | string;
  type?: string;
  field?: string;
}

/** A multipart/form-data body as a browser's FormData makes it. */
async function multipart(parts: Part[]): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    const bytes = new Uint8Array(typeof part.bytes === 'string' ? Buffer.from(part.bytes) : part.bytes);
    form.append(part.field ?? 'files', new Blob([bytes], { type: part.type ?? 'application/octet-stream' }), part.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(owner: TestOwner, parts: Part[], path = EXTRACT) {
  const { body, contentType } = await multipart(parts);
  return api(path, { method: 'POST', token: owner.accessToken, body, headers: { 'content-type': contentType } });
}

const priceListKeys = (owner: TestOwner) => standIns().uploadKeys(`salons/${salonIdForOwner(owner.userId)}/`);

function expectClearRefusal(answer: { status: number; body: any; text: string }, status: number, message?: string) {
  expect(answer.status).toBe(status);
  expect(typeof answer.body?.error).toBe('string');
  if (message) expect(answer.body.error).toBe(message);
  expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|Error:|ENOENT|stack/);
}

describe('POST /api/services/extract', () => {
  let aoife: TestOwner;
  let brian: TestOwner;

  beforeAll(async () => {
    [aoife, brian] = await Promise.all([signUpOwner('extract-a'), signUpOwner('extract-b')]);
  });

  it('reads a txt and a pdf: services with ext_ ids, originals stored under the salon prefix', async () => {
    const answer = await upload(aoife, [
      { name: 'aoife-hair-studio-naas.txt', bytes: fixture('aoife-hair-studio-naas.txt'), type: 'text/plain' },
      { name: 'hair-lounge-bray.pdf', bytes: fixture('hair-lounge-bray.pdf'), type: 'application/pdf' },
    ]);
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body)).toBe(true);
    expect(answer.body).toHaveLength(11 + 12);
    expect(answer.body[0]).toEqual({
      id: expect.stringMatching(/^ext_[A-Za-z0-9_-]{8,40}$/),
      name: 'Ladies Cut & Blow Dry',
      duration: 60,
      price: 55,
      price_min: null,
      price_max: null,
      isRange: false,
      comment: '',
    });
    expect(answer.body).toContainEqual(expect.objectContaining({ name: 'Balayage', isRange: true, price_min: 160, price_max: 220, duration: 180 }));
    expect(new Set(answer.body.map((service: { id: string }) => service.id)).size).toBe(23);

    // The salon was created on the way (this was the owner's first request), and is the prefix.
    const salon = (await api('/api/salon', { token: aoife.accessToken })).body;
    const keys = await standIns().uploadKeys(`salons/${salon.id}/`);
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^salons/${salon.id}/price-lists/[0-9a-f-]{36}-aoife-hair-studio-naas\\.txt$`)),
        expect.stringMatching(new RegExp(`^salons/${salon.id}/price-lists/[0-9a-f-]{36}-hair-lounge-bray\\.pdf$`)),
      ]),
    );
  });

  it('reads a docx, a doc and a photo (OCR) in one request', async () => {
    const answer = await upload(brian, [
      { name: 'headroom-limerick.docx', bytes: fixture('headroom-limerick.docx') },
      { name: 'fade-factory-dundalk.doc', bytes: fixture('fade-factory-dundalk.doc') },
      { name: 'blowout-sligo.png', bytes: fixture('blowout-sligo.png'), type: 'image/png' },
    ]);
    expect(answer.status).toBe(200);
    const names = answer.body.map((service: { name: string }) => service.name);
    expect(names).toEqual(expect.arrayContaining(['Colour Correction', 'Skin Fade', 'Half Head Foils']));
    expect(answer.body).toContainEqual(expect.objectContaining({ name: 'Balayage', price_min: 140, price_max: null, isRange: true, duration: 180 }));
    expect(await priceListKeys(brian)).toHaveLength(3);
  });

  it('keeps each owner to their own prefix, whatever the query says', async () => {
    const before = await priceListKeys(aoife);
    const brianBefore = await priceListKeys(brian);
    const files = [{ name: 'brian.txt', bytes: 'Gents Cut €20\nBeard Trim €12' }];
    // Another salon's id in the query is an unknown parameter: refused, nothing stored anywhere.
    const foreign = await upload(brian, files, `${EXTRACT}?salon_id=${salonIdForOwner(aoife.userId)}&salonId=${salonIdForOwner(aoife.userId)}`);
    expectClearRefusal(foreign, 400, 'Unknown query parameter(s): salon_id, salonId');
    expect(await priceListKeys(brian)).toEqual(brianBefore);
    const answer = await upload(brian, files);
    expect(answer.status).toBe(200);
    expect(await priceListKeys(aoife)).toEqual(before);
    const brianKeys = await priceListKeys(brian);
    expect(brianKeys.some((key) => key?.endsWith('-brian.txt'))).toBe(true);
    expect(brianKeys.every((key) => key?.startsWith(`salons/${salonIdForOwner(brian.userId)}/price-lists/`))).toBe(true);
    expect(before.every((key) => key?.startsWith(`salons/${salonIdForOwner(aoife.userId)}/`))).toBe(true);
  });

  it('stores a naughty file name safely under the prefix', async () => {
    const owner = await signUpOwner('extract-names');
    const answer = await upload(owner, [{ name: '../../<img src=x onerror=alert(1)>Siobhán’s prices.txt', bytes: 'Cut €40\nColour €80' }]);
    expect(answer.status).toBe(200);
    const keys = await priceListKeys(owner);
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`^salons/${salonIdForOwner(owner.userId)}/price-lists/[0-9a-f-]{36}-img-src-x-onerror-alert-1-Siobhan-s-prices\\.txt$`)),
    ]);
  });

  describe('refuses bad uploads with a clear 4xx and stores nothing', () => {
    let owner: TestOwner;
    beforeAll(async () => {
      owner = await signUpOwner('extract-bad');
    });

    const MZ = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8', 'hex'), Buffer.alloc(400, 0)]);
    const unsupported = (name: string) => `Unsupported file type: ${name}. Please upload PNG, JPG, WEBP, PDF, DOC, DOCX or TXT files.`;

    it.each([
      ['an executable renamed .pdf', [{ name: 'prices.pdf', bytes: MZ, type: 'application/pdf' }], 415, unsupported('prices.pdf')],
      ['HTML renamed .txt', [{ name: 'prices.txt', bytes: '<html><script>alert(1)</script>Cut €45</html>' }], 415, unsupported('prices.txt')],
      ['an SVG renamed .png', [{ name: 'prices.png', bytes: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' }], 415, unsupported('prices.png')],
      [
        'a good file beside a disguised one',
        [
          { name: 'ok.txt', bytes: 'Cut €40\nColour €80' },
          { name: 'setup.docx', bytes: MZ },
        ],
        415,
        unsupported('setup.docx'),
      ],
      [
        'a zip bomb as .docx',
        [{ name: 'bomb.docx', bytes: docxWith(Buffer.alloc(40 * 1024 * 1024, 0x20)) }],
        413,
        'bomb.docx unpacks to more than 30 MB, which is too large for a price list.',
      ],
      ['an empty file', [{ name: 'empty.pdf', bytes: '' }], 400, 'empty.pdf is empty.'],
      [
        'a damaged PDF',
        [{ name: 'broken.pdf', bytes: `%PDF-1.7\n${'#'.repeat(500)}` }],
        422,
        'We could not read broken.pdf. The file may be damaged. Please try another copy or format.',
      ],
      ['a file with no services', [{ name: 'notes.txt', bytes: 'Thanks for visiting!' }], 422, 'We could not find any services in notes.txt.'],
      ['the wrong form field', [{ name: 'prices.txt', bytes: 'Cut €40', field: 'file' }], 400, 'Please upload the price list files in the form field "files".'],
      [
        'too many files',
        Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.txt`, bytes: 'Cut €40\nColour €80' })),
        400,
        'Please upload at most 10 files at a time.',
      ],
    ] as const)('%s', async (_label, parts, status, message) => {
      expectClearRefusal(await upload(owner, parts as unknown as Part[]), status, message);
      expect(await priceListKeys(owner)).toEqual([]);
    });

    it('a request over 4 MB', async () => {
      const big = Buffer.alloc(4 * 1024 * 1024 + 10, 0x41);
      expectClearRefusal(await upload(owner, [{ name: 'big.txt', bytes: big }]), 413);
      expect(await priceListKeys(owner)).toEqual([]);
    });

    it('a form with no files, a JSON body, a broken multipart body', async () => {
      const noFiles = new FormData();
      noFiles.append('files', 'not a file');
      const request = new Request('http://localhost/', { method: 'POST', body: noFiles });
      const asField = await api(EXTRACT, {
        method: 'POST',
        token: owner.accessToken,
        body: new Uint8Array(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      expectClearRefusal(asField, 400, 'Please choose at least one price list file (PNG, JPG, WEBP, PDF, DOC, DOCX or TXT).');
      expectClearRefusal(
        await api(EXTRACT, { method: 'POST', token: owner.accessToken, body: '{"files":[]}' }),
        415,
        'Please upload the price list as multipart/form-data (field "files").',
      );
      const broken = await api(EXTRACT, {
        method: 'POST',
        token: owner.accessToken,
        body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nCut €40',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect([400, 415]).toContain(broken.status);
      expectClearRefusal(broken, broken.status);
      expectClearRefusal(await api(EXTRACT, { method: 'POST', token: owner.accessToken }), 415);
      expect(await priceListKeys(owner)).toEqual([]);
    });

    it('without a token', async () => {
      const { body, contentType } = await multipart([{ name: 'prices.txt', bytes: 'Cut €40' }]);
      const answer = await api(EXTRACT, { method: 'POST', body, headers: { 'content-type': contentType } });
      expect(answer.status).toBe(401);
    });
  });
});

describe('POST /api/services/extract?route=auto-fill-durations', () => {
  let owner: TestOwner;
  beforeAll(async () => {
    owner = await signUpOwner('autofill');
  });

  it('fills the missing durations from typical salon durations and counts them', async () => {
    const services = [
      { id: 'ext_abcdefghijkl', name: 'Balayage', duration: 0, price: null, price_min: 150, price_max: null, isRange: true, comment: '' },
      { id: 'ext_bcdefghijklm', name: 'Gents Cut', duration: 25, price: 20, price_min: null, price_max: null, isRange: false, comment: '' },
      { id: 'ext_cdefghijklmn', name: 'Root Tint', duration: 0, price: 55, price_min: null, price_max: null, isRange: false, comment: '' },
    ];
    const answer = await api(AUTO_FILL, { method: 'POST', token: owner.accessToken, body: JSON.stringify({ services }) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      updated: 2,
      services: [{ ...services[0], duration: 180 }, services[1], { ...services[2], duration: 90 }],
      skipped: [],
    });
  });

  it.each([
    ['malformed JSON', '{"services": [', 400],
    ['no services list', '{}', 400],
    ['an unknown field', JSON.stringify({ services: [], salonId: 'sal_other' }), 400],
    ['an unknown service field', JSON.stringify({ services: [{ name: 'Cut', duration: 0, ownerId: 'x' }] }), 400],
    ['a string duration', JSON.stringify({ services: [{ name: 'Cut', duration: 'long' }] }), 400],
    ['over 500 services', JSON.stringify({ services: Array.from({ length: 501 }, () => ({ name: 'Cut', duration: 0 })) }), 400],
    ['a body over the limit', JSON.stringify({ services: [{ name: 'x'.repeat(5 * 1024 * 1024) }] }), 413],
  ])('refuses %s with a clear 4xx', async (_label, body, status) => {
    expectClearRefusal(await api(AUTO_FILL, { method: 'POST', token: owner.accessToken, body }), status);
  });

  it('refuses an unknown route', async () => {
    expectClearRefusal(await api('/api/services/extract?route=nope', { method: 'POST', token: owner.accessToken, body: '{}' }), 400, 'Unknown route');
  });
});
