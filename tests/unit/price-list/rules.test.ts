import { describe, expect, it } from 'vitest';
import { lightOnDark } from '../../../functions/core/price-list/light.js';
import { wipeRules } from '../../../functions/core/price-list/rules.js';

/** A white page `width` × `height` with rectangles of `shade` (x, y, w, h). */
function page(width: number, height: number, boxes: { x: number; y: number; w: number; h: number; shade: number }[]): Uint8Array {
  const data = new Uint8Array(width * height).fill(255);
  for (const { x, y, w, h, shade } of boxes) for (let dy = 0; dy < h; dy += 1) for (let dx = 0; dx < w; dx += 1) data[(y + dy) * width + x + dx] = shade;
  return data;
}
const inked = (data: Uint8Array, width: number, box: { x: number; y: number; w: number; h: number }) => {
  let count = 0;
  for (let y = box.y; y < box.y + box.h; y += 1) for (let x = box.x; x < box.x + box.w; x += 1) if (data[y * width + x]! < 200) count += 1;
  return count;
};
/** Letters of a 30 px line: strokes 3 px wide, 22 px tall, 12 px apart, from `x` on baseline `y`. */
const word = (x: number, y: number, letters: number, shade = 20) =>
  Array.from({ length: letters }, (_, index) => ({ x: x + index * 12, y: y - 22, w: 3, h: 22, shade }));

describe('ruled lines', () => {
  it('wipes a table’s grey borders, across and upright, a little aslant, and leaves the letters between them', () => {
    const [width, height] = [600, 200];
    const rows = [40, 100, 160].flatMap((y) => Array.from({ length: 500 }, (_, x) => ({ x: 50 + x, y: y + Math.floor(x / 150), w: 1, h: 2, shade: 150 })));
    const columns = [50, 300, 549].map((x) => ({ x, y: 40, w: 2, h: 122, shade: 150 }));
    const data = page(width, height, [...rows, ...columns, ...word(70, 85, 6), ...word(320, 145, 4)]);
    expect(wipeRules(data, width, height, 30)).toBeGreaterThanOrEqual(6);
    expect(inked(data, width, { x: 0, y: 0, w: width, h: 50 })).toBe(0);
    expect(inked(data, width, { x: 290, y: 0, w: 16, h: 200 })).toBe(0);
    expect(inked(data, width, { x: 70, y: 63, w: 70, h: 22 })).toBe(6 * 3 * 22);
    expect(inked(data, width, { x: 320, y: 123, w: 50, h: 22 })).toBe(4 * 3 * 22);
  });

  it('wipes the rule under a heading, and leaves bold letters that blur ran together and a filled heading band', () => {
    const [width, height] = [500, 160];
    const heading = word(40, 40, 10);
    const rule = { x: 40, y: 46, w: 400, h: 2, shade: 60 };
    // Bold letters joined at their middles by blur: a long run of ink, but with ink above and below it.
    const bold = [...word(40, 110, 12), { x: 40, y: 98, w: 135, h: 3, shade: 30 }];
    const band = { x: 300, y: 80, w: 180, h: 24, shade: 40 };
    const data = page(width, height, [...heading, rule, ...bold, band]);
    expect(wipeRules(data, width, height, 30)).toBe(1);
    expect(inked(data, width, { x: 40, y: 45, w: 400, h: 4 })).toBe(0);
    expect(inked(data, width, { x: 40, y: 18, w: 120, h: 22 })).toBe(10 * 3 * 22);
    expect(inked(data, width, { x: 40, y: 98, w: 135, h: 3 })).toBe(135 * 3);
    expect(inked(data, width, band)).toBe(180 * 24);
  });
});

describe('print light on dark', () => {
  it('tells a dark board with light letters from dark letters on paper, and from paper in shade', () => {
    const [width, height] = [300, 200];
    const letters = Array.from({ length: 8 }, (_, row) => word(40, 40 + row * 20, 18))
      .flat()
      .map((box) => ({ ...box, h: 10, y: box.y + 12 }));
    const board = page(width, height, [{ x: 0, y: 0, w: width, h: height, shade: 35 }, ...letters.map((box) => ({ ...box, shade: 230 }))]);
    const paper = page(width, height, letters);
    const shaded = page(width, height, [{ x: 0, y: 0, w: width, h: height, shade: 110 }, ...letters]);
    expect(lightOnDark(board, width, height)).toBe(true);
    expect(lightOnDark(paper, width, height)).toBe(false);
    expect(lightOnDark(shaded, width, height)).toBe(false);
  });
});
