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

/** A word's box and text, for measuring the rows' slant from the words' baselines. */
export interface BoxedWord extends PlacedWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** Letters and signs that reach below the baseline: a word holding one has no bottom on it. */
const DESCENDS = /[gjpqyQ,;()[\]{}|@$]/;

/** A slant measured along a stretch of one row: where, how steep, and how far it was measured over. */
interface Sample {
  x: number;
  y: number;
  slope: number;
  span: number;
}

/**
 * Slants measured where the words leave no doubt that they share a row: the run of words of one
 * cell of one of tesseract's lines (neighbours closer than a gap between cells), their bottoms on
 * the baseline (no letter reaching below it), fitted by least squares, over at least two letter
 * heights. A cell's words are side by side in print, so unlike tesseract's whole lines (which may
 * join two rows of a slanted page) they never mix rows.
 */
function cellSamples(words: readonly BoxedWord[], height: number): Sample[] {
  const samples: Sample[] = [];
  for (const line of byLine(words).values()) {
    const sorted = (line as BoxedWord[]).filter((word) => word.h >= height * 0.6 && word.h <= height * 1.6).sort((a, b) => a.bbox.x0 - b.bbox.x0);
    let run: BoxedWord[] = [];
    const measure = () => {
      const points = run.filter((word) => !DESCENDS.test(word.text)).map((word) => ({ x: word.cx, y: word.bbox.y1 }));
      run = [];
      if (points.length < 2) return;
      const span = points.at(-1)!.x - points[0]!.x;
      if (span < height * 2) return;
      const mx = points.reduce((sum, point) => sum + point.x, 0) / points.length;
      const my = points.reduce((sum, point) => sum + point.y, 0) / points.length;
      const slope = points.reduce((sum, point) => sum + (point.x - mx) * (point.y - my), 0) / points.reduce((sum, point) => sum + (point.x - mx) ** 2, 0);
      if (Math.abs(slope) < 0.3) samples.push({ x: mx, y: my, slope, span });
    };
    for (const word of sorted) {
      const last = run.at(-1);
      if (last && word.bbox.x0 - last.bbox.x1 > height * 1.5) measure();
      run.push(word);
    }
    measure();
  }
  return samples;
}

/** Solves the 3×3 system `m · v = r` (Cramer's rule); null when it is singular. */
function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const whole = det(m);
  if (Math.abs(whole) < 1e-12) return null;
  const column = (index: number) => det(m.map((row, i) => row.map((value, j) => (j === index ? r[i]! : value))));
  return [column(0) / whole, column(1) / whole, column(2) / whole];
}

/**
 * The rows' slant at every point of the page (dy per dx), as a plane over it: a page straightened
 * by its corners (or not found) keeps some perspective, and a curled one bends, so its rows fan
 * out and their slant changes across the page (0.01 at the top of a page and 0.03 at its foot, or
 * from its left column to its right). Fitted to the slants measured within cells (`cellSamples`)
 * and along whole lines that follow one row, each weighted by how far it was measured over, with
 * the samples far off the first fit left out of the second. Where too few samples cover the page
 * to fit a plane, the slant is one for the whole page, their weighted median.
 */
export function slopeField(words: readonly BoxedWord[], height: number, page: number): (x: number, y: number) => number {
  const samples = cellSamples(words, height);
  for (const [line, slope] of lineSlants(words, height, page)) {
    const each = words.filter((word) => word.line === line);
    const xs = each.map((word) => word.cx);
    samples.push({
      x: xs.reduce((sum, x) => sum + x, 0) / xs.length,
      y: each.reduce((sum, word) => sum + word.cy, 0) / each.length,
      slope,
      span: Math.max(...xs) - Math.min(...xs),
    });
  }
  const weightOf = (sample: Sample) => Math.min(sample.span, height * 20) ** 2;
  const weightedMedian = (list: Sample[]) => {
    const sorted = [...list].sort((a, b) => a.slope - b.slope);
    const half = sorted.reduce((sum, sample) => sum + weightOf(sample), 0) / 2;
    let seen = 0;
    for (const sample of sorted) if ((seen += weightOf(sample)) >= half) return sample.slope;
    return page;
  };
  if (samples.length < 3) return () => (samples.length ? weightedMedian(samples) : page);
  const constant = weightedMedian(samples);
  const xs = samples.map((sample) => sample.x);
  const ys = samples.map((sample) => sample.y);
  const [mx, my] = [median(xs), median(ys)];
  const [spreadX, spreadY] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
  if (samples.length < 8 || (spreadX < height * 10 && spreadY < height * 6)) return () => constant;
  const fit = (list: Sample[]) => {
    const m = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const r = [0, 0, 0];
    for (const sample of list) {
      const w = weightOf(sample);
      const v = [1, spreadX > height * 10 ? (sample.x - mx) / 1000 : 0, spreadY > height * 6 ? (sample.y - my) / 1000 : 0];
      for (let i = 0; i < 3; i += 1) {
        r[i]! += w * v[i]! * sample.slope;
        for (let j = 0; j < 3; j += 1) m[i]![j]! += w * v[i]! * v[j]!;
      }
    }
    // A direction the samples do not span stays flat.
    for (let i = 1; i < 3; i += 1) if (m[i]![i] === 0) m[i]![i] = 1;
    return solve3(m, r);
  };
  const at = (p: [number, number, number]) => (x: number, y: number) => p[0] + (p[1] * (x - mx)) / 1000 + (p[2] * (y - my)) / 1000;
  const first = fit(samples);
  if (!first) return () => constant;
  const residuals = samples.map((sample) => Math.abs(sample.slope - at(first)(sample.x, sample.y)));
  const limit = Math.max(0.01, 3 * 1.4826 * median(residuals));
  const second = fit(samples.filter((_, index) => residuals[index]! <= limit));
  if (!second) return () => constant;
  const field = at(second);
  // A plane that tilts the rows beyond any photo's within the page is a poor fit: one slant then.
  const corners = [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.min(...ys)],
    [Math.min(...xs), Math.max(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ];
  if (corners.some(([x, y]) => Math.abs(field(x!, y!)) > 0.3)) return () => constant;
  return field;
}

/**
 * Where a word's row meets the upright line at `reference`: its centre carried along the slope
 * field (midpoint steps of at most `step` px), so two words of one row, however far apart and
 * however the rows fan out, arrive at one height.
 */
export function levelAlong(field: (x: number, y: number) => number, x: number, y: number, reference: number, step: number): number {
  const steps = Math.max(1, Math.ceil(Math.abs(reference - x) / step));
  const dx = (reference - x) / steps;
  let [px, py] = [x, y];
  for (let index = 0; index < steps; index += 1) {
    const mid = py + (field(px, py) * dx) / 2;
    py += field(px + dx / 2, mid) * dx;
    px += dx;
  }
  return py;
}
