import { describe, expect, it } from 'vitest';
import { skewAngle } from '../../../functions/core/price-list/deskew.js';

/**
 * A 600 × 500 picture: rows of letter-sized blobs (8 × 12 px, lines 30 px apart) turned by `text`
 * degrees on the right, and on the left a table's planks: dark seams 3 px wide, 24 px apart,
 * turned by `planks` degrees.
 */
function picture(text: number, planks: number): Uint8Array {
  const [width, height] = [600, 500];
  const data = new Uint8Array(width * height).fill(235);
  const [textSlope, plankSlope] = [Math.tan((text * Math.PI) / 180), Math.tan((planks * Math.PI) / 180)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x < 220) {
        if ((((y - x * plankSlope) % 24) + 24) % 24 < 3) data[y * width + x] = 60;
        continue;
      }
      const along = y - (x - 220) * textSlope;
      if (along > 40 && along < 460 && (along - 40) % 30 < 12 && (x - 240) % 12 < 8 && x > 240 && x < 580) data[y * width + x] = 30;
    }
  }
  return data;
}

describe('the slant of the lines of text', () => {
  it('is measured from the letters, not from the planks of a table beside the page (layouts apart, tuning photo T13-29)', () => {
    const data = picture(3, 9);
    expect(Math.abs(skewAngle(data, 600, 500, 12) - 3)).toBeLessThanOrEqual(0.3);
  });

  it("is measured from every dark pixel when the lines' height is not known", () => {
    expect(Math.abs(skewAngle(picture(-4, -4), 600, 500) + 4)).toBeLessThanOrEqual(0.3);
  });
});
