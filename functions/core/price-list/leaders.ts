/**
 * Dot leaders ("Blow Dry . . . . . . €30") wiped from a prepared page before OCR. Tesseract reads
 * a run of dots as letters ("ee eee ee") and often swallows the price at its end with them. A
 * leader is a row of small round blobs of ink, evenly spaced on one baseline: the page's ink is
 * cut into connected blobs, the small ones are chained left to right along their line, and a
 * chain of several at a steady spacing is painted white. A full stop or the dot of an i stands
 * alone and stays.
 */
interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
}

/** The palest ink a pass takes for a leader's dots. */
const PALEST = 200;

/**
 * How a leader is looked for: its dots as what is darker than `ink`, and at least `least` of them
 * at a spacing steady within `steady` of itself, at most `widest` lines apart, half of them
 * covering a square `smallest` of a line across. Blurred, a leader's dots stay pale (grey
 * 130–200 where the letters are black), so a second look takes paler ink, but only for a long and
 * regular run of dots the size of a leader's: on a grainy page, specks that pale lie everywhere and
 * some fall in a row by chance. On tuning seeds 484–485 (lines of 30 px) a pale leader's dots
 * were 0.6 of a line apart with a median of 18–21 px; chance rows of specks 0.65–2 lines apart
 * with 5–12 px. A dark leader's dots may lie 0.85 of a line apart (fresh seed 1844707390, photo 51).
 */
const PASSES = [
  { ink: 128, least: 5, steady: 0.35, widest: Infinity, smallest: 0 },
  { ink: PALEST, least: 10, steady: 0.2, widest: 1, smallest: 0.12 },
  // A fine dotted leader (a dotted rule, a word processor's tab leader): dots a tenth of a line
  // across and a quarter of one apart, blurred grey (80–160); tesseract drops the whole row with
  // it (layouts apart, tuning photo T12-31: 3 of 14 rows). Chance specks never lie so close, so
  // many, so evenly.
  { ink: PALEST, least: 16, steady: 0.25, widest: 0.4, smallest: 0 },
] as const;

/**
 * The connected blobs of ink (8-connected) darker than `ink` and no larger than `largest` pixels
 * across; the pixels of the larger ones are marked in `large` when given.
 */
function smallBlobs(data: Uint8Array, width: number, height: number, largest: number, ink: number, large?: Uint8Array): Blob[] {
  const seen = new Uint8Array(width * height);
  const pixels: number[] = [];
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || data[start]! >= ink) continue;
    const blob: Blob = { x0: width, y0: height, x1: 0, y1: 0, area: 0 };
    seen[start] = 1;
    stack.push(start);
    let tooLarge = false;
    pixels.length = 0;
    while (stack.length) {
      const at = stack.pop()!;
      if (large) pixels.push(at);
      const x = at % width;
      const y = (at - x) / width;
      blob.area += 1;
      if (x < blob.x0) blob.x0 = x;
      if (x > blob.x1) blob.x1 = x;
      if (y < blob.y0) blob.y0 = y;
      if (y > blob.y1) blob.y1 = y;
      if (blob.x1 - blob.x0 > largest || blob.y1 - blob.y0 > largest) tooLarge = true;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (!seen[next] && data[next]! < ink) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    if (!tooLarge) blobs.push(blob);
    else if (large) for (const at of pixels) large[at] = 1;
  }
  return blobs;
}

interface Dot extends Blob {
  cx: number;
  cy: number;
}

/**
 * The dots near each band of rows a sixth of a line tall (its own and the bands above and below),
 * in order of x: a chain looks only at these, not at every dot across the page's height.
 */
function nearBands(dots: readonly Dot[], band: number): Map<number, number[]> {
  const bands = new Map<number, number[]>();
  dots.forEach((dot, index) => {
    const key = Math.floor(dot.cy / band);
    for (const each of [key - 1, key, key + 1]) {
      const list = bands.get(each);
      if (list) list.push(index);
      else bands.set(each, [index]);
    }
  });
  return bands;
}

/** The first position in `sorted` holding a number above `value`. */
function after(sorted: readonly number[], value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The longest chain from `first` rightwards at a steady spacing. On a grainy page specks lie on
 * the leader's line too, so the spacing is tried from each of the first few dots beside it, a
 * speck between two of the leader's dots is passed over, and so is a dot lost (a gap of two).
 * The spacing is the chain's mean so far, so a dot that a speck joined, off by a pixel, does not
 * set it. `near` holds the dots about `first`'s line, in order of x.
 */
function longestChain(dots: readonly Dot[], near: readonly number[], first: number, used: ReadonlySet<number>, lineHeight: number, steady: number): number[] {
  const start = dots[first]!;
  const from = after(near, first);
  const onLine = (index: number) => !used.has(index) && Math.abs(dots[index]!.cy - start.cy) <= lineHeight * 0.15;
  const seconds: number[] = [];
  for (let at = from; at < near.length && seconds.length < 3 && dots[near[at]!]!.cx - start.cx <= lineHeight * 1.2; at += 1)
    if (onLine(near[at]!)) seconds.push(at);
  let best = [first];
  for (const second of seconds) {
    const chain = [first, near[second]!];
    let spacing = dots[near[second]!]!.cx - start.cx;
    let span = 1;
    for (let at = second + 1; at < near.length; at += 1) {
      const next = near[at]!;
      const last = dots[chain.at(-1)!]!;
      const gap = dots[next]!.cx - last.cx;
      if (gap > 2 * spacing * (1 + steady) + 1) break;
      if (gap <= 0 || !onLine(next)) continue;
      const steps = Math.round(gap / spacing);
      if (steps >= 1 && steps <= 2 && Math.abs(gap - steps * spacing) <= spacing * steady && Math.abs(dots[next]!.cy - last.cy) <= lineHeight * 0.12) {
        chain.push(next);
        span += steps;
        spacing = (dots[next]!.cx - start.cx) / span;
      }
    }
    if (chain.length > best.length) best = chain;
  }
  return best;
}

/** Whether a chain's dots lie at most `widest` lines apart and half of them cover a square `smallest` of a line across. */
function leaderLike(chain: readonly Dot[], lineHeight: number, widest: number, smallest: number): boolean {
  const spacing = (chain.at(-1)!.cx - chain[0]!.cx) / (chain.length - 1);
  const areas = chain.map((dot) => dot.area).sort((a, b) => a - b);
  return spacing <= widest * lineHeight && areas[areas.length >> 1]! >= (smallest * lineHeight) ** 2;
}

/** Whether any of a blob's ink lies in a larger shape of paler ink (marked in `paler`). */
function partOfLarger(blob: Blob, data: Uint8Array, width: number, ink: number, paler: Uint8Array): boolean {
  for (let y = blob.y0; y <= blob.y1; y += 1) for (let x = blob.x0; x <= blob.x1; x += 1) if (data[y * width + x]! < ink && paler[y * width + x]) return true;
  return false;
}

/** Wipes the dot leaders of a page whose lines of text are about `lineHeight` pixels tall, in place; answers how many. */
export function wipeLeaders(data: Uint8Array, width: number, height: number, lineHeight: number): number {
  return PASSES.reduce((wiped, pass) => wiped + wipePass(data, width, height, lineHeight, pass), 0);
}

function wipePass(
  data: Uint8Array,
  width: number,
  height: number,
  lineHeight: number,
  { ink, least, steady, widest, smallest }: (typeof PASSES)[number],
): number {
  const largest = Math.max(2, Math.round(lineHeight * 0.22));
  // Small grey print (a duration set small beside the name) breaks at dark ink into fragments as
  // small and as evenly spaced as a leader's dots; taken paler, its letters join up again, larger
  // than any dot. So a dark blob is a dot only where the paler ink holds no larger shape (layouts
  // apart, tuning layout banded-two-column-leaders, photo T7-27: its "20 minutes" wiped to "20 mi es").
  const paler = new Uint8Array(width * height);
  if (ink < PALEST) smallBlobs(data, width, height, largest, PALEST, paler);
  const dots = smallBlobs(data, width, height, largest, ink)
    .filter((blob) => !partOfLarger(blob, data, width, ink, paler))
    .filter((blob) => {
      const w = blob.x1 - blob.x0 + 1;
      const h = blob.y1 - blob.y0 + 1;
      return blob.area >= 3 && w <= h * 2 && h <= w * 2 && blob.area >= w * h * 0.4;
    })
    .map((blob) => ({ ...blob, cx: (blob.x0 + blob.x1) / 2, cy: (blob.y0 + blob.y1) / 2 }))
    .sort((a, b) => a.cx - b.cx);
  const band = lineHeight * 0.15;
  const near = nearBands(dots, band);
  const used = new Set<number>();
  let wiped = 0;
  for (let first = 0; first < dots.length; first += 1) {
    if (used.has(first)) continue;
    const chain = longestChain(dots, near.get(Math.floor(dots[first]!.cy / band))!, first, used, lineHeight, steady);
    if (
      chain.length < least ||
      !leaderLike(
        chain.map((index) => dots[index]!),
        lineHeight,
        widest,
        smallest,
      )
    )
      continue;
    // The dot's soft edge (lighter than the ink threshold) goes too.
    const edge = Math.max(1, Math.round(lineHeight * 0.07));
    for (const index of chain) {
      used.add(index);
      const dot = dots[index]!;
      for (let y = Math.max(0, dot.y0 - edge); y <= Math.min(height - 1, dot.y1 + edge); y += 1) {
        for (let x = Math.max(0, dot.x0 - edge); x <= Math.min(width - 1, dot.x1 + edge); x += 1) data[y * width + x] = 255;
      }
    }
    wiped += 1;
  }
  return wiped;
}
