import { describe, expect, it } from 'vitest';
import { sensorNoise } from '../../../functions/core/price-list/noise.js';
import { seeded } from '../../fixtures/price-lists/generator/random.js';

/** A page of paper with dark bars for letters (a fifth of it), with Gaussian noise of σ added. */
function page(sigma: number): { data: Uint8Array; width: number; height: number } {
  const [width, height] = [600, 400];
  const data = new Uint8Array(width * height);
  const random = seeded(12345);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const ink = y % 40 < 20 && x % 30 < 6;
      data[y * width + x] = Math.max(0, Math.min(255, Math.round((ink ? 40 : 200) + sigma * random.gaussian())));
    }
  }
  return { data, width, height };
}

describe('sensor noise of a picture', () => {
  it('measures the noise added to a page of letters, which its edges do not inflate', () => {
    for (const sigma of [4, 8, 12]) {
      const { data, width, height } = page(sigma);
      expect(sensorNoise(data, width, height)).toBeGreaterThan(sigma * 0.8);
      expect(sensorNoise(data, width, height)).toBeLessThan(sigma * 1.2);
    }
  });

  it('finds none on a clean page, and none in a picture too small to measure', () => {
    const { data, width, height } = page(0);
    expect(sensorNoise(data, width, height)).toBe(0);
    expect(sensorNoise(new Uint8Array(4), 2, 2)).toBe(0);
  });
});
