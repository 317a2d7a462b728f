/**
 * The slant of a photographed page's rows (dy per dx), measured from tesseract's own lines, so
 * that words on one baseline form one row (ocr-rows.ts).
 */
export interface PlacedWord {
  cx: number;
  cy: number;
  /** The word box's height. */
  h: number;
  /** tesseract's own line. */
  line?: number;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};

/** How far a line's own slant may be from the page's and still be taken. */
const MAX_LINE_SLANT_OFF = 0.03;

/** The words of each of tesseract's lines. */
function byLine(words: readonly PlacedWord[]): Map<number, PlacedWord[]> {
  const lines = new Map<number, PlacedWord[]>();
  for (const word of words) {
    if (word.line === undefined) continue;
    const line = lines.get(word.line);
    if (line) line.push(word);
    else lines.set(word.line, [word]);
  }
  return lines;
}

/** The page's slant (dy per dx), from tesseract's own lines of several words. */
export function slantOf(words: readonly PlacedWord[]): number {
  const slopes: number[] = [];
  for (const line of byLine(words).values()) {
    if (line.length < 2) continue;
    const first = line.reduce((a, b) => (a.cx < b.cx ? a : b));
    const last = line.reduce((a, b) => (a.cx > b.cx ? a : b));
    const dx = last.cx - first.cx;
    if (dx > first.h * 3) slopes.push((last.cy - first.cy) / dx);
  }
  const slope = median(slopes);
  return Math.abs(slope) < 0.2 ? slope : 0;
}

/**
 * Each of tesseract's lines' own slant, where the line follows one row: several words of letter
 * height spanning a few letters' widths, every centre within a third of a line of the fitted
 * slope, and that slope near the page's. A page photographed at an angle keeps some keystone
 * after it is drawn flat, so its rows fan out (a slant of 0.01 at the top, 0.03 at the foot):
 * one slant for the whole page splits the lowest rows.
 */
export function lineSlants(words: readonly PlacedWord[], height: number, page: number): Map<number, number> {
  const slants = new Map<number, number>();
  for (const [line, each] of byLine(words.filter((word) => word.h >= height * 0.6))) {
    if (each.length < 3) continue;
    const xs = each.map((word) => word.cx);
    if (Math.max(...xs) - Math.min(...xs) <= height * 3) continue;
    const mx = xs.reduce((sum, x) => sum + x, 0) / each.length;
    const my = each.reduce((sum, word) => sum + word.cy, 0) / each.length;
    const slope = each.reduce((sum, word) => sum + (word.cx - mx) * (word.cy - my), 0) / each.reduce((sum, word) => sum + (word.cx - mx) ** 2, 0);
    const fits = each.every((word) => Math.abs(word.cy - my - slope * (word.cx - mx)) <= height / 3);
    if (fits && Math.abs(slope - page) <= MAX_LINE_SLANT_OFF) slants.set(line, slope);
  }
  return slants;
}
