import { inkOf } from './deskew.js';

/**
 * Rows straightened by the text's own geometry before OCR. A page photographed leaning back and
 * sideways, or curled, keeps its perspective when its corners are not found (its edge off the
 * frame, or lost in the table): its rows fan out, one slant at the top and another at the foot or
 * across, and tesseract, which reads a line along one straight baseline, loses them. Here the
 * slant of the lines is measured in tiles over the page (a projection profile of the letters'
 * ink in each, as deskew.ts does for the whole page), a plane is fitted to those slants, and each
 * row of the picture is drawn along the curve that plane gives through it, so every line of text
 * comes out level.
 */
export interface RowField {
  /** Slant (dy per dx) at the middle of the measured print… */
  slope: number;
  /** …and its change per pixel across and down, in the measured picture's pixels. */
  perX: number;
  perY: number;
  x: number;
  y: number;
}

interface TileSlant {
  x: number;
  y: number;
  slope: number;
  weight: number;
}

/** Degrees searched either side of level in each tile (the page is deskewed as a whole first). */
const SEARCH = 8;

/**
 * Whether a profile (ink per row of a tile, at its best angle) shows lines of text: two or more
 * runs of ink as tall as letters. A table's planks, a tile's grout or a rule make thin runs, and
 * would set the slant to their own.
 */
function linesOfText(bins: Float64Array, lineHeight: number): boolean {
  const top = Math.max(...bins);
  let [runs, length] = [0, 0];
  for (let index = 0; index <= bins.length; index += 1) {
    if (index < bins.length && bins[index]! > top * 0.15) length += 1;
    else {
      if (length >= lineHeight * 0.35 && length <= lineHeight * 2) runs += 1;
      length = 0;
    }
  }
  return runs >= 2;
}

/** The slant of the ink in one tile by projection profile, and how sharply it stands out. */
function tileSlant(
  xs: Float32Array,
  ys: Float32Array,
  indices: number[],
  x0: number,
  y0: number,
  size: { width: number; height: number },
  lineHeight: number,
): TileSlant | null {
  if (indices.length < 120) return null;
  const offset = size.width * Math.sin((SEARCH * Math.PI) / 180) + 2;
  const bins = new Float64Array(Math.ceil(size.height + 2 * offset));
  const score = (degrees: number) => {
    const angle = (degrees * Math.PI) / 180;
    const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
    bins.fill(0);
    for (const index of indices) {
      const bin = Math.round((ys[index]! - y0) * cos - (xs[index]! - x0) * sin + offset);
      if (bin >= 0 && bin < bins.length) bins[bin]! += 1;
    }
    let sum = 0;
    for (let index = 1; index < bins.length; index += 1) sum += (bins[index]! - bins[index - 1]!) ** 2;
    return sum;
  };
  let best = { angle: 0, score: -1 };
  let total = 0;
  let count = 0;
  for (let angle = -SEARCH; angle <= SEARCH; angle += 0.5) {
    const each = score(angle);
    total += each;
    count += 1;
    if (each > best.score) best = { angle, score: each };
  }
  const coarse = best.angle;
  for (let angle = coarse - 0.5; angle <= coarse + 0.5 + 1e-9; angle += 0.1) {
    const each = score(angle);
    if (each > best.score) best = { angle, score: each };
  }
  // A tile of lines has one angle that stands far above the rest; a tile of specks has none.
  const standsOut = best.score / (total / count);
  if (standsOut < 1.6 || Math.abs(best.angle) >= SEARCH - 0.5) return null;
  score(best.angle);
  if (!linesOfText(bins, lineHeight)) return null;
  return { x: x0 + size.width / 2, y: y0 + size.height / 2, slope: Math.tan((best.angle * Math.PI) / 180), weight: indices.length * (standsOut - 1) };
}

/**
 * The rows' slant over a picture (grey, evened, lines about `lineHeight` px tall), as a plane, or
 * null when too few tiles of print measured it or their slants agree on one angle (nothing to
 * straighten beyond what deskewing did).
 */
export function rowField(data: Uint8Array, width: number, height: number, lineHeight: number): RowField | null {
  const { xs, ys } = inkOf(data, width, height, lineHeight);
  const size = { width: Math.round(lineHeight * 14), height: Math.round(lineHeight * 7) };
  const cells = new Map<string, number[]>();
  // Tiles overlapping by half: each ink pixel falls in up to four.
  const [stepX, stepY] = [size.width / 2, size.height / 2];
  for (let index = 0; index < xs.length; index += 1) {
    const [column, row] = [Math.floor(xs[index]! / stepX), Math.floor(ys[index]! / stepY)];
    for (const [c, r] of [
      [column, row],
      [column - 1, row],
      [column, row - 1],
      [column - 1, row - 1],
    ]) {
      if (c! < 0 || r! < 0) continue;
      const key = `${c},${r}`;
      const list = cells.get(key);
      if (list) list.push(index);
      else cells.set(key, [index]);
    }
  }
  const tiles: TileSlant[] = [];
  for (const [key, indices] of cells) {
    const [c, r] = key.split(',').map(Number) as [number, number];
    const tile = tileSlant(xs, ys, indices, c * stepX, r * stepY, size, lineHeight);
    if (tile) tiles.push(tile);
  }
  if (tiles.length < 6) return null;
  const fit = (list: TileSlant[]) => {
    const weight = list.reduce((sum, tile) => sum + tile.weight, 0);
    const [mx, my] = [list.reduce((sum, tile) => sum + tile.weight * tile.x, 0) / weight, list.reduce((sum, tile) => sum + tile.weight * tile.y, 0) / weight];
    let [sxx, sxy, syy, sxs, sys, ss] = [0, 0, 0, 0, 0, 0];
    for (const tile of list) {
      const [dx, dy] = [tile.x - mx, tile.y - my];
      sxx += tile.weight * dx * dx;
      sxy += tile.weight * dx * dy;
      syy += tile.weight * dy * dy;
      sxs += tile.weight * dx * tile.slope;
      sys += tile.weight * dy * tile.slope;
      ss += tile.weight * tile.slope;
    }
    const det = sxx * syy - sxy * sxy;
    const [perX, perY] = det > 1e-9 ? [(sxs * syy - sys * sxy) / det, (sys * sxx - sxs * sxy) / det] : [0, 0];
    return { slope: ss / weight, perX, perY, x: mx, y: my };
  };
  const at = (field: RowField, x: number, y: number) => field.slope + field.perX * (x - field.x) + field.perY * (y - field.y);
  const first = fit(tiles);
  const residuals = tiles.map((tile) => Math.abs(tile.slope - at(first, tile.x, tile.y)));
  const spread = [...residuals].sort((a, b) => a - b)[Math.floor(residuals.length / 2)]!;
  const kept = tiles.filter((_, index) => residuals[index]! <= Math.max(0.008, 3 * 1.4826 * spread));
  if (kept.length < 6) return null;
  const field = fit(kept);
  // Nothing to straighten when the slant hardly changes over the print.
  const slants = kept.map((tile) => at(field, tile.x, tile.y));
  if (Math.max(...slants) - Math.min(...slants) < 0.012 && Math.abs(field.slope) < 0.006) return null;
  return field;
}

/**
 * The picture redrawn so the rows the field describes run level: output row y follows, in the
 * picture, the curve through (middle, y) along the field (measured on a copy `scale` times this
 * picture's size), sampled every KNOT pixels across and blended between. What falls outside the
 * picture is white.
 */
const KNOT = 16;

export function straightenRows(data: Uint8Array, width: number, height: number, field: RowField, scale: number): Uint8Array {
  const slopeAt = (x: number, y: number) => field.slope + field.perX * (x * scale - field.x) + field.perY * (y * scale - field.y);
  const knots = Math.ceil(width / KNOT) + 1;
  const middle = Math.min(knots - 1, Math.round(field.x / scale / KNOT));
  const out = new Uint8Array(width * height).fill(255);
  const sourceY = new Float64Array(knots);
  for (let y = 0; y < height; y += 1) {
    sourceY[middle] = y;
    for (let k = middle + 1; k < knots; k += 1) {
      const [x, previous] = [(k - 1) * KNOT, sourceY[k - 1]!];
      const half = previous + (slopeAt(x, previous) * KNOT) / 2;
      sourceY[k] = previous + slopeAt(x + KNOT / 2, half) * KNOT;
    }
    for (let k = middle - 1; k >= 0; k -= 1) {
      const [x, previous] = [(k + 1) * KNOT, sourceY[k + 1]!];
      const half = previous - (slopeAt(x, previous) * KNOT) / 2;
      sourceY[k] = previous - slopeAt(x - KNOT / 2, half) * KNOT;
    }
    for (let x = 0; x < width; x += 1) {
      const k = Math.min(knots - 2, Math.floor(x / KNOT));
      const sy = sourceY[k]! + ((sourceY[k + 1]! - sourceY[k]!) * (x - k * KNOT)) / KNOT;
      const y0 = Math.floor(sy);
      if (y0 < 0 || y0 >= height - 1) continue;
      const fy = sy - y0;
      out[y * width + x] = Math.round(data[y0 * width + x]! * (1 - fy) + data[(y0 + 1) * width + x]! * fy);
    }
  }
  return out;
}
