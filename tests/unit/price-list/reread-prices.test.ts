import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OcrWord } from '../../../functions/core/price-list/ocr-rows.js';
import { readDocument } from '../../../functions/core/price-list/read-text.js';
import { stopOcr } from '../../../functions/core/price-list/readers/image.js';
import type { Grey } from '../../../functions/core/price-list/prepare-image.js';
import { agreedPrice, cellsToReread, rereadPrices, type StripLine } from '../../../functions/core/price-list/reread-prices.js';
import { UNHURRIED_LIMITS } from './unhurried-limits.js';

afterAll(async () => {
  await stopOcr();
});

/** A white page with a black block wherever a word's glyphs are (its whole box unless told). */
function pageWith(words: readonly OcrWord[], ink: Record<number, { x0: number; x1: number }> = {}): Grey {
  const width = 800;
  const height = 400;
  const data = new Uint8Array(width * height).fill(255);
  words.forEach((word, index) => {
    const { x0, x1 } = ink[index] ?? word.bbox;
    for (let y = word.bbox.y0; y < word.bbox.y1; y++) data.fill(0, y * width + x0, y * width + x1);
  });
  return { data, width, height };
}

function word(text: string, x0: number, x1: number, line: number, confidence = 90): OcrWord {
  const y0 = line * 50;
  return { text, confidence, bbox: { x0, y0, x1, y1: y0 + 30 }, symbols: [...text].map((char) => ({ text: char, confidence })), line };
}

/** A page of € prices: three read cleanly, so the page marks its prices with €. */
const marked = [word('€51', 300, 360, 1), word('€95.00', 280, 360, 2), word('€16', 300, 360, 3)];
const reading = (text: string, confidence = 95): StripLine => ({ text, confidence, y0: 0, y1: 0 });

describe('cellsToReread', () => {
  it('picks a price whose € and first digit were read as one digit, a garbled price, a € read as another sign and a sure price of one digit', () => {
    const words = [
      ...marked,
      word('Bridesmaid', 20, 180, 4),
      word('8', 300, 365, 4),
      word('as', 300, 360, 5, 34),
      word('«al', 300, 360, 6, 75),
      word('€7', 300, 365, 7, 96),
    ];
    expect(cellsToReread(words, pageWith(words)).map((cell) => words[cell.word]!.text)).toEqual(['8', 'as', '«al', '€7']);
  });

  it('leaves alone clean prices, durations, words and a number inside a cell', () => {
    const words = [
      ...marked,
      word('€22.00', 280, 360, 4, 50),
      word('30m', 300, 360, 5),
      word('(45', 300, 340, 6),
      word('mins)', 345, 420, 6),
      word('Cut', 300, 360, 7, 40),
      word('as', 300, 360, 8, 85),
    ];
    words[3]!.symbols = [...'€22.00'].map((text) => ({ text, confidence: 90 }));
    expect(cellsToReread(words, pageWith(words))).toEqual([]);
  });

  it('reads nothing again on a page that does not mark its prices with €', () => {
    const words = [word('51', 300, 340, 1), word('8', 300, 365, 2)];
    expect(cellsToReread(words, pageWith(words))).toEqual([]);
  });

  it('measures the cell by its ink, and leaves out one too narrow to hold a € and a digit', () => {
    const words = [...marked, word('8', 300, 365, 4), word('6', 250, 365, 5)];
    const page = pageWith(words, { 3: { x0: 320, x1: 340 }, 4: { x0: 300, x1: 365 } });
    expect(cellsToReread(words, page)).toEqual([{ word: 4, x0: 300, x1: 365, y0: 250, y1: 280, h: 30 }]);
  });
});

describe('agreedPrice', () => {
  const eight = word('8', 300, 365, 4);

  it('takes the price two cuts or more agree on, keeping the sign of "from"', () => {
    expect(agreedPrice(eight, [reading('78'), reading('78', 90), reading('8', 97)])).toEqual({ text: '€78', confidence: 95 });
    expect(agreedPrice(word('Q5+', 300, 365, 4), [reading('25+'), reading('25+')])).toEqual({ text: '€25+', confidence: 95 });
    expect(agreedPrice(word('«2:00', 300, 365, 4), [reading('22,00'), reading('22,00')])).toEqual({ text: '€22.00', confidence: 95 });
  });

  it('takes nothing from one reading, unsure readings or readings that are not a price', () => {
    expect(agreedPrice(eight, [reading('78'), reading('18')])).toBeNull();
    expect(agreedPrice(eight, [reading('78', 70), reading('78', 74)])).toBeNull();
    expect(agreedPrice(eight, [reading('7a'), reading('7a')])).toBeNull();
    expect(agreedPrice(eight, [reading('1234'), reading('1234')])).toBeNull();
  });

  it('never drops digits that were read: "30" does not become "0", nor "22.00" "12.00", nor "C108" "08"', () => {
    expect(agreedPrice(word('30', 300, 340, 4), [reading('0'), reading('0')])).toBeNull();
    expect(agreedPrice(word('22.00', 300, 380, 4), [reading('12.00'), reading('12.00')])).toBeNull();
    expect(agreedPrice(word('C108', 300, 380, 4), [reading('08'), reading('08')])).toBeNull();
    expect(agreedPrice(word('C108', 300, 380, 4), [reading('108'), reading('108')])).toEqual({ text: '€108', confidence: 95 });
    expect(agreedPrice(word('«7', 300, 365, 4), [reading('27'), reading('27')])).toEqual({ text: '€27', confidence: 95 });
    expect(agreedPrice(word('2', 300, 365, 4), [reading('52'), reading('52')])).toEqual({ text: '€52', confidence: 95 });
  });
});

describe('rereadPrices', () => {
  it('reads every cell cut at four widths in one strip, and mends the cells whose cuts agree', async () => {
    const words = [...marked, word('8', 300, 360, 4), word('as', 300, 360, 5, 34)];
    const strips: Grey[] = [];
    const mended = await rereadPrices(words, pageWith(words), async (strip) => {
      strips.push(strip);
      // The strip holds eight cuts, 36 px tall with 20 px between them after a 12 px margin; the
      // first cell's cuts read "78", the second's nothing like a price.
      return Array.from({ length: 8 }, (_, index) => ({ text: index < 4 ? '78' : '%', confidence: 95, y0: 12 + index * 56, y1: 12 + index * 56 + 30 }));
    });
    expect(strips).toHaveLength(1);
    expect(strips[0]!.height).toBe(12 + 8 * 36 + 7 * 20 + 12);
    // The widest cut starts 0.55 letter heights (17 px) into the 60 px of ink, plus the 3 px kept past its end.
    expect(strips[0]!.width).toBe(60 - 17 + 3 + 2 * 12);
    expect(mended.map((each) => each.text)).toEqual(['€51', '€95.00', '€16', '€78', 'as']);
    expect(mended[3]).toMatchObject({ confidence: 95, bbox: words[3]!.bbox, line: 4 });
  });

  it('reads no strip when no cell needs it', async () => {
    let reads = 0;
    const mended = await rereadPrices(marked, pageWith(marked), async () => {
      reads += 1;
      return [];
    });
    expect(reads).toBe(0);
    expect(mended).toEqual(marked);
  });

  // A cut of a generated photo's prepared page (tuning seed 846956496, photo 74, hard band: lines
  // 14 px tall in the photo), the space between its two columns taken out. Bold prices: the first
  // reading takes "€78" for "8" (and the row for a heading), "€36" for "a6" and "€25+" for "€Q5+".
  it('mends a photo’s bold € prices that the first reading got wrong', async () => {
    const { text } = await readDocument(
      { name: 'wall.jpg', kind: 'jpg', bytes: readFileSync(join(import.meta.dirname, '../../fixtures/price-lists/bold-euro-prices.jpg')) },
      UNHURRIED_LIMITS,
    );
    expect(text).toContain('Bridesmaid Hair\t€78');
    expect(text).toContain('Wash & Blow Dry\t€36');
    expect(text).toContain('Plaits & Braids\t€25+');
    expect(text).toContain('Bridal Trial\t€95.00');
  }, 60_000);
});
