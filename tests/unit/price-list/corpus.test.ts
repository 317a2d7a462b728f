import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractedServiceDraftSchema, type ExtractedServiceDraft } from '../../../functions/contracts/price-list.js';
import { detectFileType } from '../../../functions/core/price-list/detect-file-type.js';
import { parsePriceList } from '../../../functions/core/price-list/parse-price-list.js';
import { readText } from '../../../functions/core/price-list/read-text.js';
import { stopOcr } from '../../../functions/core/price-list/readers/image.js';
import { UNHURRIED_LIMITS } from './unhurried-limits.js';

/**
 * The corpus (tests/fixtures/price-lists/manifest.json): every document yields exactly the
 * services listed for it. OCR is slow here, so of the images only the PNG is read in the tests;
 * the bench (bench/extraction.ts) reads them all and reports accuracy per format.
 */
interface Fixture {
  file: string;
  format: string;
  ocr: boolean;
  services: ExtractedServiceDraft[];
}

const DIRECTORY = join(import.meta.dirname, '../../fixtures/price-lists');
const { fixtures } = JSON.parse(readFileSync(join(DIRECTORY, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };
const IMAGES_IN_TESTS = new Set(['blowout-sligo.png']);

afterAll(async () => {
  await stopOcr();
});

describe('price-list corpus', () => {
  it('covers every accepted format with at least 8 documents, each under 200 KB', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
    expect(new Set(fixtures.map((fixture) => fixture.format))).toEqual(new Set(['txt', 'pdf', 'docx', 'doc', 'png', 'jpg', 'webp']));
    for (const fixture of fixtures) {
      expect(readFileSync(join(DIRECTORY, fixture.file)).length).toBeLessThan(200 * 1024);
      for (const service of fixture.services) expect(extractedServiceDraftSchema.parse(service)).toEqual(service);
    }
  });

  it.each(['held-out', 'tuning'])('keeps a %s set of images (read by the bench only), each valid and under 200 KB', (set) => {
    const manifest = JSON.parse(readFileSync(join(DIRECTORY, set, 'manifest.json'), 'utf8')) as { fixtures: Fixture[] };
    expect(manifest.fixtures.length).toBeGreaterThanOrEqual(5);
    for (const fixture of manifest.fixtures) {
      expect(fixture.ocr).toBe(true);
      expect(readFileSync(join(DIRECTORY, set, fixture.file)).length).toBeLessThan(200 * 1024);
      for (const service of fixture.services) expect(extractedServiceDraftSchema.parse(service)).toEqual(service);
    }
  });

  it.each(fixtures.filter((fixture) => !fixture.ocr || IMAGES_IN_TESTS.has(fixture.file)).map((fixture) => [fixture.file, fixture] as const))(
    '%s yields its services',
    async (file, fixture) => {
      const bytes = readFileSync(join(DIRECTORY, file));
      const { kind } = await detectFileType(file, bytes);
      expect(kind).toBe(fixture.format);
      expect(parsePriceList(await readText({ name: file, kind, bytes }, UNHURRIED_LIMITS))).toEqual(fixture.services);
    },
  );
});
