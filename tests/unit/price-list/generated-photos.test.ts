import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRecording, recordingPath, replayingClient, type Recording } from '../../../bench/support/bedrock-recordings.js';
import { parsePriceList } from '../../../functions/core/price-list/parse-price-list.js';
import { prepareImage } from '../../../functions/core/price-list/prepare-image.js';
import { readDocument } from '../../../functions/core/price-list/read-text.js';
import { stopOcr } from '../../../functions/core/price-list/readers/image.js';
import { createBedrockExtractor } from '../../../functions/providers/bedrock-extraction.js';
import { createOfflineExtractor } from '../../../functions/providers/offline-extraction.js';
import { setLogSink } from '../../../functions/logger.js';
import { generatePhotos, type GeneratedPhoto } from '../../fixtures/price-lists/generator/photos.js';
import { scoreRows } from '../../fixtures/price-lists/generator/score.js';
import { UNHURRIED_LIMITS } from './unhurried-limits.js';

/**
 * A small fixed-seed sample of the photographed price lists (issue 23): one photo of each severity
 * band from tuning seed 101, read by the offline pipeline end to end, and by the Bedrock adapter
 * through the bench's recorded-answer replay. The full-size scoring on fresh seeds is
 * bench/extraction.ts.
 */
const SEED = 101;
let photos: GeneratedPhoto[] = [];
const recordings = mkdtempSync(join(tmpdir(), 'salondesk-bedrock-'));

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  for await (const photo of generatePhotos({ seed: SEED, count: 3 })) photos.push(photo);
}, 60_000);

afterAll(async () => {
  await stopOcr();
  rmSync(recordings, { recursive: true, force: true });
});

// Two hard photos of tuning seed 488, pages on a ribbed surface under shadow bands. Neither page was
// found once: the region grown from the print leaks out through the bands at every try, and the
// surface's ribs read as print. Read as taken, photo 59 once measured a slant of 0.6° for 6.6°
// (the shadows' edges and the ribs), and even measured right read 1 of 14 rows in 58 s; photo 29
// measured lines 110 px tall for about 23, so it was shrunk to a quarter and read 0 of 12 rows.
describe('generated photos on a ribbed surface under shadow bands: the page found by its straight sides, its lines measured with the light evened', () => {
  it.each([29, 59])(
    'finds the page of tuning photo 488-%i by its sides within 1% of its size, and reads its lines at their height',
    async (index) => {
      let photo: GeneratedPhoto | undefined;
      for await (const each of generatePhotos({ seed: 488, count: 1, first: index })) photo = each;
      const prepared = await prepareImage(photo!.jpeg);
      const off = prepared.page!.map((corner, at) => Math.hypot(corner.x - photo!.corners[at]!.x, corner.y - photo!.corners[at]!.y));
      const [topLeft, , bottomRight] = photo!.corners;
      expect(Math.max(...off)).toBeLessThan(0.01 * Math.hypot(bottomRight!.x - topLeft!.x, bottomRight!.y - topLeft!.y));
      expect(prepared.lineHeight).toBeLessThan(40);
      expect(prepared.scale).toBeGreaterThan(0.8);
    },
    60_000,
  );
});

describe('generated price-list photos, a fixed-seed sample', () => {
  it('draws the same photos from the same seed, one per band, each with its expected rows', () => {
    expect(photos.map((photo) => `${photo.id} ${photo.band}`)).toEqual([`${SEED}-0 light`, `${SEED}-1 medium`, `${SEED}-2 hard`]);
    for (const photo of photos) expect(scoreRows(photo.expected, parsePriceList(photo.printed)).right).toBe(photo.expected.length);
  });

  it.each([0, 1, 2])(
    'reads photo %i (tilted, keystoned, unevenly lit, JPEG) row for row with nothing spurious',
    async (index) => {
      const photo = photos[index]!;
      const { text, smallPrint } = await readDocument({ name: `${photo.id}.jpg`, kind: 'jpg', bytes: photo.jpeg }, UNHURRIED_LIMITS);
      const score = scoreRows(photo.expected, parsePriceList(text));
      expect({ right: score.right, spurious: score.spurious }).toEqual({ right: photo.expected.length, spurious: 0 });
      // Lines of 25–33 px: print OCR reads at its best.
      expect(smallPrint).toBe(false);
    },
    60_000,
  );

  it('scores the Bedrock path by the same photos through recorded answers, keyed by the picture sent', async () => {
    const [photo, unrecorded] = [photos[2]!, photos[1]!];
    // Written here in the shape Converse answers, as a model reading the photo perfectly would: it
    // holds the replay's plumbing (the picture sent, the key, the answer normalised and scored),
    // not Bedrock's accuracy, which only recordings made against Bedrock can measure.
    const recording: Recording = {
      photo: photo.id,
      modelId: 'test',
      recordedAt: '2026-11-25T00:00:00.000Z',
      output: {
        stopReason: 'tool_use',
        output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't', name: 'record_services', input: { services: photo.expected } } }] } },
      },
    };
    writeFileSync(recordingPath(recordings, photo.jpeg), JSON.stringify(recording));
    expect(hasRecording(recordings, photo.jpeg)).toBe(true);
    expect(hasRecording(recordings, unrecorded.jpeg)).toBe(false);

    const extractor = createBedrockExtractor(replayingClient(recordings), 'test', createOfflineExtractor());
    const found = await extractor.extractServices({ fileName: `${photo.id}.jpg`, kind: 'jpg', text: 'what OCR read', image: { bytes: photo.jpeg } });
    expect(scoreRows(photo.expected, found)).toMatchObject({ right: photo.expected.length, spurious: 0 });
    // Without a recording the adapter falls back to the offline parser, which finds nothing in this text: the bench leaves such photos out.
    expect(await extractor.extractServices({ fileName: 'x.jpg', kind: 'jpg', text: 'what OCR read', image: { bytes: unrecorded.jpeg } })).toEqual([]);
  });
});

describe('finding the page in a generated photo', () => {
  it("takes no shadow band's edge for the page's (tuning seed 202, photo 26: a dark band across the bottom)", async () => {
    let photo: GeneratedPhoto | undefined;
    for await (const each of generatePhotos({ seed: 202, first: 26, count: 1 })) photo = each;
    const { page } = await prepareImage(photo!.jpeg);
    // Every corner within 1% of the photo's long side (2231 px) of the page's true corner; the
    // shadow's edge put one 147 px off, and the warp bent the rows so names lost their prices.
    expect(page).not.toBeNull();
    const off = page!.map((corner, index) => Math.round(Math.hypot(corner.x - photo!.corners[index]!.x, corner.y - photo!.corners[index]!.y)));
    expect(Math.max(...off)).toBeLessThan(22);
  }, 60_000);
});

describe('a page whose corners were found wrong', () => {
  it("is read as taken when its lines still slant once drawn flat (tuning seed 471, photo 50: a shadow band's edge taken for a side)", async () => {
    let photo: GeneratedPhoto | undefined;
    for await (const each of generatePhotos({ seed: 471, first: 50, count: 1 })) photo = each;
    const prepared = await prepareImage(photo!.jpeg);
    // Drawn flat by those corners, the lines slanted 7.2°, and OCR read 1 row of 7; read as taken,
    // only the photo's own turn is left, and deskewing takes that away.
    expect(prepared.page).toBeNull();
    expect(Math.abs(prepared.angle - photo!.distortions.rotation)).toBeLessThan(1);
  }, 60_000);
});
