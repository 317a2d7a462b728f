import { filter } from './filters.js';
import { plausible } from './page-shape.js';
import { pageFromSides, type LogGradient } from './page-sides.js';
import type { Point } from './perspective.js';

/**
 * Where the page is in a photo of it: its corners (top-left, top-right, bottom-right, bottom-left),
 * or null when no page stands out (a scan that is all page, or an edge lost in what it lies on).
 *
 * Works on a small greyscale copy (about 480 px across). The text is closed away first (a max
 * then a min filter wider than a line), leaving the paper as a smooth bright region. The page is
 * then what can be reached from the text without crossing a sharp edge in the logarithm of the
 * brightness: uneven light and soft shadows change brightness slowly, the page's own edge changes
 * it at once, whatever the light there. The region's outline gives four sides, each fitted as a
 * straight line through its own points, and the corners where they meet; a quadrilateral no
 * phone could see a page as (see `plausible`) is tried again (`TRIES`). When no try gives a
 * page (mostly because the region leaks out through a gap in the page's edge at every one), the
 * sides are looked for as straight edges around the text instead (page-sides.ts); failing that,
 * no page is found.
 */

/** Change of log brightness at each pixel (a Sobel operator over a 3×3 neighbourhood): rightwards, downwards and steepest. */
function logGradient(data: Uint8Array, width: number, height: number): LogGradient & { edges: Float32Array } {
  const log = Float32Array.from(data, (value) => Math.log(value + 8));
  const [gx, gy, edges] = [new Float32Array(data.length), new Float32Array(data.length), new Float32Array(data.length)];
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const [nw, n, ne, w, e, sw, s, se] = [
        log[i - width - 1]!,
        log[i - width]!,
        log[i - width + 1]!,
        log[i - 1]!,
        log[i + 1]!,
        log[i + width - 1]!,
        log[i + width]!,
        log[i + width + 1]!,
      ];
      const [across, down] = [ne + 2 * e + se - nw - 2 * w - sw, sw + 2 * s + se - nw - 2 * n - ne];
      gx[i] = across / 8;
      gy[i] = down / 8;
      edges[i] = Math.hypot(across, down) / 8;
    }
  }
  return { gx, gy, edges };
}

/**
 * The pixels reachable from any of the seeds without crossing an edge steeper than `limit`, each
 * seed's region kept only when it stays off the picture's border (the table or wall around the
 * page always reaches it). A shadow's edge across the page cuts it in two; the seeds on either
 * side find both halves.
 */
function regionFromSeeds(edges: Float32Array, width: number, height: number, seeds: number[], limit: number): Uint8Array {
  const inside = new Uint8Array(width * height);
  const mark = new Int32Array(width * height);
  const stack: number[] = [];
  seeds.forEach((seed, index) => {
    const label = index + 1;
    if (mark[seed] || edges[seed]! >= limit) return;
    const reached: number[] = [];
    let border = false;
    mark[seed] = label;
    stack.push(seed);
    while (stack.length) {
      const at = stack.pop()!;
      reached.push(at);
      const x = at % width;
      const y = (at - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) {
        border = true;
        continue;
      }
      for (let side = 0; side < 4; side += 1) {
        const next = side === 0 ? at - 1 : side === 1 ? at + 1 : side === 2 ? at - width : at + width;
        if (!mark[next] && edges[next]! < limit) {
          mark[next] = label;
          stack.push(next);
        }
      }
    }
    if (!border && reached.length > width * height * 0.005) for (const at of reached) inside[at] = 1;
  });
  return inside;
}

/** The region with the cracks between its parts closed and its holes filled. */
function solid(inside: Uint8Array, width: number, height: number): Uint8Array {
  const closed = filter(filter(inside, width, height, 3, 'max'), width, height, 3, 'min');
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let x = 0; x < width; x += 1) stack.push(x, (height - 1) * width + x);
  for (let y = 0; y < height; y += 1) stack.push(y * width, y * width + width - 1);
  while (stack.length) {
    const at = stack.pop()!;
    if (outside[at] || closed[at]) continue;
    outside[at] = 1;
    const x = at % width;
    if (x > 0) stack.push(at - 1);
    if (x < width - 1) stack.push(at + 1);
    if (at >= width) stack.push(at - width);
    if (at < (height - 1) * width) stack.push(at + width);
  }
  return outside.map((value) => 1 - value);
}

/** Seeds on the text: cells of a grid holding ink (darker than the closed ground around it). */
function textSeeds(data: Uint8Array, closed: Uint8Array, edges: Float32Array, width: number, height: number): number[] {
  const cells = 16;
  const seeds: number[] = [];
  for (let row = 0; row < cells; row += 1) {
    for (let column = 0; column < cells; column += 1) {
      let ink = 0;
      let calm = -1;
      for (let y = Math.floor((row * height) / cells); y < Math.floor(((row + 1) * height) / cells); y += 1) {
        for (let x = Math.floor((column * width) / cells); x < Math.floor(((column + 1) * width) / cells); x += 1) {
          const at = y * width + x;
          if (closed[at]! - data[at]! > Math.max(18, closed[at]! * 0.25)) ink += 1;
          if (calm < 0 || edges[at]! < edges[calm]!) calm = at;
        }
      }
      if (ink >= 3 && calm >= 0) seeds.push(calm);
    }
  }
  return seeds;
}

/** A straight line through points: a point on it and its direction (principal axis). */
function fitLine(points: Point[]): { at: Point; direction: Point } {
  const mean = points.reduce((sum, point) => ({ x: sum.x + point.x / points.length, y: sum.y + point.y / points.length }), { x: 0, y: 0 });
  let xx = 0;
  let xy = 0;
  let yy = 0;
  for (const { x, y } of points) {
    xx += (x - mean.x) ** 2;
    xy += (x - mean.x) * (y - mean.y);
    yy += (y - mean.y) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { at: mean, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

function meet(a: Line, b: Line): Point | null {
  const cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(cross) < 1e-6) return null;
  const t = ((b.at.x - a.at.x) * b.direction.y - (b.at.y - a.at.y) * b.direction.x) / cross;
  return { x: a.at.x + t * a.direction.x, y: a.at.y + t * a.direction.y };
}

type Line = ReturnType<typeof fitLine>;

/**
 * A side fitted to the region's outline lies a pixel or two inside the page (the region stops
 * where the edge begins): it is moved out along its normal to where the edge is steepest.
 */
function ontoEdge(side: Line, from: Point, to: Point, middle: Point, edges: Float32Array, width: number, height: number): Line {
  let normal = { x: -side.direction.y, y: side.direction.x };
  if ((side.at.x - middle.x) * normal.x + (side.at.y - middle.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y };
  let best = { offset: 0, strength: -1 };
  for (let offset = -2; offset <= 6; offset += 0.5) {
    let strength = 0;
    for (let t = 0.1; t <= 0.9; t += 0.02) {
      const x = Math.round(from.x + (to.x - from.x) * t + normal.x * offset);
      const y = Math.round(from.y + (to.y - from.y) * t + normal.y * offset);
      if (x >= 0 && y >= 0 && x < width && y < height) strength += edges[y * width + x]!;
    }
    if (strength > best.strength) best = { offset, strength };
  }
  return { at: { x: side.at.x + normal.x * best.offset, y: side.at.y + normal.y * best.offset }, direction: side.direction };
}

/** The corners of the region's outline: rough ones from its extremes, then each side fitted as a line. */
function cornersOf(inside: Uint8Array, edges: Float32Array, width: number, height: number): Point[] | null {
  const outline: Point[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inside[y * width + x]) continue;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return null; // it runs off the picture
      if (!inside[y * width + x - 1] || !inside[y * width + x + 1] || !inside[(y - 1) * width + x] || !inside[(y + 1) * width + x]) outline.push({ x, y });
    }
  }
  if (outline.length < 40) return null;
  const extreme = (score: (point: Point) => number) => outline.reduce((best, point) => (score(point) > score(best) ? point : best));
  const rough = [extreme((p) => -p.x - p.y), extreme((p) => p.x - p.y), extreme((p) => p.x + p.y), extreme((p) => -p.x + p.y)];
  const middle = { x: rough.reduce((sum, point) => sum + point.x / 4, 0), y: rough.reduce((sum, point) => sum + point.y / 4, 0) };
  const sides = rough.map((from, index) => {
    const to = rough[(index + 1) % 4]!;
    const length = Math.hypot(to.x - from.x, to.y - from.y);
    // The side's own points: near the segment, away from the (rounded) corners.
    const points = outline.filter((point) => {
      const t = ((point.x - from.x) * (to.x - from.x) + (point.y - from.y) * (to.y - from.y)) / (length * length);
      const distance = Math.abs((point.x - from.x) * (to.y - from.y) - (point.y - from.y) * (to.x - from.x)) / length;
      return t > 0.1 && t < 0.9 && distance < Math.max(3, length * 0.03);
    });
    return points.length >= 8 ? ontoEdge(fitLine(points), from, to, middle, edges, width, height) : null;
  });
  if (sides.some((side) => side === null)) return null;
  const corners = sides.map((side, index) => meet(sides[(index + 3) % 4]!, side!));
  return corners.every((corner) => corner !== null) ? (corners as Point[]) : null;
}

/**
 * Edge limits tried in turn. Where a shadow band crosses the page's edge on a pale surface, the
 * edge fades over a few pixels and the region leaks out there at every limit: then the edges are
 * widened by `gap` pixels, which closes such a gap, and the region grown back by as much.
 */
const TRIES = [
  [0.05, 0],
  [0.035, 0],
  [0.08, 0],
  [0.05, 2],
  [0.05, 4],
  [0.04, 3],
  [0.04, 5],
  [0.035, 5],
] as const;

/** Whether a point lies inside a convex quadrilateral. */
const within = (corners: Point[], { x, y }: Point) =>
  new Set(corners.map((a, index) => Math.sign((corners[(index + 1) % 4]!.x - a.x) * (y - a.y) - (corners[(index + 1) % 4]!.y - a.y) * (x - a.x)))).size === 1;

/** The region grown from the seeds up to edges of `limit`, those edges first widened by `gap` pixels (and the region grown back by as much). */
function regionAt(edges: Float32Array, width: number, height: number, seeds: number[], limit: number, gap: number): Uint8Array {
  if (!gap) return regionFromSeeds(edges, width, height, seeds, limit);
  const walls = Float32Array.from(
    filter(
      Uint8Array.from(edges, (edge) => (edge >= limit ? 1 : 0)),
      width,
      height,
      gap,
      'max',
    ),
  );
  return filter(regionFromSeeds(walls, width, height, seeds, 0.5), width, height, gap, 'max');
}

/** The page's corners in a small greyscale picture, or null. */
export function findPage(data: Uint8Array, width: number, height: number): Point[] | null {
  const closed = filter(filter(data, width, height, 4, 'max'), width, height, 4, 'min');
  const gradient = logGradient(closed, width, height);
  const { edges } = gradient;
  const seeds = textSeeds(data, closed, edges, width, height);
  const print = seeds.map((seed) => ({ x: seed % width, y: Math.floor(seed / width) }));
  // Each try's region is grown once, when first asked for.
  const regions: { gap: number; corners: Point[] | null; regionArea: number }[] = [];
  const region = (index: number) => {
    const [limit, gap] = TRIES[index]!;
    const inside = solid(regionAt(edges, width, height, seeds, limit, gap), width, height);
    return (regions[index] ??= { gap, corners: cornersOf(inside, edges, width, height), regionArea: inside.reduce((sum, value) => sum + value, 0) });
  };
  // A page seen from one side first, then one seen from a corner (page-shape.ts).
  for (const oblique of [false, true]) {
    for (let index = 0; index < TRIES.length; index += 1) {
      const { gap, corners, regionArea } = regions[index] ?? region(index);
      if (!corners || !plausible(corners, width, height, regionArea, oblique)) continue;
      // Widened edges can wall a shadow's edge off as a side, leaving the print beyond it outside.
      if (!gap || print.filter((point) => within(corners, point)).length >= print.length * 0.85) return corners;
    }
    const sides = pageFromSides(gradient, width, height, print, oblique);
    if (sides) return sides;
  }
  return null;
}
