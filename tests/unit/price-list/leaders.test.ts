import { describe, expect, it } from 'vitest';
import { wipeLeaders } from '../../../functions/core/price-list/leaders.js';
import { seeded } from '../../fixtures/price-lists/generator/random.js';

/** A white page of `width` × 60 px with a square of `shade` at each of `spots` (x, y, side). */
function page(width: number, spots: { x: number; y: number; side: number; shade: number }[]): Uint8Array {
  const data = new Uint8Array(width * 60).fill(255);
  for (const { x, y, side, shade } of spots) for (let dy = 0; dy < side; dy += 1) for (let dx = 0; dx < side; dx += 1) data[(y + dy) * width + x + dx] = shade;
  return data;
}

/** 16 dots 0.6 of a 30 px line apart, 4 px across. */
const leader = (shade: number) => Array.from({ length: 16 }, (_, index) => ({ x: 40 + index * 18, y: 30, side: 4, shade }));
const inked = (data: Uint8Array, from: number, to: number, width: number) => {
  let count = 0;
  for (let y = 0; y < 60; y += 1) for (let x = from; x < to; x += 1) if (data[y * width + x]! < 250) count += 1;
  return count;
};

describe('dot leaders', () => {
  it('wipes a run of evenly spaced dots, and leaves a full stop and a letter alone', () => {
    const width = 400;
    const data = page(width, [...leader(40), { x: 10, y: 20, side: 14, shade: 0 }, { x: 370, y: 31, side: 3, shade: 40 }]);
    expect(wipeLeaders(data, width, 60, 30)).toBe(1);
    expect(inked(data, 36, 330, width)).toBe(0);
    expect(inked(data, 0, 30, width)).toBe(14 * 14);
    expect(inked(data, 365, 380, width)).toBe(9);
  });

  it('wipes a leader blurred pale among specks on its line (a grainy photo: tuning seed 485, photo 17)', () => {
    const width = 400;
    const random = seeded(485_17);
    const specks = Array.from({ length: 25 }, () => ({ x: 40 + Math.floor(random.next() * 270), y: 29 + Math.floor(random.next() * 5), side: 2, shade: 150 }));
    const data = page(width, [...leader(170), ...specks]);
    expect(wipeLeaders(data, width, 60, 30)).toBeGreaterThanOrEqual(1);
    const left = leader(170).filter(({ x, y }) => data[(y + 1) * width + x + 1]! < 250).length;
    expect(left).toBeLessThanOrEqual(2);
  });

  it('wipes a dark leader whose dots lie almost a line apart (fresh seed 1844707390, photo 51)', () => {
    const width = 600;
    const data = page(
      width,
      Array.from({ length: 20 }, (_, index) => ({ x: 20 + index * 25, y: 30, side: 4, shade: 30 })),
    );
    expect(wipeLeaders(data, width, 60, 30)).toBe(1);
    expect(inked(data, 0, width, width)).toBe(0);
  });

  it("leaves a chance row of pale specks alone, spaced wider than a leader's dots (tuning seed 484, photo 44)", () => {
    const width = 400;
    const specks = Array.from({ length: 12 }, (_, index) => ({ x: 20 + index * 30, y: 30, side: 3, shade: 170 }));
    const data = page(width, specks);
    expect(wipeLeaders(data, width, 60, 30)).toBe(0);
    expect(inked(data, 0, width, width)).toBe(12 * 9);
  });

  it('wipes a fine dotted leader: small grey dots a quarter of a line apart (a dotted rule; layouts apart, tuning photo T12-31)', () => {
    const width = 400;
    const data = page(
      width,
      Array.from({ length: 40 }, (_, index) => ({ x: 40 + index * 7, y: 30, side: 3, shade: 130 })),
    );
    expect(wipeLeaders(data, width, 60, 31)).toBe(1);
    expect(inked(data, 0, width, width)).toBe(0);
  });

  it('leaves small grey print just before a leader, which dark ink breaks into dot-sized pieces (layouts apart, tuning photo T7-27)', () => {
    const width = 500;
    // "20 minutes" in small grey type: dark pieces a third of a line apart, joined by paler strokes.
    const pieces = Array.from({ length: 6 }, (_, index) => ({ x: 40 + index * 9, y: 30, side: 4, shade: 100 }));
    const strokes = Array.from({ length: 5 }, (_, index) => ({ x: 44 + index * 9, y: 31, side: 5, shade: 180 }));
    const dots = Array.from({ length: 16 }, (_, index) => ({ x: 112 + index * 18, y: 30, side: 4, shade: 60 }));
    const data = page(width, [...strokes, ...pieces, ...dots]);
    const before = inked(data, 36, 100, width);
    expect(wipeLeaders(data, width, 60, 30)).toBeGreaterThanOrEqual(1);
    expect(inked(data, 36, 100, width)).toBe(before);
    expect(inked(data, 108, width, width)).toBe(0);
  });
});
