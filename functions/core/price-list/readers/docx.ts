import type { Readable } from 'node:stream';
import { priceListMessages } from '../../../contracts/price-list.js';
import { FileRefusedError, refuse } from '../errors.js';
import type { TextLimits } from '../text-limits.js';

/**
 * docx → text with mammoth (and the zip checked with yauzl first), both loaded only when a docx
 * is read. Word's HTML is flattened here so a table row stays one line the parser can split
 * into columns.
 */

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

export async function readDocx(buffer: Buffer): Promise<string> {
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
  const cells = html.replace(
    /<t([dh])\b[^>]*>([\s\S]*?)<\/t\1>/gi,
    (_, _tag, inner: string) =>
      `${inner
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}\t`,
  );
  const lines = cells
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|tr|div|table|ul|ol|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(lines)
    .split('\n')
    .map((line) => line.replace(/\t+$/, '').trim())
    .join('\n');
}
