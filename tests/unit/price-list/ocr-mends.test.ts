import { describe, expect, it } from 'vitest';
import { doubtfulWords } from '../../../functions/core/price-list/ocr-mends.js';
import { linesFromWords, type OcrWord } from '../../../functions/core/price-list/ocr-rows.js';
import { row } from './ocr-words.js';
import { parsePriceList } from '../../../functions/core/price-list/parse-price-list.js';
import { nearSalonWord } from '../../../functions/core/price-list/salon-words.js';

const read = (...rows: OcrWord[][]) => linesFromWords(rows.flat());

// Each case below is a misreading seen on the hard band of tuning seeds 400–409 (bench, hard photos only).
describe('OCR mends: units misread on a blurred photo', () => {
  it('reads "mans", "mens" and "mns" after a number as minutes, and leaves "Mens" in a name alone', () => {
    expect(
      read(
        row(0, 'Cut & Beard Combo | 45 mans | €34'),
        row(40, 'Lash Tint | 15 mens | €12'),
        row(80, 'Semi-Permanent Colour | 60mns | €55'),
        row(120, 'Mens Cut | €20'),
      ),
    ).toBe('Cut & Beard Combo\t45 mins\t€34\nLash Tint\t15 mins\t€12\nSemi-Permanent Colour\t60mins\t€55\nMens Cut\t€20');
  });

  it('reads "3 brs" as hours and "1hrl5" or "hrlS" as an hour and 15 minutes', () => {
    expect(read(row(0, 'Balayage | 3 brs | €138'), row(40, 'Root Tint | 1hrl5 | €64'), row(80, 'Root Tint | 1 hrlS | €62'))).toBe(
      'Balayage\t3 hrs\t€138\nRoot Tint\t1hr 15\t€64\nRoot Tint\t1 hr 15\t€62',
    );
  });

  it('parts salon words OCR ran together, and leaves other capitalised runs alone', () => {
    expect(
      read(
        row(0, 'GentsCut | €27'),
        row(40, 'CurlyBlowDry | €39'),
        row(80, 'McGrath Colour | €60'),
        row(120, "Children'sCut | €12"),
        row(160, "Aoife'sCut | €30"),
      ),
    ).toBe("Gents Cut\t€27\nCurly Blow Dry\t€39\nMcGrath Colour\t€60\nChildren's Cut\t€12\nAoife'sCut\t€30");
  });

  it('reads "!" before "hour" as a 1, and drops a "!" glued to a salon word (tuning seed 455)', () => {
    expect(read(row(0, 'Wash, Cut & Blow Dry | ! hour | €52'), row(40, 'Hot Towel! Shave | 30 mins | €31'))).toBe(
      'Wash, Cut & Blow Dry\t1 hour\t€52\nHot Towel Shave\t30 mins\t€31',
    );
  });

  it('reads a "!" ending a word as the l of a salon word ("Brida! Trial", tuning photo 460-38)', () => {
    expect(read(row(0, 'Brida! Trial | 1hr | €96'), row(40, 'Sale! | €5'))).toBe('Bridal Trial\t1hr\t€96\nSale!\t€5');
  });

  it('parts a range whose "to" OCR glued to both amounts', () => {
    expect(read(row(0, 'Student Cut | €31to€71'))).toBe('Student Cut\t€31 to €71');
  });
});

describe('OCR mends: names one misread letter off a salon word', () => {
  it('snaps a word one letter off exactly one salon word, or one OCR confusion ("n" for "ri") away, keeping its case', () => {
    expect(read(row(0, 'Curty Blow Dry | €36'), row(40, 'Beard Tnm | €15'), row(80, 'Bndal Trial | €83'), row(120, 'OLAPIEX TREATMENT | €36'))).toBe(
      'Curly Blow Dry\t€36\nBeard Trim\t€15\nBridal Trial\t€83\nOLAPLEX TREATMENT\t€36',
    );
  });

  it('reads "m" for a blurred "rr" ("Colour Comection", tuning photo 450-41)', () => {
    expect(read(row(0, 'Colour Comection:46 | €177'))).toBe('Colour Correction\t€177');
  });

  it('leaves salon words, their plurals, short words and words near no (or several) salon words alone', () => {
    expect(['Tones', 'Trims', 'Mini', 'Wella', 'Express'].map(nearSalonWord)).toEqual([null, null, null, null, null]);
  });
});

describe('OCR mends: noise after a name', () => {
  it('drops dot leaders read as letters and doubtful non-words at the end of a name, or a cell of them alone', () => {
    expect(
      read(
        row(0, 'Perm i | €90'),
        row(40, 'Curly Blow Dry o.oo ie | €40'),
        row(80, 'Ladies Cut & Blow Dry | RMR | €61', ['RMR']),
        row(120, 'Balayage ROTI | €170', ['ROTI']),
      ),
    ).toBe('Perm\t€90\nCurly Blow Dry\t€40\nLadies Cut & Blow Dry\t€61\nBalayage\t€170');
  });

  it('keeps doubtful salon words, units, a range\'s "to" and amounts at the end of a cell', () => {
    expect(read(row(160, 'Brow Tint (15 MINS) | €12', ['MINS)']))).toBe('Brow Tint (15 MINS)\t€12');
    expect(
      read(
        row(0, 'Olaplex Treatment | €36', ['Treatment']),
        row(40, 'Root Tint | 1 hr | €76 to | €86', ['hr', 'to']),
        row(80, 'Keratin Smoothing | €150', ['Smoothing']),
      ),
    ).toBe('Olaplex Treatment\t€36\nRoot Tint\t1 hr\t€76 to\t€86\nKeratin Smoothing\t€150');
  });
});

describe('OCR mends: doubts kept for the review', () => {
  it('gives each doubtful word as read and as mended, so a mended name is still flagged as hard to read', () => {
    expect(doubtfulWords(row(0, 'Curty Blow Dry | €36', ['Curty', '€36']), 60)).toEqual(['Curty', 'Curly', '€36']);
  });
});

describe('Row shapes: an address is not a service', () => {
  it('drops a street-and-county line whose phone number OCR broke into a price-like number', () => {
    expect(parsePriceList('41 Castle Street, Tralee, Co. Kerry – 066 | 7\nBlow Dry €30').map((service) => service.name)).toEqual(['Blow Dry']);
  });
});

// Seen on tuning seeds 430–432 (bench, OCR words saved and re-read).
describe('OCR mends: more words run together', () => {
  it('parts two words glued at their ampersand, and salon words run together that include "Hot"', () => {
    expect(read(row(0, 'Cut&Beard Combo | €35'), row(40, 'HotTowel Shave | €31'), row(80, 'B&B | €20'))).toBe(
      'Cut & Beard Combo\t€35\nHot Towel Shave\t€31\nB&B\t€20',
    );
  });

  it('reads hours after a number with a decimal ("1.5 brs") and an hour glued to its minutes ("1hri15")', () => {
    expect(read(row(0, 'Lowlights | 1.5 brs | €87'), row(40, 'Root Tint | 1hri15 | €59'), row(80, 'Perm | 2hr.30 | €80'))).toBe(
      'Lowlights\t1.5 hrs\t€87\nRoot Tint\t1hr 15\t€59\nPerm\t2hr 30\t€80',
    );
  });

  it('reads a brace before a duration as its bracket ("Curly Blow Dry {45 min)")', () => {
    expect(parsePriceList(read(row(0, 'Curly Blow Dry {45 min) | From €35')))).toMatchObject([{ name: 'Curly Blow Dry', duration: 45, price_min: 35 }]);
  });
});

// Seen on the hard band of tuning seeds 460–465 (bench, OCR words saved and re-read).
describe('OCR mends: salon words run together, read unsure or with their leader', () => {
  it('parts them rather than taking them for noise, so their values do not join the heading above', () => {
    const lines = read(
      row(0, 'Barbering'),
      row(40, 'BuzzCut........... | 15 mins | €14', ['BuzzCut...........']),
      row(80, 'SkinFade | 40 mins | €26', ['SkinFade']),
    );
    expect(parsePriceList(lines).map(({ name, price, duration }) => ({ name, price, duration }))).toEqual([
      { name: 'Buzz Cut', price: 14, duration: 15 },
      { name: 'Skin Fade', price: 26, duration: 40 },
    ]);
  });

  it('parts an ampersand glued to the end of salon words, or between runs of them ("Cut&", "LadiesCut&", "Cut&BlowDry")', () => {
    expect(
      read(
        row(0, 'Cut& Beard Combo | €30'),
        row(40, 'LadiesCut& Blow Dry | €65'),
        row(80, 'Wash, Cut&BlowDry | €48'),
        row(120, 'Toner& Gloss | €24'),
        row(160, 'B& | €5'),
      ),
    ).toBe('Cut & Beard Combo\t€30\nLadies Cut & Blow Dry\t€65\nWash, Cut & Blow Dry\t€48\nToner & Gloss\t€24\nB&\t€5');
  });
});

describe('OCR mends: a range or a duration misread', () => {
  it('reads a range whose "to" OCR read as "10" glued to its first amount, only where the range then runs upwards', () => {
    expect(read(row(0, 'Bridal Hair | €24810 €273'), row(40, 'Bridesmaid Hair | €7410€99'), row(80, 'Colour Correction | €110 €150'))).toBe(
      'Bridal Hair\t€248 to €273\nBridesmaid Hair\t€74 to €99\nColour Correction\t€110 €150',
    );
  });

  it('reads hours and a half whose point OCR lost ("15hrs", "25 hrs"), which would give no duration at all', () => {
    const lines = read(row(0, 'Half Head Foils | 15hrs | €85'), row(40, 'Full Head Foils | 25 hrs | €130'), row(80, 'Bridal Hair (15hrs) | €192'));
    expect(parsePriceList(lines).map(({ name, duration }) => ({ name, duration }))).toEqual([
      { name: 'Half Head Foils', duration: 90 },
      { name: 'Full Head Foils', duration: 150 },
      { name: 'Bridal Hair', duration: 90 },
    ]);
  });
});

// Seen on the hard band of tuning seeds 470–475 (bench, OCR words saved and re-read).
describe('OCR mends: an hour misread or alone', () => {
  const services = (...rows: OcrWord[][]) => parsePriceList(linesFromWords(rows.flat())).map(({ name, duration }) => ({ name, duration }));

  it('reads "1 how" as 1 hour, an "i" before "hr" as a 1, and an hour alone in its cell as one hour', () => {
    expect(services(row(0, 'Grey Blending | 1 how | €70'), row(40, 'Half Head Foils | i hr 30 | €82'), row(80, 'Occasion Hair | hour | €61.00'))).toEqual([
      { name: 'Grey Blending', duration: 60 },
      { name: 'Half Head Foils', duration: 90 },
      { name: 'Occasion Hair', duration: 60 },
    ]);
  });

  it('drops a speck read as a letter before a cell\'s values ("i 60 mins €65"), which the name would take in', () => {
    expect(services(row(0, 'Occasion Hair | i:53 60 mins €65'), row(40, 'Blow Dry | €30'))).toEqual([
      { name: 'Occasion Hair', duration: 60 },
      { name: 'Blow Dry', duration: 0 },
    ]);
  });

  it("reads a price's 1 read as l, I or a bar, and drops a stroke read between two words of a name (tuning seeds 481-29 and 481-50)", () => {
    const found = parsePriceList(
      read(
        row(0, 'Boys Cut | (20 mins) €l4+:54'),
        row(40, 'Hot Towel 1:52 Shave | (30 mins) €31'),
        row(80, 'Beard Trim | €2I:60'),
        row(120, 'Blow Dry 1 hour | €35'),
      ),
    );
    expect(found.map(({ name, price, price_min, duration }) => ({ name, price: price ?? price_min, duration }))).toEqual([
      { name: 'Boys Cut', price: 14, duration: 20 },
      { name: 'Hot Towel Shave', price: 31, duration: 30 },
      { name: 'Beard Trim', price: 21, duration: 0 },
      { name: 'Blow Dry', price: 35, duration: 60 },
    ]);
  });
});

describe('OCR mends: a duration or a price misread on the layouts apart', () => {
  const found = (...rows: OcrWord[][]) =>
    parsePriceList(linesFromWords(rows.flat())).map(({ name, price, price_min, isRange, duration }) => ({
      name,
      price: price ?? price_min,
      isRange,
      duration,
    }));

  it('reads "Th" or "Ih" alone as 1h, a speck before € as nothing, and a third decimal 0 as a leader\'s speck (tuning photos T7-3 and T7-15)', () => {
    expect(
      found(
        row(0, 'Lash Lift & Tint | Th | €55.00'),
        row(40, 'Bridal Trial | Ih 15 | €85.00'),
        row(80, 'Moisture Mask | From ¢€17.00 | 20 min'),
        row(120, 'Line Up | €11.000 | 15 min'),
      ),
    ).toEqual([
      { name: 'Lash Lift & Tint', price: 55, isRange: false, duration: 60 },
      { name: 'Bridal Trial', price: 85, isRange: false, duration: 75 },
      { name: 'Moisture Mask', price: 17, isRange: true, duration: 20 },
      { name: 'Line Up', price: 11, isRange: false, duration: 15 },
    ]);
  });

  it('leaves "th" alone, "Thursday", and a thousand written with a point ("€1.000")', () => {
    expect(linesFromWords(row(0, 'Open Mon th Fri | Thursday late | €1.000'))).toBe('Open Mon th Fri\tThursday late\t€1.000');
  });
});
