import { describe, expect, it } from 'vitest';
import { rowField, straightenRows } from '../../../functions/core/price-list/dewarp.js';

const [WIDTH, HEIGHT] = [800, 640];

/**
 * Rows of letter-sized blobs (8 × 12 px, 12 px apart) starting 40 px apart at the left, each
 * slanting by `slant(row)`: a page whose rows fan out as a photo at an angle leaves them.
 */
function page(slant: (row: number) => number): { data: Uint8Array; rows: number } {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(240);
  let rows = 0;
  for (let row = 0; 60 + row * 40 < HEIGHT - 100; row += 1, rows += 1) {
    for (let x = 40; x < WIDTH - 40; x += 12) {
      if (x % 180 > 150) continue; // gaps between words
      const top = Math.round(60 + row * 40 + slant(row) * x);
      for (let y = top; y < top + 12; y += 1) for (let dx = 0; dx < 8; dx += 1) data[y * WIDTH + x + dx] = 30;
    }
  }
  return { data, rows };
}

/** How far the ink about each row's height at the page's middle spreads up and down across it (a level row: its blobs' 12 px). */
function spreads(data: Uint8Array, rows: number, slant: (row: number) => number): number[] {
  const result: number[] = [];
  for (let row = 0; row < rows; row += 1) {
    const middle = 60 + row * 40 + slant(row) * (WIDTH / 2);
    const [from, to] = [Math.round(middle - 14), Math.round(middle + 26)];
    const heights: number[] = [];
    for (let x = 40; x < WIDTH - 40; x += 60) {
      for (let y = Math.max(0, from); y < Math.min(HEIGHT, to); y += 1) if (data[y * WIDTH + x + 3]! < 128) heights.push(y);
    }
    result.push(heights.length ? Math.max(...heights) - Math.min(...heights) : Infinity);
  }
  return result;
}

describe('rows straightened by the text’s own slant', () => {
  it('draws level the rows of a page whose slant grows from 0 at the top to 0.04 at the foot', () => {
    const slant = (row: number) => row * 0.004;
    const { data, rows } = page(slant);
    const field = rowField(data, WIDTH, HEIGHT, 12);
    expect(field).not.toBeNull();
    const level = straightenRows(data, WIDTH, HEIGHT, field!, 1);
    for (const spread of spreads(level, rows, slant)) expect(spread).toBeLessThanOrEqual(16);
    // As photographed, the lowest rows spread over two rows' height across the page.
    expect(Math.max(...spreads(data, rows, slant))).toBeGreaterThan(24);
  });

  it('leaves a page whose rows are already level alone', () => {
    const { data } = page(() => 0);
    expect(rowField(data, WIDTH, HEIGHT, 12)).toBeNull();
  });
});
