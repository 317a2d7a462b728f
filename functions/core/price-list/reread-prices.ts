import { CELL_GAP, marksEuro, type OcrWord } from './ocr-rows.js';
import type { Grey } from './prepare-image.js';

/**
 * A second look at the prices OCR misread because of their € sign.
 *
 * Printed bold and small, then blurred by a photo, "€78" is read "8" and "€36" "6" (tesseract
 * takes the € and the first digit for one glyph, and is sure of it), and "€16" comes out as "as".
 * Without the € the same pixels read right: the digits alone are no trouble. So on a page whose
 * prices carry a €, each cell that ends a row and reads as a doubtful price is cut out again with
 * its € cut away, at a few widths (where the € ends is not known), and the cuts are read again
 * together, stacked in one strip, by the same OCR. A cell's new price is taken only when two cuts
 * or more agree on it, and the digits it ended on before must still end the new one ("8" may
 * become "78" and "«7" "27", never "30" become "0" nor "C108" "08").
 */

/** A reading of one line of the strip: its text, its least confident word and its height in the strip. */
export interface StripLine {
  text: string;
  confidence: number;
  y0: number;
  y1: number;
}

/** Where the € may end, in letter heights from the cell's first ink. */
const EURO_ENDS = [0.55, 0.65, 0.75, 0.85];
/** Cuts agreeing on a price before it is taken, and the confidence each needs (0..100). */
const VOTES = 2;
const SURE = 75;
/** A word read as a price of two digits or more with every character this sure is left alone. */
const CLEAN = 80;
/** Below this confidence (0..100) a word without digits may be a garbled price. */
const GARBLED = 60;
/** Cells read again at most on one page, so a page of numbers costs little more. */
const MOST_CELLS = 24;
const DARK = 128;
const PAD = 12;
const GAP = 20;

interface Cell {
  word: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  h: number;
}

const trimmed = (text: string) => text.trim().replace(/[+,.:;]+$/, '');
/** A price of one digit is what is left of a bold "€27" read "€7", however sure: it is read again. */
const cleanPrice = /^€\d{2,3}(\.\d\d)?$/;
const durationLike = (text: string) => /\)$/.test(text) || /\d\s*(m|h|hrs?|mins?)$/i.test(text);
/** Signs OCR reads a bold € as. */
const euroLike = /^[€£«©¢]/;

function looksLikeMisreadPrice(word: OcrWord): boolean {
  const text = trimmed(word.text);
  if (text.length === 0 || text.length > 6 || /\p{L}{3}/u.test(text) || durationLike(text)) return false;
  if (cleanPrice.test(text) && (word.symbols ?? []).every((symbol) => symbol.confidence >= CLEAN)) return false;
  return /\d/.test(text) || euroLike.test(text) || word.confidence < GARBLED;
}

/** The columns of the box holding ink: where the cell's glyphs start and end. */
function inkSpan(page: Grey, word: OcrWord): { x0: number; x1: number } | null {
  const { x0, y0, x1, y1 } = word.bbox;
  const enough = Math.max(2, 0.2 * (y1 - y0));
  let first = -1;
  let last = -1;
  for (let x = Math.max(0, x0); x < Math.min(page.width, x1); x++) {
    let ink = 0;
    for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) if (page.data[y * page.width + x]! < DARK) ink++;
    if (ink >= enough) {
      if (first < 0) first = x;
      last = x;
    }
  }
  return first < 0 ? null : { x0: first, x1: last + 1 };
}

/** The cells worth reading again: a doubtful price ending its row's cell, wide enough for a € and a digit. */
export function cellsToReread(words: readonly OcrWord[], page: Grey): Cell[] {
  if (!marksEuro(words)) return [];
  const cells: Cell[] = [];
  words.forEach((word, index) => {
    const h = word.bbox.y1 - word.bbox.y0;
    if (h < 8 || !looksLikeMisreadPrice(word)) return;
    const next = words[index + 1];
    if (next && next.line === word.line && next.bbox.x0 - word.bbox.x1 < CELL_GAP * h) return;
    const ink = inkSpan(page, word);
    if (!ink || ink.x1 - ink.x0 < 1.2 * h) return;
    cells.push({ word: index, ...ink, y0: word.bbox.y0, y1: word.bbox.y1, h });
  });
  return cells.slice(0, MOST_CELLS);
}

interface Cut {
  cell: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

function cutsOf(cells: readonly Cell[], page: Grey): Cut[] {
  return cells.flatMap((cell, index) =>
    EURO_ENDS.map((end) => {
      const left = Math.round(cell.x0 + end * cell.h);
      const top = Math.max(0, cell.y0 - 3);
      return { cell: index, left, top, width: Math.min(page.width - left, cell.x1 - left + 3), height: Math.min(page.height - top, cell.y1 - cell.y0 + 6) };
    }).filter((cut) => cut.width >= 4 && cut.height >= 4),
  );
}

/** The cuts stacked one under another on white, with where each landed in the strip. */
function stripOf(cuts: readonly Cut[], page: Grey): { strip: Grey; tops: number[] } {
  const width = Math.max(...cuts.map((cut) => cut.width)) + 2 * PAD;
  const tops: number[] = [];
  let y = PAD;
  for (const cut of cuts) {
    tops.push(y);
    y += cut.height + GAP;
  }
  const height = y - GAP + PAD;
  const data = new Uint8Array(width * height).fill(255);
  cuts.forEach((cut, index) => {
    for (let row = 0; row < cut.height; row++) {
      const from = (cut.top + row) * page.width + cut.left;
      data.set(page.data.subarray(from, from + cut.width), (tops[index]! + row) * width + PAD);
    }
  });
  return { strip: { data, width, height }, tops };
}

/** The price the cuts of one cell agree on, or null. */
export function agreedPrice(word: OcrWord, readings: readonly StripLine[]): { text: string; confidence: number } | null {
  const votes = new Map<string, number[]>();
  for (const { text, confidence } of readings) {
    const digits = text.replace(/\+$/, '');
    if (confidence >= SURE && /^[1-9]\d{0,2}([.,]\d\d)?$/.test(digits)) votes.set(digits, [...(votes.get(digits) ?? []), confidence]);
  }
  const [best] = [...votes.entries()].sort(([, a], [, b]) => b.length - a.length || Math.max(...b) - Math.max(...a));
  if (!best || best[1].length < VOTES) return null;
  const readBefore = /\d+([.,]\d\d)?$/.exec(trimmed(word.text))?.[0];
  if (readBefore && !best[0].endsWith(readBefore)) return null;
  const orMore = /\+$/.test(word.text.trim()) || readings.some(({ text }) => text === `${best[0]}+`);
  return { text: `€${best[0].replace(',', '.')}${orMore ? '+' : ''}`, confidence: Math.max(...best[1]) };
}

/**
 * The page's words with its misread prices read again. `read` reads a strip of cuts (the same
 * OCR as the page, one line of text per cut) and gives back its lines.
 */
export async function rereadPrices(words: readonly OcrWord[], page: Grey, read: (strip: Grey) => Promise<StripLine[]>): Promise<OcrWord[]> {
  const cells = cellsToReread(words, page);
  if (cells.length === 0) return [...words];
  const cuts = cutsOf(cells, page);
  if (cuts.length === 0) return [...words];
  const { strip, tops } = stripOf(cuts, page);
  const lines = await read(strip);
  const mended = [...words];
  cells.forEach((cell, index) => {
    const readings = cuts.flatMap((cut, at) => {
      if (cut.cell !== index) return [];
      const top = tops[at]!;
      const line = lines.find((each) => (each.y0 + each.y1) / 2 >= top && (each.y0 + each.y1) / 2 <= top + cut.height);
      return line ? [line] : [];
    });
    const word = words[cell.word]!;
    const price = agreedPrice(word, readings);
    if (!price) return;
    mended[cell.word] = {
      ...word,
      text: price.text,
      confidence: Math.max(word.confidence, price.confidence),
      symbols: [...price.text].map((text) => ({ text, confidence: price.confidence })),
    };
  });
  return mended;
}
