import { readableCells, withoutEchoes } from './ocr-doubts.js';
import { gluedTo, HOUR_MISREAD, hoursPointLost, mendWord, trailingNoise } from './ocr-mends.js';
import { levelAlong, median, slantOf, slopeField } from './row-slant.js';
import { isSalonWord } from './salon-words.js';

/**
 * OCR words → the lines of text the parser reads.
 *
 * Rows are rebuilt from tesseract's word boxes rather than taken from its text: words whose
 * centres sit on one (possibly slanted) baseline form a row, read left to right; a gap wider than
 * about a letter's height is kept as a tab, so a row's columns stay apart. Where a page has two
 * lists side by side (each column's rows ending in a price, the next column's starting with a
 * name), the columns are read one after the other, not row by row across the page.
 *
 * Prices are normalised where OCR commonly mistakes the € sign: read as a letter or another
 * currency glued to the digits ("e28", "£28", "c28"), as a separate glyph before the number
 * ("« 28"), or as a digit ("628") — the last only when the document marks its prices with €,
 * the number stands where a price stands, and tesseract was unsure of that first character.
 */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0..100 */
  confidence: number;
  bbox: OcrBox;
  /** Per-character confidence, when tesseract gives it. */
  symbols?: { text: string; confidence: number }[];
  /** tesseract's own line, used only to measure the page's slant. */
  line?: number;
}

interface Placed extends OcrWord {
  cx: number;
  cy: number;
  h: number;
}

/** A gap wider than this many letter heights separates cells. */
export const CELL_GAP = 1.1;

interface Cell {
  x0: number;
  x1: number;
  words: Placed[];
}
interface Row {
  cells: Cell[];
  x0: number;
  x1: number;
  height: number;
  /** Where the row lies down the page: its words' middle height. */
  y: number;
  /** A wider gap than between lines of one paragraph lies above this row. */
  spaced: boolean;
}

export function groupRows(words: readonly OcrWord[]): Row[] {
  const placed: Placed[] = words
    .filter((word) => word.text.trim() && word.bbox.x1 > word.bbox.x0 && word.bbox.y1 > word.bbox.y0)
    .map((word) => ({
      ...word,
      text: word.text.trim(),
      cx: (word.bbox.x0 + word.bbox.x1) / 2,
      cy: (word.bbox.y0 + word.bbox.y1) / 2,
      h: word.bbox.y1 - word.bbox.y0,
    }));
  if (placed.length === 0) return [];
  const height = median(placed.map((word) => word.h));
  // Every word carried along its row to the page's left, by the rows' slant where it lies: the
  // rows' heights there, and the gaps between them, are those a reader sees where rows start.
  const field = slopeField(placed, height, slantOf(placed));
  const reference = Math.min(...placed.map((word) => word.cx));
  const levels = new Map(placed.map((word) => [word, levelAlong(field, word.cx, word.cy, reference, height * 2)]));
  const level = (word: Placed) => levels.get(word)!;
  const sorted = [...placed].sort((a, b) => level(a) - level(b));
  const rows: { level: number; words: Placed[] }[] = [];
  for (const word of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(level(word) - row.level) <= height * 0.5) {
      row.words.push(word);
      row.level = median(row.words.map(level));
    } else rows.push({ level: level(word), words: [word] });
  }
  return rows.map(({ words: all, level: rowLevel }, index) => {
    const rowWords = withoutEchoes(all).sort((a, b) => a.bbox.x0 - b.bbox.x0);
    const rowHeight = median(rowWords.map((word) => word.h)) || height;
    const cells: Cell[] = [];
    for (const word of rowWords) {
      const cell = cells.at(-1);
      if (cell && word.bbox.x0 - cell.x1 <= Math.max(rowHeight, height) * CELL_GAP) {
        cell.words.push(word);
        cell.x1 = Math.max(cell.x1, word.bbox.x1);
      } else cells.push({ x0: word.bbox.x0, x1: word.bbox.x1, words: [word] });
    }
    const above = rows[index - 1];
    const spaced = above !== undefined && rowLevel - above.level > height * 2.4;
    return { cells, x0: cells[0]!.x0, x1: cells.at(-1)!.x1, height: rowHeight, y: median(rowWords.map((word) => word.cy)), spaced };
  });
}

// ------------------------------------------------------------------------------------- prices

const PRICE_TEXT = /(?:[€£]\s?\d|\d(?:[.,]\d{2})?\s?[€£]?\+?$)/;
/** Glyphs OCR makes of a € standing apart from its digits. */
const LONE_EURO = /^[€£¢©«<(CcEeG6]$/;
/** Letters or signs OCR makes of a € glued to its digits. */
const GLUED_EURO = /^[£¢©«<CcEeG](\d{1,4}(?:[.,]\d{2})?[+]?)$/;
const BARE_AMOUNT = /^\d{1,4}(?:[.,]\d{2})?[+]?$/;
/** Digits OCR makes of a €: when unsure of it, a leading 6 or 8 (and sometimes 5, 9, 0) is the sign. */
const DIGIT_EURO = /^[68590](\d{1,3}(?:[.,]\d{2})?[+]?)$/;
/** tesseract was unsure of a character below this confidence. */
const UNSURE = 75;

/**
 * Whether the words mark their prices with €: most amounts carry the sign. On a page read badly
 * the digits after it are misread too ("€s0", "£5)"), but the sign still says how prices are written.
 */
export function marksEuro(words: readonly { text: string }[]): boolean {
  const marked = words.filter((word) => /^[€£][\p{L}\d]/u.test(word.text.trim())).length;
  return marked >= 2;
}

const atPricePosition = (cell: { words: OcrWord[] }, index: number) => {
  const next = cell.words[index + 1]?.text;
  return next === undefined || /^(?:-|–|to|\+|\(|\/)$/i.test(next);
};

/**
 * Rewrites the misread € signs in one cell's words (in place) and returns the cell's text.
 * `euroDocument`: the page marks its prices with €, so a price-shaped number without it lost it.
 */
export function cellText(cell: { words: OcrWord[] }, euroDocument: boolean): string {
  const out: string[] = [];
  const words = cell.words.slice(0, cell.words.length - trailingNoise(cell.words));
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    // A speck before a cell's values ("i 60 mins €65"), which the name before would take in.
    if (index === 0 && /^\p{Ll}$/u.test(word.text) && word.confidence < UNSURE && /^[€£\d]/.test(words[1]?.text ?? '')) continue;
    // A speck read as a stroke between two words of a name ("Hot Towel 1 Shave").
    if (
      /^[1lI|!]$/.test(word.text) &&
      word.confidence < UNSURE &&
      [words[index - 1], words[index + 1]].every((near) => near && isSalonWord(near.text.toLowerCase()))
    )
      continue;
    let text = mendWord(word.text.replace(HOUR_MISREAD, '1'), words[index - 1]?.text);
    if (/^[lIi|!]$/.test(text) && /^(?:hrs?|hours?)$/.test(words[index + 1]?.text ?? '')) text = '1';
    if (hoursPointLost(text, words[index + 1]?.text)) text = `${text[0]}.5`;
    text = gluedTo(text, words[index + 1]?.text) ?? text;
    const glued = GLUED_EURO.exec(text);
    if (glued && (euroDocument || /[£]/.test(text))) text = `€${glued[1]}`;
    else if (euroDocument && LONE_EURO.test(text) && words[index + 1] && BARE_AMOUNT.test(words[index + 1]!.text) && atPricePosition(cell, index + 1)) {
      // "€" read as a glyph of its own before the digits: the two are one price.
      const next = words[index + 1]!;
      if (next.bbox.x0 - word.bbox.x1 <= (next.bbox.y1 - next.bbox.y0) * 0.8) {
        out.push(`€${next.text}`);
        index += 1;
        continue;
      }
    } else if (euroDocument && atPricePosition(cell, index)) {
      const digit = DIGIT_EURO.exec(text);
      const first = word.symbols?.[0];
      const restSure = (word.symbols ?? []).slice(1).every((symbol) => symbol.confidence >= UNSURE);
      if (digit && first && first.confidence < UNSURE && restSure) text = `€${digit[1]}`;
    }
    out.push(text);
  }
  // "1 hour" whose 1 was lost: an hour alone in its cell is one.
  return /^(?:hour|hr)$/i.test(out.join(' ')) ? `1 ${out[0]}` : out.join(' ');
}

// ------------------------------------------------------------------------------------ columns

/** An hour and its minutes ("1hr 15") end in digits as a bare price does, but are a duration. */
const HOURS = /\d\s?(?:h|hrs?|hours?)\b/i;
const cellHasPrice = (text: string) => /[€£]\s?\d/.test(text) || (PRICE_TEXT.test(text) && !HOURS.test(text));
/** A "from" price's word starts with letters, but no name. */
const startsWithName = (text: string) => /^\p{L}/u.test(text) && !/^(?:from|starting|approx)\b/i.test(text);

/** Where the gap between two lists side by side runs: the x at which it crosses the row at height y. */
type Cut = (y: number) => number;

/** The steepest gap between two lists taken for one (dx per dy): a page is straightened before OCR. */
const MAX_CUT_SLANT = 0.2;

/**
 * Where two lists stand side by side, the gap between them: one that several rows share, left of
 * which the row ends in a price and right of which a name starts and a price follows. The gap is
 * followed down the page as a line through two such rows' gaps, not taken at one x: on a page
 * still leaning after it was straightened (a corner not found, perspective, curl), the columns
 * drift sideways row by row, and a single x fell in the gap of a few rows only, pairing the other
 * rows' prices with the names across. The line most rows' gaps contain is taken (an upright one
 * when as many agree). Null when there is no such gap (a single list, or a name | time | price table).
 */
function columnCut(rows: { row: Row; texts: string[] }[]): Cut | null {
  const candidates: { x: number; y: number }[] = [];
  for (const { row, texts } of rows) {
    for (let index = 1; index < row.cells.length; index += 1) {
      const left = texts.slice(0, index);
      const right = texts.slice(index);
      if (cellHasPrice(left.at(-1)!) && startsWithName(right[0]!) && right.some(cellHasPrice) && left.some((text) => startsWithName(text))) {
        candidates.push({ x: (row.cells[index - 1]!.x1 + row.cells[index]!.x0) / 2, y: row.y });
      }
    }
  }
  if (candidates.length < 2) return null;
  const agreeing = (cut: Cut) =>
    rows.filter(({ row }) => {
      const x = cut(row.y);
      return row.cells.some((cell, index) => index > 0 && row.cells[index - 1]!.x1 < x && cell.x0 > x);
    }).length;
  const most = (cuts: Cut[]) => cuts.map((cut) => ({ cut, support: agreeing(cut) })).reduce((a, b) => (b.support > a.support ? b : a));
  const upright = most(
    candidates.map(
      ({ x }) =>
        () =>
          x,
    ),
  );
  const slanted = most(
    candidates
      .flatMap((a, index) =>
        candidates.slice(index + 1).flatMap((b) => {
          const slant = (b.x - a.x) / (b.y - a.y);
          return b.y !== a.y && Math.abs(slant) <= MAX_CUT_SLANT ? [(y: number) => a.x + (y - a.y) * slant] : [];
        }),
      )
      .concat(upright.cut),
  );
  // A line through two rows' gaps always has those two: a slanted one must find a third.
  if (slanted.support > upright.support && slanted.support >= 3) return slanted.cut;
  return upright.support >= 2 ? upright.cut : null;
}

/** Lines of text from OCR words: rows on one baseline, cells apart by a tab, side-by-side lists one after the other. */
export function linesFromWords(words: readonly OcrWord[], leftOut?: string[]): string {
  const euroDocument = marksEuro(words);
  const rows = groupRows(words).map((row) => ({ row, texts: row.cells.map((cell) => cellText(cell, euroDocument)) }));
  // A cell that was all noise (cellText gave nothing) keeps its place for the cut but joins no line.
  const joined = (texts: string[]) => texts.filter(Boolean).join('\t');
  const cut = columnCut(rows);
  for (const each of rows) each.texts = readableCells(each.row.cells, each.texts, { leftOut, euroDocument });
  if (cut === null) return rows.map(({ row, texts }) => (row.spaced ? '\n' : '') + joined(texts)).join('\n');
  // Rows split at the cut (or lying on one side of it) are read as two lists; a row across the
  // cut (a title, a footer) ends the run of split rows and stands alone.
  const lines: string[] = [];
  let left: string[] = [];
  let right: string[] = [];
  const flush = () => {
    if (left.length && right.length) lines.push(...left, '', ...right);
    else lines.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const { row, texts } of rows) {
    const x = cut(row.y);
    const splitAt = row.cells.findIndex((cell) => cell.x0 > x);
    const across = row.cells.some((cell) => cell.x0 < x && cell.x1 > x);
    const gap = row.spaced ? [''] : [];
    if (across) {
      flush();
      lines.push(...gap, joined(texts));
    } else if (splitAt < 0) left.push(...gap, joined(texts));
    else if (splitAt === 0) right.push(...gap, joined(texts));
    else {
      left.push(...gap, joined(texts.slice(0, splitAt)));
      right.push(...gap, joined(texts.slice(splitAt)));
    }
  }
  flush();
  return lines.join('\n');
}
