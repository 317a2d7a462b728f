import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareImage } from '../../../functions/core/price-list/prepare-image.js';
import { readText } from '../../../functions/core/price-list/read-text.js';
import { stopOcr } from '../../../functions/core/price-list/readers/image.js';
import { seeded } from '../../fixtures/price-lists/generator/random.js';
import { UNHURRIED_LIMITS } from './unhurried-limits.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/price-lists');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

afterAll(async () => {
  await stopOcr();
});

describe('image preparation before OCR', () => {
  it('enlarges small text towards 300 dpi', async () => {
    const prepared = await prepareImage(fixture('blowout-sligo.png'));
    expect(prepared.lineHeight).toBeGreaterThan(8);
    expect(prepared.lineHeight).toBeLessThan(22);
    expect(prepared.scale).toBeGreaterThan(1.4);
    const { width, channels } = await sharp(prepared.png).metadata();
    expect(width).toBe(prepared.width);
    expect(channels).toBe(1);
  });

  it('hands over the very pixels OCR reads, for cutting price cells from afterwards', async () => {
    const prepared = await prepareImage(fixture('blowout-sligo.png'));
    const { data, info } = await sharp(prepared.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([prepared.grey.width, prepared.grey.height]).toEqual([info.width, info.height]);
    expect(Buffer.from(prepared.grey.data).equals(data)).toBe(true);
  });

  it('leaves large text at its size and shrinks a picture larger than OCR needs', async () => {
    const huge = await sharp(fixture('blowout-sligo.png')).resize({ width: 5200 }).png().toBuffer();
    const prepared = await prepareImage(huge);
    expect(prepared.scale).toBeLessThan(1);
    expect(Math.max(prepared.width, prepared.height)).toBeLessThanOrEqual(2600);
  });

  it('evens out a page lit from one corner', async () => {
    const page = fixture('curl-house-wexford.webp');
    const { width = 0, height = 0 } = await sharp(page).metadata();
    const shade = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#555"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
    );
    const shaded = await sharp(page)
      .composite([{ input: shade, blend: 'multiply' }])
      .png()
      .toBuffer();
    const prepared = await prepareImage(shaded);
    expect(prepared.unevenLight).toBeGreaterThan(0.12);
    // The darkest corner's ground comes out nearly as light as the lightest's.
    const { data, info } = await sharp(prepared.png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const corner = (x: number, y: number) => data[y * info.width + x]!;
    expect(corner(info.width - 5, info.height - 5)).toBeGreaterThan(200);
  });

  it('tells a grainy photo from a clean one, to soften it more', async () => {
    const clean = await sharp(fixture('curl-house-wexford.webp')).jpeg({ quality: 90 }).toBuffer();
    const { data, info } = await sharp(clean).greyscale().raw().toBuffer({ resolveWithObject: true });
    const random = seeded(7);
    // Clamped: a Uint8Array's own map would wrap a value past 255 round to black.
    const grain = Uint8ClampedArray.from(data, (value) => value + 14 * random.gaussian());
    const grainy = await sharp(grain, { raw: { width: info.width, height: info.height, channels: 1 } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const [smooth, speckled] = [await prepareImage(clean), await prepareImage(grainy)];
    expect(smooth.noise).toBeLessThan(0.95);
    expect(speckled.noise).toBeGreaterThanOrEqual(0.95);
    expect(smooth.softening).toBeLessThan(speckled.softening);
  });

  it('turns a photo saved sideways upright before reading it', async () => {
    const sideways = await sharp(fixture('curl-house-wexford.webp')).rotate(90).jpeg({ quality: 90 }).toBuffer();
    const text = await readText({ name: 'sideways.jpg', kind: 'jpg', bytes: sideways }, UNHURRIED_LIMITS);
    expect(text).toContain('Curly Cut & Style');
  }, 60_000);
});
