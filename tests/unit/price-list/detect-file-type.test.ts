import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, detectFileType } from '../../../functions/core/price-list/detect-file-type.js';
import { displayName, FileRefusedError } from '../../../functions/core/price-list/errors.js';
import { buildZip, docxWith } from './zip-builder.js';
import { statusOf } from '../../../functions/http/errors.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/price-lists');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const unsupported = (name: string) => `Unsupported file type: ${name}. Please upload PNG, JPG, WEBP, PDF, DOC, DOCX or TXT files.`;

async function refusal(name: string, bytes: Uint8Array) {
  const error = await detectFileType(name, bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileRefusedError);
  return error as FileRefusedError;
}

const PNG_HEADER = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
const MZ = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'), Buffer.alloc(200, 0)]);

describe('detectFileType', () => {
  it.each([
    ['aoife-hair-studio-naas.txt', 'txt'],
    ['siobhan-athlone-windows1252.txt', 'txt'],
    ['marble-city-hair-kilkenny.pdf', 'pdf'],
    ['headroom-limerick.docx', 'docx'],
    ['fade-factory-dundalk.doc', 'doc'],
    ['blowout-sligo.png', 'png'],
    ['studio-nine-ennis.jpg', 'jpg'],
    ['curl-house-wexford.webp', 'webp'],
  ])('knows %s as %s by its content', async (name, kind) => {
    expect(await detectFileType(name, fixture(name))).toMatchObject({ kind });
  });

  it('goes by content among the accepted kinds (a PNG named .jpg, a docx named .doc)', async () => {
    expect(await detectFileType('menu.jpeg', fixture('blowout-sligo.png'))).toEqual({ kind: 'png', mime: 'image/png' });
    expect(await detectFileType('menu.doc', fixture('headroom-limerick.docx'))).toMatchObject({ kind: 'docx' });
    expect(await detectFileType('MENU.PDF', fixture('hair-lounge-bray.pdf'))).toMatchObject({ kind: 'pdf' });
  });

  it.each([
    ['an executable renamed .pdf', 'prices.pdf', MZ],
    ['an executable renamed .txt', 'prices.txt', MZ],
    ['an ELF binary renamed .docx', 'prices.docx', Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(100, 1)])],
    ['HTML renamed .txt', 'prices.txt', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script>Cut €45</body></html>')],
    ['HTML renamed .pdf', 'prices.pdf', Buffer.from('<html><body>Cut €45</body></html>')],
    ['an HTML page that also holds a PDF header', 'prices.pdf', Buffer.from('<html><script>alert(1)</script></html>\n%PDF-1.4\n')],
    ['SVG renamed .png', 'prices.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><text>Cut €45</text></svg>')],
    ['SVG renamed .txt', 'prices.txt', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['text with a script tag', 'prices.txt', Buffer.from('Cut €45\nColour €80\n<script src="https://evil.example/x.js"></script>')],
    ['a PNG that carries a script (polyglot)', 'prices.png', Buffer.concat([PNG_HEADER, Buffer.from('<script>alert(document.cookie)</script>')])],
    ['a PDF that carries HTML (polyglot)', 'prices.pdf', Buffer.concat([fixture('hair-lounge-bray.pdf'), Buffer.from('<html><body onload=alert(1)>')])],
    ['a JPEG that carries an SVG (polyglot)', 'prices.jpg', Buffer.concat([fixture('studio-nine-ennis.jpg'), Buffer.from('<svg/onload=alert(1)>')])],
    [
      'a JPEG with a zip appended (GIFAR-style polyglot)',
      'prices.jpg',
      Buffer.concat([fixture('studio-nine-ennis.jpg'), buildZip([{ name: 'a.txt', data: Buffer.from('x') }])]),
    ],
    ['a plain zip renamed .docx', 'prices.docx', buildZip([{ name: 'prices.txt', data: Buffer.from('Cut €45') }])],
    [
      'a spreadsheet renamed .docx',
      'prices.docx',
      buildZip([
        {
          name: '[Content_Types].xml',
          data: Buffer.from(
            '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
          ),
        },
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      ]),
    ],
    ['an OLE file that is not a Word document', 'prices.doc', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024, 0)])],
    ['a GIF', 'prices.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['text named .pdf', 'prices.pdf', Buffer.from('Cut & Blow Dry €45')],
    ['text named .exe', 'prices.exe', Buffer.from('Cut & Blow Dry €45')],
    ['a price list with no extension', 'prices', Buffer.from('Cut & Blow Dry €45')],
    ['a PNG named .svg', 'prices.svg', fixture('blowout-sligo.png')],
    ['binary named .txt', 'prices.txt', Buffer.from([0x43, 0x75, 0x74, 0x00, 0x01, 0x02, 0x03, 0xff])],
    ['UTF-16 without a BOM (NULs)', 'prices.txt', Buffer.from('Cut €45', 'utf16le')],
  ])('refuses %s with a 415', async (_label, name, bytes) => {
    const error = await refusal(name, bytes);
    expect(statusOf(error)).toBe(415);
    expect(error.message).toBe(unsupported(name));
  });

  it('accepts a photo whose compressed bytes happen to spell a tag’s name (about one photo in 250 did)', async () => {
    const photo = fixture('studio-nine-ennis.jpg');
    // As in a generated photo that was refused: "<SVg" at byte 211625, then more compressed data.
    const stray = Buffer.concat([photo.subarray(0, 2_000), Buffer.from([0x3c, 0x53, 0x56, 0x67, 0x8f, 0x00, 0xd2, 0x3e]), photo.subarray(2_000)]);
    expect(await detectFileType('wall.jpg', stray)).toEqual({ kind: 'jpg', mime: 'image/jpeg' });
  });

  it('refuses an empty file, or a text file of only white space, with a 400', async () => {
    expect(await refusal('prices.pdf', new Uint8Array(0))).toMatchObject({ kind: 'invalid', message: 'prices.pdf is empty.' });
    expect(await refusal('prices.txt', Buffer.from(' \r\n\t \n'))).toMatchObject({ kind: 'invalid', message: 'prices.txt is empty.' });
  });

  it('reads UTF-8 (with or without a BOM), UTF-16 with a BOM and Windows-1252 text', async () => {
    const text = 'Cut & Blow Dry – €45';
    for (const bytes of [
      Buffer.from(text),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from([...Buffer.from('Cut & Blow Dry ', 'latin1'), 0x96, 0x20, 0x80, 0x34, 0x35]),
    ]) {
      expect(await detectFileType('prices.txt', bytes)).toEqual({ kind: 'txt', mime: 'text/plain; charset=utf-8' });
      expect(decodeText(bytes)).toBe(text);
    }
  });

  it('names the file in its messages without paths, control characters or endless length', () => {
    expect(displayName('C:\\Users\\aoife\\prices.pdf')).toBe('prices.pdf');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('pri\u0000ces\u202e.txt')).toBe('prices.txt');
    expect(displayName('')).toBe('the file');
    expect(displayName(`${'a'.repeat(300)}.pdf`).length).toBeLessThanOrEqual(80);
  });

  it('never crashes on random bytes under any accepted name: a kind, or a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('a.png', 'a.jpg', 'a.jpeg', 'a.webp', 'a.pdf', 'a.doc', 'a.docx', 'a.txt'),
        fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          // Random bytes behind real signatures, the hard case for a sniffer.
          fc
            .tuple(
              fc.constantFrom('89504e470d0a1a0a', 'ffd8ffe0', '25504446', '504b0304', 'd0cf11e0a1b11ae1', '52494646000000005745425056503820'),
              fc.uint8Array({ maxLength: 2000 }),
            )
            .map(([head, tail]) => new Uint8Array([...Buffer.from(head, 'hex'), ...tail])),
        ),
        async (name, bytes) => {
          try {
            const detected = await detectFileType(name, bytes);
            expect(['png', 'jpg', 'webp', 'pdf', 'doc', 'docx', 'txt']).toContain(detected.kind);
          } catch (error) {
            expect(error).toBeInstanceOf(FileRefusedError);
            expect(statusOf(error as FileRefusedError)).toBeGreaterThanOrEqual(400);
            expect(statusOf(error as FileRefusedError)).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts a docx-shaped zip (the size checks come when it is read)', async () => {
    expect(await detectFileType('prices.docx', docxWith(Buffer.from('<w:document/>')))).toMatchObject({ kind: 'docx' });
  });
});
