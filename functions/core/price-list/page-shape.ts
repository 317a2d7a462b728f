import type { Point } from './perspective.js';

/**
 * Whether four corners found in a photo (top-left, top-right, bottom-right, bottom-left) can be a
 * page as a phone sees it (find-page.ts tries again, or gives up, when they cannot).
 */

/** Degrees opposite sides may differ: the pair across the view (nearly parallel) and the pair along it (keystone). */
const PARALLEL = 3;
const CONVERGING = 14;
/**
 * A page seen from a corner rather than one side (the phone leaning sideways as well as back),
 * turned in the frame as well: both pairs of sides converge, up to this many degrees each, and
 * its corners open wider or narrower than a square's by up to OBLIQUE_CORNER degrees. Looked for
 * only where no page seen from one side is found (find-page.ts): a misplaced corner makes such a
 * shape too, and warping by it bends the rows, which the lines' slant after warping then shows.
 */
const OBLIQUE = 32;
const OBLIQUE_CORNER = 40;
/**
 * How much shorter the far edge may be seen than the near one. The sides joining them converge by
 * more on a wide page than on a tall one for the same tilt (a landscape list seen 10% shorter at
 * its far edge: 15°), so their limit follows from this and the page's proportions.
 */
const KEYSTONE = 0.15;

/** A quadrilateral's area (shoelace formula). */
export const area = (corners: Point[]) =>
  Math.abs(corners.reduce((sum, corner, index) => sum + corner.x * corners[(index + 1) % 4]!.y - corners[(index + 1) % 4]!.x * corner.y, 0)) / 2;

/** Degrees between two sides' directions (0 = parallel), whichever way each runs. */
function between(a: Point, b: Point, c: Point, d: Point): number {
  const angle = Math.abs(Math.atan2(b.y - a.y, b.x - a.x) - Math.atan2(c.y - d.y, c.x - d.x)) % Math.PI;
  return (Math.min(angle, Math.PI - angle) * 180) / Math.PI;
}

/**
 * A page seen by a phone: convex, corners inside the picture, sides roughly square to each other,
 * and seen from one side only: one pair of opposite sides stays nearly parallel while the other
 * converges. Two converging pairs mean a corner was misplaced (a shadow's edge taken for the
 * page's), and warping by it would bend the lines.
 */
export function plausible(corners: Point[], width: number, height: number, regionArea: number, oblique = false): boolean {
  const [topLeft, topRight, bottomRight, bottomLeft] = corners as [Point, Point, Point, Point];
  const pairs = [between(topLeft, topRight, bottomRight, bottomLeft), between(topRight, bottomRight, bottomLeft, topLeft)];
  const length = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = [length(topLeft, topRight) + length(bottomLeft, bottomRight), length(topRight, bottomRight) + length(topLeft, bottomLeft)];
  // The pair that converges more is the one along the view; the pair across it sets its limit.
  const along = pairs[0]! > pairs[1]! ? 0 : 1;
  const converging = Math.max(CONVERGING, (2 * Math.atan((KEYSTONE / 2) * (across[1 - along]! / across[along]!)) * 180) / Math.PI);
  if (oblique ? Math.max(...pairs) > OBLIQUE : Math.min(...pairs) > PARALLEL || Math.max(...pairs) > converging) return false;
  const quad = area(corners);
  if (quad < width * height * 0.12 || quad > width * height * 0.985) return false;
  // The region may stop short of the sides where a shadow darkens the page (453-23: 7%), never run past them.
  if (regionArea > quad * 1.06 || regionArea < quad * 0.9) return false;
  for (let index = 0; index < 4; index += 1) {
    const [a, b, c] = [corners[index]!, corners[(index + 1) % 4]!, corners[(index + 2) % 4]!];
    if (b.x < -2 || b.y < -2 || b.x > width + 1 || b.y > height + 1) return false;
    const angle = Math.abs(Math.atan2(a.y - b.y, a.x - b.x) - Math.atan2(c.y - b.y, c.x - b.x)) * (180 / Math.PI);
    const interior = angle > 180 ? 360 - angle : angle;
    const opening = oblique ? OBLIQUE_CORNER : 25;
    if (interior < 90 - opening || interior > 90 + opening) return false;
  }
  return true;
}
