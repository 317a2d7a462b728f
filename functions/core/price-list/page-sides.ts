import { area, plausible } from './page-shape.js';
import type { Point } from './perspective.js';

/**
 * The page's four sides as straight edges around its print: a second way to find a page, for
 * when growing a region from the print gives none (find-page.ts), mostly because it leaks out.
 * On a striped table, or where a shadow band crosses the page's edge, the edge fades for a few
 * pixels somewhere and the region runs out through the gap; a straight line along the edge still
 * finds the rest of it.
 *
 * Each side is looked for beyond most of the print (`INSIDE`), square to where it would lie on a
 * page turned up to SWING degrees or seen at a slant: every line there is scored by how steeply
 * the brightness changes across it, along the stretch the print spans, and the steepest is the
 * side. Not beyond all of the print: a ribbed or striped table reads as ink too, and its cells
 * would push a side off the page.
 */

/** Degrees a side may be turned from level or upright: a photo turned 8° and seen 10% shorter at its far edge. */
const SWING = 20;
/**
 * Share of the print's cells a side must have inside it. On 154 hard tuning photos whose page's
 * corners are known, sides alone (the region ignored) found 78 pages with 0.95, 122 with 0.8, 148
 * with 0.7 and 152 with 0.5, none of them more than 4 px (of 480) out; on 60 photos of every band,
 * 32 with 0.95 and 58 with 0.7. Not lower: a side is looked for outside most of the print, away
 * from whatever strong edge a page may have printed on it.
 */
const INSIDE = 0.7;
/** Mean change of log brightness across a side (per pixel, as the Sobel operator measures it) below which no side stands out. */
const STEEP = 0.05;
/** Share of a side's stretch that must lie in the picture. */
const IN_PICTURE = 0.6;
/**
 * A page's edge stands out about as much all round: its weakest side at least this share of the
 * middle two. On the hard band of seven seeds, sides found this way were within 3 px (of 480) of
 * the true page on every photo whose weakest side reached 0.66 of the others; every one with a
 * corner 7–31 px out had a side under 0.4, a shadow's or the table's edge taken for the page's.
 */
const EVEN = 0.5;

export interface LogGradient {
  /** Change of log brightness to the right and downwards at each pixel. */
  gx: Float32Array;
  gy: Float32Array;
}

interface Side {
  normal: Point;
  offset: number;
  /** Mean change of log brightness across it. */
  steepness: number;
}

/** At a fraction of the sorted values. */
const at = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

function steepestSide({ gx, gy }: LogGradient, width: number, height: number, print: Point[], facing: number): Side | null {
  let best: Side | null = null;
  for (let swing = -SWING; swing <= SWING; swing += 1) {
    const angle = ((facing + swing) * Math.PI) / 180;
    const normal = { x: Math.cos(angle), y: Math.sin(angle) };
    const along = { x: -normal.y, y: normal.x };
    const reach = at(
      print.map(({ x, y }) => x * normal.x + y * normal.y).sort((a, b) => a - b),
      INSIDE,
    );
    const stretch = print.map(({ x, y }) => x * along.x + y * along.y).sort((a, b) => a - b);
    const [from, to] = [at(stretch, 0.1), at(stretch, 0.9)];
    // As far as the picture's farthest corner that way.
    const farthest = Math.max(0, width * normal.x) + Math.max(0, height * normal.y);
    for (let offset = reach + 3; offset <= farthest; offset += 1) {
      let sum = 0;
      let count = 0;
      for (let t = from; t <= to; t += 1) {
        const x = Math.round(offset * normal.x + t * along.x);
        const y = Math.round(offset * normal.y + t * along.y);
        if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
        const index = y * width + x;
        sum += Math.abs(gx[index]! * normal.x + gy[index]! * normal.y);
        count += 1;
      }
      if (count === 0 || count < (to - from + 1) * IN_PICTURE) continue;
      if (!best || sum / count > best.steepness) best = { normal, offset, steepness: sum / count };
    }
  }
  return best && best.steepness >= STEEP ? best : null;
}

/** Where two sides meet. */
function meet(a: Side, b: Side): Point | null {
  const determinant = a.normal.x * b.normal.y - a.normal.y * b.normal.x;
  if (Math.abs(determinant) < 1e-6) return null;
  return { x: (a.offset * b.normal.y - b.offset * a.normal.y) / determinant, y: (a.normal.x * b.offset - b.normal.x * a.offset) / determinant };
}

/** The page's corners (top-left, top-right, bottom-right, bottom-left) from its sides around the print, or null. */
export function pageFromSides(gradient: LogGradient, width: number, height: number, print: Point[], oblique = false): Point[] | null {
  if (print.length < 8) return null;
  // Facing up, right, down and left.
  const sides = [-90, 0, 90, 180].map((facing) => steepestSide(gradient, width, height, print, facing));
  if (sides.some((side) => side === null)) return null;
  const [top, right, bottom, left] = sides as [Side, Side, Side, Side];
  const steepness = (sides as Side[]).map((side) => side.steepness).sort((a, b) => a - b);
  if (steepness[0]! < EVEN * ((steepness[1]! + steepness[2]!) / 2)) return null;
  const corners = [meet(left, top), meet(top, right), meet(right, bottom), meet(bottom, left)];
  if (corners.some((corner) => corner === null)) return null;
  const quad = corners as Point[];
  // No region was grown to compare the sides with: the quadrilateral is its own.
  return plausible(quad, width, height, area(quad), oblique) ? quad : null;
}
