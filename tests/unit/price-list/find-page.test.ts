import { describe, expect, it } from 'vitest';
import { findPage } from '../../../functions/core/price-list/find-page.js';
import type { Point } from '../../../functions/core/price-list/perspective.js';

const WIDTH = 480;
const HEIGHT = 360;
const PAGE: Point[] = [
  { x: 60, y: 50 },
  { x: 420, y: 40 },
  { x: 430, y: 310 },
  { x: 50, y: 320 },
];

const inside = (corners: Point[], x: number, y: number) =>
  corners.every((a, index) => {
    const b = corners[(index + 1) % 4]!;
    return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) >= 0;
  });

/**
 * A small grey photo of a page (paper 230) with lines of print on it, lying on a darker surface
 * (120). `streak`: a strip of the surface as pale as the paper, 6 px wide (or `streakWidth`),
 * running from the page's top edge to the picture's, so the page's edge is lost over those
 * pixels. `shadow`: below y = 200 a shadow whose edge is sharp, in which page and surface are as
 * dark as each other. `leftSurface`: the surface's brightness left of the page (120 elsewhere).
 * `stripes`: the surface above y = 36 ribbed with dark lines 2 px wide, which read as ink.
 */
function photo({
  streak,
  streakWidth = 6,
  shadow = false,
  corners = PAGE,
  leftSurface = 120,
  stripes = false,
}: {
  streak: boolean;
  streakWidth?: number;
  shadow?: boolean;
  corners?: Point[];
  leftSurface?: number;
  stripes?: boolean;
}): Uint8Array {
  const data = new Uint8Array(WIDTH * HEIGHT);
  // The print keeps 30 px inside the page's bounding box.
  const [xs, ys] = [corners.map(({ x }) => x), corners.map(({ y }) => y)];
  const [left, right, top, bottom] = [Math.min(...xs) + 30, Math.max(...xs) - 30, Math.min(...ys) + 30, Math.max(...ys) - 30];
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const page = inside(corners, x, y);
      const print = page && x > left && x < right && y > top && y < bottom && y % 12 < 3 && x % 40 < 30;
      const pale = streak && !page && x >= 200 && x < 200 + streakWidth && y < 60;
      const surface = stripes && y < 36 && y % 6 < 2 ? 60 : x < 100 ? leftSurface : 120;
      if (shadow && y >= 200) data[y * WIDTH + x] = print ? 40 : 150;
      else data[y * WIDTH + x] = print ? 60 : page || pale ? 230 : surface;
    }
  }
  return data;
}

const farthest = (found: Point[] | null, corners = PAGE) =>
  found ? Math.max(...found.map((corner, index) => Math.hypot(corner.x - corners[index]!.x, corner.y - corners[index]!.y))) : Infinity;

describe('finding the page in a photo', () => {
  it('finds a page whose edges stand out all round', () => {
    expect(farthest(findPage(photo({ streak: false }), WIDTH, HEIGHT))).toBeLessThan(3);
  });

  it('finds a page whose edge is lost over a few pixels, where a pale strip of the surface meets it', () => {
    expect(farthest(findPage(photo({ streak: true }), WIDTH, HEIGHT))).toBeLessThan(3);
  });

  it('finds a wide page seen 10% shorter at its far edge, its sides converging by 15° (tuning photo 453-20)', () => {
    const wide: Point[] = [
      { x: 78, y: 110 },
      { x: 402, y: 110 },
      { x: 420, y: 250 },
      { x: 60, y: 250 },
    ];
    expect(farthest(findPage(photo({ streak: false, corners: wide }), WIDTH, HEIGHT), wide)).toBeLessThan(3);
  });

  it('finds a page seen from a corner, both pairs of its sides converging (the phone leaning sideways as well as back: tuning photo T12-14 of the layouts apart)', () => {
    const oblique: Point[] = [
      { x: 100, y: 40 },
      { x: 400, y: 90 },
      { x: 430, y: 320 },
      { x: 70, y: 300 },
    ];
    expect(farthest(findPage(photo({ streak: false, corners: oblique }), WIDTH, HEIGHT), oblique)).toBeLessThan(3);
  });

  it('finds a page whose edge is lost over too long a stretch to close, by its straight sides around the print', () => {
    expect(farthest(findPage(photo({ streak: true, streakWidth: 16 }), WIDTH, HEIGHT))).toBeLessThan(3);
  });

  it('finds by its sides a page on a ribbed surface, though a fifth of what reads as print lies beyond it (the ribs)', () => {
    expect(farthest(findPage(photo({ streak: true, streakWidth: 16, stripes: true }), WIDTH, HEIGHT))).toBeLessThan(3);
  });

  it('takes no side that stands out far less than the others for an edge of the page', () => {
    // The surface left of the page paler: its left edge stands out a quarter as much as the others.
    // Grown from the print, the page is found by that edge; by its sides alone, it is not.
    expect(farthest(findPage(photo({ streak: false, leftSurface: 190 }), WIDTH, HEIGHT))).toBeLessThan(3);
    expect(findPage(photo({ streak: true, streakWidth: 16, leftSurface: 190 }), WIDTH, HEIGHT)).toBeNull();
  });

  it("takes no shadow's edge for the page's side when print lies beyond it", () => {
    expect(findPage(photo({ streak: true, shadow: true }), WIDTH, HEIGHT)).toBeNull();
  });
});
