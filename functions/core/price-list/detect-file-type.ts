import { fileTypeFromBuffer } from 'file-type';
import { PRICE_LIST_EXTENSIONS, priceListMessages } from '../../contracts/price-list.js';
import { displayName, refuse } from './errors.js';

/**
 * What an uploaded file really is, from its bytes (RELIABILITY 28). The name only has to carry
 * one of the accepted extensions; the content decides the kind:
 * - png, jpg, webp, pdf and docx by their signatures (file-type reads a docx's zip entries, so
 *   a plain zip, an xlsx or a jar is not a docx);
 * - doc is an OLE compound file holding a `WordDocument` stream (not any .xls or .msi);
 * - txt has no binary signature at all, decodes as text (UTF-8, UTF-16 with a BOM, or the
 *   Windows-1252 that older Notepad writes), holds no NULs or control characters, is not markup
 *   (HTML, SVG, XML, script), and must be named .txt.
 * Anything else (an executable renamed .pdf, HTML, SVG, a zip that is not a docx, a polyglot
 * that smuggles markup or an archive inside an image or PDF) is refused with a 415.
 */
export type PriceListKind = 'png' | 'jpg' | 'webp' | 'pdf' | 'doc' | 'docx' | 'txt';

export interface DetectedFile {
  kind: PriceListKind;
  mime: string;
}

const MIME: Record<PriceListKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

const SIGNED_KINDS: Record<string, PriceListKind> = { png: 'png', apng: 'png', jpg: 'jpg', webp: 'webp', pdf: 'pdf', docx: 'docx' };

export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** Markup or script that a browser or viewer would act on: never part of a price list's bytes. */
const ACTIVE_MARKUP = /<\s*(script|html|svg|iframe|object|embed|body|meta|link|form|\?php)\b|<!doctype\s+html|javascript\s*:/i;
/**
 * The same inside an image's or a PDF's bytes, as a browser would read it: a whole tag (its name
 * straight after `<`, closed by `>` within printable characters), a PHP opening, a doctype or a
 * `javascript:` URL. Compressed bytes spell a stray "<SVg" now and then, and the looser pattern
 * above refused such photos as unsupported: 6 of 1,500 random 2 MB files (none with this one).
 */
const MARKUP_IN_BINARY = /<(script|html|svg|iframe|object|embed|body|meta|link|form)(?:[\s/][\x20-\x7e]*?)?>|<\?php\s|<!doctype\s+html|javascript\s*:/i;
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export async function detectFileType(name: string, bytes: Uint8Array): Promise<DetectedFile> {
  const shown = displayName(name);
  if (bytes.length === 0) throw refuse.empty(priceListMessages.emptyFile(shown));
  const extension = extensionOf(name);
  if (!(PRICE_LIST_EXTENSIONS as readonly string[]).includes(extension)) throw refuse.unsupported(priceListMessages.unsupportedType(shown));
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // A text BOM first: UTF-16's FF FE would otherwise pass for an MPEG audio frame.
  const textBom = (buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff) || buffer.subarray(0, 3).equals(UTF8_BOM);
  let signature: { ext: string } | undefined;
  try {
    signature = textBom ? undefined : await fileTypeFromBuffer(buffer);
  } catch {
    signature = undefined;
  }

  if (signature) {
    let kind = SIGNED_KINDS[signature.ext];
    if (!kind && signature.ext === 'cfb' && buffer.includes(WORD_DOCUMENT_STREAM)) kind = 'doc';
    if (!kind) throw refuse.unsupported(priceListMessages.unsupportedType(shown));
    if (kind !== 'docx' && kind !== 'doc' && isPolyglot(buffer)) throw refuse.unsupported(priceListMessages.unsupportedType(shown));
    return { kind, mime: MIME[kind] };
  }

  // No binary signature: it can only be plain text, and must say so in its name.
  if (extension !== 'txt') throw refuse.unsupported(priceListMessages.unsupportedType(shown));
  const text = decodeText(buffer);
  if (text === null || ACTIVE_MARKUP.test(text) || /^\s*<(\?xml|!--|[a-z!?])/i.test(text)) {
    throw refuse.unsupported(priceListMessages.unsupportedType(shown));
  }
  if (!text.trim()) throw refuse.empty(priceListMessages.emptyFile(shown));
  return { kind: 'txt', mime: MIME.txt };
}

/** An image or PDF that also carries markup or a whole zip archive (GIFAR-style polyglots). */
function isPolyglot(buffer: Buffer): boolean {
  if (MARKUP_IN_BINARY.test(buffer.toString('latin1'))) return true;
  return buffer.includes(ZIP_LOCAL_HEADER) && buffer.includes(ZIP_END_OF_DIRECTORY);
}

/**
 * The text of a plain-text file, or null when the bytes are not text. UTF-8 (with or without a
 * BOM), UTF-16 with a BOM, and Windows-1252 (the Irish default of older Windows tools, where €
 * is byte 0x80) are read; NULs and control characters mean binary.
 */
export function decodeText(buffer: Uint8Array): string | null {
  let text: string;
  const bom = buffer.subarray(0, 3);
  try {
    if (bom[0] === 0xef && bom[1] === 0xbb && bom[2] === 0xbf) {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(3));
    } else if ((bom[0] === 0xff && bom[1] === 0xfe) || (bom[0] === 0xfe && bom[1] === 0xff)) {
      if (buffer.length % 2 !== 0) return null;
      text = new TextDecoder(bom[0] === 0xff ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(buffer.subarray(2));
    } else {
      if (buffer.includes(0)) return null;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
      } catch {
        text = decodeWindows1252(buffer);
      }
    }
  } catch {
    return null;
  }
  const controls = text.match(/[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g)?.length ?? 0;
  if (text.includes('\u0000') || controls > Math.max(2, text.length * 0.001)) return null;
  return text;
}

/** 0x80–0x9F of Windows-1252 (Node's TextDecoder reads that label as Latin-1); gaps stay C1 controls. */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(buffer: Uint8Array): string {
  let text = '';
  for (const byte of buffer) text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}
