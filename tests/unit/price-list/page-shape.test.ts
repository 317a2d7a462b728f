import { describe, expect, it } from 'vitest';
import { plausible } from '../../../functions/core/price-list/page-shape.js';
import type { Point } from '../../../functions/core/price-list/perspective.js';

/** The corners found on tuning photo 453-23 (a 480 × 354 copy), within 2 px of the page's own. */
const PAGE: Point[] = [
  { x: 76, y: 79 },
  { x: 403, y: 116 },
  { x: 405, y: 272 },
  { x: 41, y: 223 },
];
const AREA = Math.abs(PAGE.reduce((sum, a, index) => sum + a.x * PAGE[(index + 1) % 4]!.y - PAGE[(index + 1) % 4]!.x * a.y, 0)) / 2;

describe('the shape of a page found in a photo', () => {
  it('takes a page whose region stops short of its sides where a shadow darkens it (7%), and no region that runs past them', () => {
    expect(plausible(PAGE, 480, 354, AREA * 0.93)).toBe(true);
    expect(plausible(PAGE, 480, 354, AREA)).toBe(true);
    expect(plausible(PAGE, 480, 354, AREA * 1.08)).toBe(false);
    expect(plausible(PAGE, 480, 354, AREA * 0.85)).toBe(false);
  });

  it('takes a page seen from a corner (both pairs of sides converging) only when asked for one, and never a corner far from square', () => {
    const oblique: Point[] = [
      { x: 100, y: 40 },
      { x: 400, y: 90 },
      { x: 430, y: 320 },
      { x: 70, y: 300 },
    ];
    const area = (corners: Point[]) =>
      Math.abs(corners.reduce((sum, a, index) => sum + a.x * corners[(index + 1) % 4]!.y - corners[(index + 1) % 4]!.x * a.y, 0)) / 2;
    expect(plausible(oblique, 480, 360, area(oblique))).toBe(false);
    expect(plausible(oblique, 480, 360, area(oblique), true)).toBe(true);
    const askew: Point[] = [
      { x: 100, y: 40 },
      { x: 400, y: 40 },
      { x: 460, y: 330 },
      { x: 370, y: 330 },
    ];
    expect(plausible(askew, 480, 360, area(askew), true)).toBe(false);
  });
});
