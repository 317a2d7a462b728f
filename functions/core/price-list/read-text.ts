import { PRICE_LIST_LIMITS, priceListMessages } from '../../contracts/price-list.js';
import type { PriceListKind } from './detect-file-type.js';
import { decodeText } from './detect-file-type.js';
import { displayName, FileRefusedError, refuse } from './errors.js';
import { readDoc } from './readers/doc.js';
import { checkZip, readDocx } from './readers/docx.js';
import { imageSize, recognise, type Recognised } from './readers/image.js';
import { readPdf } from './readers/pdf.js';
import { withTimeout } from './with-timeout.js';
import type { TextLimits } from './text-limits.js';

/**
 * The text of an accepted price list, per format, with offline libraries only: pdfjs for PDF
 * text, mammoth for docx, word-extractor for doc, tesseract.js with the English data shipped in
 * @tesseract.js-data/eng for images, prepared by sharp first (nothing is downloaded at run time). Each reader works under
 * a limit (pages, unpacked bytes, pixels, characters, time); any failure of a library on a bad
 * file becomes a 4xx that names the file, never a 5xx.
 *
 * Lines keep their columns: cells of a table row, or text far apart on a PDF line, are joined by
 * a tab so the parser can still tell one column from the next.
 *
 * This file only dispatches and enforces the shared limits; each format's reader is in
 * readers/, and loads its library on first use so a cold start pays only for what it reads.
 */
export interface FileToRead {
  name: string;
  kind: PriceListKind;
  bytes: Uint8Array;
}

export async function readText(file: FileToRead, limits: TextLimits = PRICE_LIST_LIMITS): Promise<string> {
  return (await readDocument(file, limits)).text;
}

/** The text, and what the reader was unsure of (OCR's doubtful words, the services it left out, small print and a page read badly; nothing for the other formats). */
export async function readDocument(file: FileToRead, limits: TextLimits = PRICE_LIST_LIMITS): Promise<Recognised> {
  const shown = displayName(file.name);
  const buffer = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
  try {
    const read = await withTimeout(readByKind(file.kind, buffer, shown, limits), limits.readTimeoutMs, () =>
      refuse.unreadable(priceListMessages.tookTooLong(shown)),
    );
    const recognised = typeof read === 'string' ? { text: read, unsure: [], leftOut: [], smallPrint: false, readBadly: false } : read;
    const { text } = recognised;
    return { ...recognised, text: text.length > limits.maxTextChars ? text.slice(0, limits.maxTextChars) : text };
  } catch (error) {
    if (error instanceof FileRefusedError) throw error;
    if ((error as { name?: string })?.name === 'PasswordException') throw refuse.unreadable(priceListMessages.passwordProtected(shown));
    throw refuse.unreadable(priceListMessages.unreadable(shown));
  }
}

async function readByKind(kind: PriceListKind, buffer: Buffer, shown: string, limits: TextLimits): Promise<string | Recognised> {
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
