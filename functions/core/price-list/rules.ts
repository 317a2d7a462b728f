/**
 * Ruled lines wiped from a prepared page before OCR: a table's borders, the rule under a heading,
 * a hairline between rows, a box around a section. A person reads past them; tesseract takes a
 * border for a letter ("|", "l", "_") or, on a bordered table, loses whole rows to them (a light
 * photo of a bordered table read 1 of 11 rows with its borders, 10 without).
 *
 * A rule is ink drawn in one direction far longer than any letter: pixels in a straight run of
 * ink at least MIN_RUN line heights long (across) or MIN_COLUMN (upright), gathered into
 * connected bands. A band thin against a line of text, with paper along both its sides, is
 * painted white; a thick one (a filled heading band, bold letters run together by blur, with ink
 * above and below) stays.
 */

/** Darker than this (0..255, on the evened page) is ink: a rule is often printed grey, and blurred paler still (a #888 border measured 148 at its darkest). */
const INK = 200;
/** A horizontal run of ink this many line heights long is no letter's stroke. */
const MIN_RUN = 2.5;
/** An upright run of ink this many line heights long is no letter's stroke either. */
const MIN_COLUMN = 1.8;
/** A rule is at most this thick, in line heights. */
const MAX_THICKNESS = 0.35;
/** Share of paper along each side of a band for it to be a rule, not part of a line of text. */
const PAPER_BESIDE = 0.75;

interface Band {
  pixels: number[];
}

/** Marks the pixels of `data` that lie in a run of ink at least `least` long, along rows (`across`) or columns. */
function longRuns(data: Uint8Array, width: number, height: number, least: number, across: boolean): Uint8Array {
  const marked = new Uint8Array(width * height);
  const [outer, inner] = across ? [height, width] : [width, height];
  const at = across ? (o: number, i: number) => o * width + i : (o: number, i: number) => i * width + o;
  for (let o = 0; o < outer; o += 1) {
    let start = -1;
    for (let i = 0; i <= inner; i += 1) {
      const ink = i < inner && data[at(o, i)]! < INK;
      if (ink && start < 0) start = i;
      if (!ink && start >= 0) {
        if (i - start >= least) for (let k = start; k < i; k += 1) marked[at(o, k)] = 1;
        start = -1;
      }
    }
  }
  return marked;
}

/** The 4-connected bands of marked pixels. */
function bands(marked: Uint8Array, width: number, height: number): Band[] {
  const found: Band[] = [];
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start += 1) {
    if (marked[start] !== 1) continue;
    const band: Band = { pixels: [] };
    marked[start] = 2;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      band.pixels.push(p);
      if (x > 0 && marked[p - 1] === 1) ((marked[p - 1] = 2), stack.push(p - 1));
      if (x < width - 1 && marked[p + 1] === 1) ((marked[p + 1] = 2), stack.push(p + 1));
      if (y > 0 && marked[p - width] === 1) ((marked[p - width] = 2), stack.push(p - width));
      if (y < height - 1 && marked[p + width] === 1) ((marked[p + width] = 2), stack.push(p + width));
    }
    found.push(band);
  }
  return found;
}

/** For each position along a band (x for a horizontal one), the first and last pixel across it. */
function extents(band: Band, width: number, across: boolean): Map<number, [number, number]> {
  const spans = new Map<number, [number, number]>();
  for (const p of band.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    const [along, off] = across ? [x, y] : [y, x];
    const span = spans.get(along);
    if (span) {
      span[0] = Math.min(span[0], off);
      span[1] = Math.max(span[1], off);
    } else spans.set(along, [off, off]);
  }
  return spans;
}

/**
 * Wipes the ruled lines of a page (grey, evened, lines of text about `lineHeight` px) in place;
 * answers how many were wiped. A rule is judged and wiped along its length, so one drawn a little
 * aslant (the page straightened to within a few tenths of a degree) is followed.
 */
export function wipeRules(data: Uint8Array, width: number, height: number, lineHeight: number): number {
  const thickest = Math.max(2, Math.round(lineHeight * MAX_THICKNESS));
  const gap = Math.max(2, Math.round(lineHeight * 0.08));
  const pixel = (along: number, off: number, across: boolean) => (across ? off * width + along : along * width + off);
  const limit = (across: boolean) => (across ? height : width);
  let wiped = 0;
  // Upright rules first: a table's borders run unbroken through its rows only before the rules
  // across are wiped, and those stay long between the borders.
  for (const across of [false, true]) {
    const least = Math.max(24, Math.round(lineHeight * (across ? MIN_RUN : MIN_COLUMN)));
    for (const band of bands(longRuns(data, width, height, least, across), width, height)) {
      const spans = extents(band, width, across);
      const thickness = [...spans.values()].map(([first, last]) => last - first + 1).sort((a, b) => a - b)[Math.floor(spans.size / 2)]!;
      if (thickness > thickest) continue;
      let paper = 0;
      let total = 0;
      for (const [along, [first, last]] of spans) {
        for (const off of [first - gap, last + gap]) {
          if (off < 0 || off >= limit(across)) continue;
          total += 1;
          if (data[pixel(along, off, across)]! >= INK) paper += 1;
        }
      }
      if (total && paper / total < PAPER_BESIDE) continue;
      // The rule's ink and its soft edge (a blurred line's grey rim) within a pixel or two of it.
      for (const [along, [first, last]] of spans) {
        for (let off = Math.max(0, first - gap + 1); off <= Math.min(limit(across) - 1, last + gap - 1); off += 1) {
          const at = pixel(along, off, across);
          if (data[at]! < 220) data[at] = 255;
        }
      }
      wiped += 1;
    }
  }
  return wiped;
}
