import { describe, expect, it } from 'vitest';
import { cellText, groupRows, linesFromWords, marksEuro, type OcrWord } from '../../../functions/core/price-list/ocr-rows.js';

/** Synthetic OCR words: letters 10 px wide, 20 px tall, one space (8 px) between words. */
function row(y: number, x: number, text: string, options: { confidence?: number; slant?: number } = {}): OcrWord[] {
  const words: OcrWord[] = [];
  let at = x;
  for (const part of text.split(' ')) {
    if (part === '|') {
      at += 60;
      continue;
    }
    const width = part.length * 10;
    const dy = (options.slant ?? 0) * at;
    words.push({
      text: part,
      confidence: options.confidence ?? 92,
      bbox: { x0: at, y0: y + dy, x1: at + width, y1: y + dy + 20 },
      symbols: [...part].map((char) => ({ text: char, confidence: options.confidence ?? 92 })),
      line: y,
    });
    at += width + 8;
  }
  return words;
}

describe('OCR rows: rebuilt from word boxes', () => {
  it('reads words on one baseline left to right, whatever order they come in, wide gaps as a tab', () => {
    const words = [...row(100, 20, 'Blow Dry | 45 mins | €28'), ...row(60, 20, 'Gents Cut | 30 mins | €22')].reverse();
    expect(linesFromWords(words)).toBe('Gents Cut\t30 mins\t€22\nBlow Dry\t45 mins\t€28');
  });

  it('keeps the rows of a slanted photo apart (the slant measured from the lines)', () => {
    // 3° of slant: the right end of a row sits lower than the next row's left end.
    const slant = Math.tan((3 * Math.PI) / 180);
    const words = [...row(60, 20, 'Root Tint | | | | | | | €58', { slant }), ...row(88, 20, 'Full Head Tint | | | | | | €72', { slant })];
    expect(groupRows(words)).toHaveLength(2);
    expect(linesFromWords(words)).toBe('Root Tint\t€58\nFull Head Tint\t€72');
  });

  it('keeps each row whole where the rows fan out, by the slant of its own line (tuning seed 482, photo 29)', () => {
    // The page's slant, from its upper lines, is 0.01; the lowest rows slant by 0.03 and lie closer.
    const words = [
      ...row(20, 20, 'Brow Wax | | | | | | 15m | €16', { slant: 0.01 }),
      ...row(60, 20, 'Brow Tint | | | | | | 15 mins | €10', { slant: 0.01 }),
      ...row(100, 20, 'Lash Tint | | | | | | 20 mins | €18', { slant: 0.01 }),
      ...row(140, 20, 'Debs Upstyle | | | | | | | 1 hr | €56', { slant: 0.03 }).map((word) => ({ ...word, line: 140 })),
      ...row(168, 20, 'Communion Hair | | | | | | 45 mins | €39', { slant: 0.03 }).map((word) => ({ ...word, line: 168 })),
    ];
    expect(linesFromWords(words).split('\n')).toEqual([
      'Brow Wax\t15m\t€16',
      'Brow Tint\t15 mins\t€10',
      'Lash Tint\t20 mins\t€18',
      'Debs Upstyle\t1 hr\t€56',
      'Communion Hair\t45 mins\t€39',
    ]);
  });

  it("joins each price to its own name where a tilted page's rows fan out, tesseract's lines cut at every cell (layouts apart, tuning photo T12-30)", () => {
    // Rows 34 px apart whose slant grows from 0.03 at the top to 0.09 at the foot: at the price
    // column, 560 px right, a row has dropped by one to one and a half rows. Each cell is a line of its own.
    const names = [
      'Full Head Highlights',
      'Face Frame Highlights',
      'Half Head Highlights',
      'Full Head Colour',
      'Eyebrow Wax Treatment',
      'Brow Lamination Deluxe',
      'Eyelash Tint Express',
    ];
    const words = names.flatMap((name, index) => {
      const y = 40 + index * 34;
      const slant = 0.03 + index * 0.01;
      return row(y, 20, `${name} | | | | | | | | | | | | | | €${50 + index}`, { slant }).map((word) => ({
        ...word,
        line: word.text.startsWith('€') ? 1000 + index : index,
      }));
    });
    expect(linesFromWords(words).split('\n')).toEqual(names.map((name, index) => `${name}\t€${50 + index}`));
  });

  it('reads two lists side by side one after the other, headings with their own column', () => {
    const words = [
      ...row(20, 200, 'Swilly Hair Studio'),
      ...row(70, 20, 'CUTS | | | | | | | | COLOUR'),
      ...row(100, 20, 'Dry Cut | | €30 | | | Root Colour | €55'),
      ...row(130, 20, 'Gents Cut | | €20 | | | Toner | | €24'),
    ];
    expect(linesFromWords(words).split('\n')).toEqual([
      'Swilly Hair Studio',
      '',
      'CUTS',
      'Dry Cut\t€30',
      'Gents Cut\t€20',
      '',
      '',
      'COLOUR',
      'Root Colour\t€55',
      'Toner\t€24',
    ]);
  });

  it('follows the gap between two lists where it runs slanted down the page, each price with its own name (a page still leaning once straightened)', () => {
    // The columns drift 5 px right a row (a slant of 0.17) while the gap between them is 30 px
    // wide: over twelve rows no upright line lies in more than half the rows' gaps.
    const left = ['Dry Cut', 'Gents Cut', 'Skin Fade', 'Beard Trim', 'Blow Dry', 'Kids Cut'];
    const right = ['Root Colour', 'Toner', 'Full Head Foils', 'Gloss', 'Balayage', 'Brow Tint'];
    const words = Array.from({ length: 12 }, (_, index) => {
      const [y, x] = [40 + index * 30, 20 + index * 5];
      const price = row(y, x + 200, `€${30 + index}`);
      return [...row(y, x, left[index % 6]!), ...price, ...row(y, price.at(-1)!.bbox.x1 + 30, `${right[index % 6]} | €${60 + index}`)];
    }).flat();
    expect(linesFromWords(words).split('\n')).toEqual([
      ...Array.from({ length: 12 }, (_, index) => `${left[index % 6]}\t€${30 + index}`),
      '',
      ...Array.from({ length: 12 }, (_, index) => `${right[index % 6]}\t€${60 + index}`),
    ]);
  });

  it('keeps a name | time | price table as rows (its gaps do not separate lists)', () => {
    const words = [...row(20, 20, 'Skin Fade | 40 mins | €22'), ...row(50, 20, 'Buzz Cut | 15 mins | €14')];
    expect(linesFromWords(words)).toBe('Skin Fade\t40 mins\t€22\nBuzz Cut\t15 mins\t€14');
  });

  it('keeps a table as rows where a duration and a "from" price stand apart (no list starts with "From"; tuning seed 483, photo 8)', () => {
    const words = [
      ...row(20, 20, 'Root Tint | | 1hr 15 | | From €65'),
      ...row(50, 20, 'Full Head Tint | 1hr 30 | | From €85'),
      ...row(80, 20, 'Grey Blending | 60 mins | | €64'),
    ];
    expect(linesFromWords(words)).toBe('Root Tint\t1hr 15\tFrom €65\nFull Head Tint\t1hr 30\tFrom €85\nGrey Blending\t60 mins\t€64');
  });

  it('keeps a blank line where a wider gap separates blocks', () => {
    const words = [...row(20, 20, 'Hair'), ...row(48, 20, 'Cut | €40'), ...row(140, 20, 'Colour'), ...row(168, 20, 'Tint | €50')];
    expect(linesFromWords(words)).toBe('Hair\nCut\t€40\n\nColour\nTint\t€50');
  });
});

describe('OCR rows: misread € signs', () => {
  const cell = (words: OcrWord[]) => ({ words });

  it('turns a letter or another currency glued to the digits into €', () => {
    expect(cellText(cell(row(0, 0, 'Blow Dry e28')), true)).toBe('Blow Dry €28');
    expect(cellText(cell(row(0, 0, 'Blow Dry £28')), false)).toBe('Blow Dry €28');
    expect(cellText(cell(row(0, 0, 'Balayage c150+')), true)).toBe('Balayage €150+');
  });

  it('joins a lone currency-like glyph to the number beside it', () => {
    expect(cellText(cell(row(0, 0, 'Toner « 25')), true)).toBe('Toner €25');
    expect(cellText(cell(row(0, 0, 'Toner C 25')), true)).toBe('Toner €25');
  });

  it('reads a leading 6 as € only where tesseract was unsure of it, in a list priced in €', () => {
    const unsure = row(0, 0, 'Blow Dry 628');
    const price = unsure.at(-1)!;
    price.symbols = [
      { text: '6', confidence: 41 },
      { text: '2', confidence: 95 },
      { text: '8', confidence: 96 },
    ];
    expect(cellText(cell(unsure), true)).toBe('Blow Dry €28');
    expect(cellText(cell(unsure), false)).toBe('Blow Dry 628');
    const sure = row(0, 0, 'Keratin 160');
    expect(cellText(cell(sure), true)).toBe('Keratin 160');
  });

  it('leaves words alone that only look like a sign and digits', () => {
    expect(cellText(cell(row(0, 0, 'Olaplex No.3 e2e')), true)).toBe('Olaplex No.3 e2e');
    expect(cellText(cell(row(0, 0, 'Kids Cut under 12')), true)).toBe('Kids Cut under 12');
  });

  it('tells a list priced in € from one with bare numbers', () => {
    expect(marksEuro(row(0, 0, 'Cut €40 Tint €50'))).toBe(true);
    expect(marksEuro(row(0, 0, 'Cut 40 Tint 50'))).toBe(false);
    // A page read badly still shows the sign before digits it misread (tuning seed 1844707390, photo 74).
    expect(marksEuro(row(0, 0, 'Root Tink €s0 Blow Dry £5)'))).toBe(true);
  });

  it('parts a range\'s "to" that OCR glued to the first amount, the space read as a 1 too', () => {
    expect(linesFromWords(row(20, 20, 'Semi-Permanent Colour | €55to €85'))).toBe('Semi-Permanent Colour\t€55 to €85');
    expect(linesFromWords(row(20, 20, 'Wash & Blow Dry | €351t0 €75'))).toBe('Wash & Blow Dry\t€35 to €75');
    expect(linesFromWords(row(20, 20, 'Toner | €51t0 €75'))).toBe('Toner\t€51 to €75');
  });

  it('reads "Thr 30" and "thr 15" as 1hr 30 and 1hr 15 (the 1 read as a t)', () => {
    expect(linesFromWords(row(20, 20, 'Full Head Tint | Thr 30 | €83'))).toBe('Full Head Tint\t1hr 30\t€83');
    expect(linesFromWords(row(20, 20, 'Restyle | thr 15 | €59'))).toBe('Restyle\t1hr 15\t€59');
  });
});
