import { describe, expect, it } from 'vitest';
import type { ExtractedServiceDraft } from '../../../functions/contracts/price-list.js';
import { parsePriceList } from '../../../functions/core/price-list/parse-price-list.js';
import { retakeAdvice, reviewServices, unlikeService } from '../../../functions/core/price-list/review.js';

const reasons = (service: ExtractedServiceDraft | undefined) => (service?.review ?? []).map(({ reason }) => reason);
const named = (services: ExtractedServiceDraft[], name: string) => services.find((service) => service.name === name);

describe('what an import was unsure of (issue 20 #2)', () => {
  it('flags the misreadings of the issue: a name cut at its start, a letter off a salon word, a note taken for a service', () => {
    expect(unlikeService('adies Cut')).toMatch(/middle of a word/);
    expect(unlikeService('Dccasion Hair')).toBe('"Dccasion" may be a misreading of "Occasion".');
    expect(unlikeService('A patch test is needed before all colours')).toMatch(/note, not a service/);
    for (const name of [
      'Ladies Cut',
      'Occasion Hair',
      'Full Head Foils',
      'Olaplex Treatment',
      'Keratin Smoothing',
      'Gents Cut & Beard',
      'Toners',
      "Siobhán's Signature Blow Dry",
    ]) {
      expect(unlikeService(name), name).toBeNull();
    }
  });

  it('names a line with a price that gave no service, and a price with no name, on the service read before it', () => {
    const text = ['Ladies Cut\t€45', 'Olaplex Treatment\t€30 ~~ ##', '\t€20', 'Gents Cut\t€25', 'Full Head Highlights', '€95'].join('\n');
    const read: ExtractedServiceDraft[] = [
      { name: 'Ladies Cut', duration: 0, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
      { name: 'Gents Cut', duration: 0, price: 25, price_min: null, price_max: null, isRange: false, comment: '' },
      { name: 'Full Head Highlights', duration: 0, price: 95, price_min: null, price_max: null, isRange: false, comment: '' },
    ];
    const reviewed = reviewServices(read, text);
    expect(named(reviewed, 'Ladies Cut')?.review).toEqual([
      { reason: 'line-dropped', detail: 'A line was left out: "Olaplex Treatment €30 ~~ ##".' },
      { reason: 'price-without-name', detail: 'A price with no name (€20) was left out.' },
    ]);
    // A price alone under its name is that service's price, not a dropped line.
    expect(named(reviewed, 'Full Head Highlights')?.review).toBeUndefined();
    expect(named(reviewed, 'Gents Cut')?.review).toBeUndefined();
  });

  it('tells the owner of each service OCR left out for a doubted name (not a footer or an address it doubted), first, on the first service', () => {
    const text = '\n\nBlow Dry\t45 mins\t€30\nGents Cut\t€25';
    const leftOut = [
      'OAF Cut & Set 45m €29',
      'Gift vouchers available at reception',
      'Clonmel, Co. Tipperary - 052 69 9374',
      'Sian Fade  40 min €23',
      'Students 10% off Monday to Wednesday',
    ];
    const reviewed = reviewServices(parsePriceList(text), text, { leftOut, fileName: 'wall.jpg' });
    expect(reviewed.map((service) => service.name)).toEqual(['Blow Dry', 'Gents Cut']);
    expect(named(reviewed, 'Blow Dry')?.review).toEqual([
      // Two of four services left out: worth another photo, and said first.
      {
        reason: 'hard-photo',
        detail:
          '2 lines of wall.jpg were too hard to read. A sharper photo, taken straight on in even light with the price list filling the frame, will read better.',
      },
      { reason: 'line-dropped', detail: 'A line was too hard to read, so it was left out: "OAF Cut & Set 45m €29". Add it if it is one of your services.' },
      { reason: 'line-dropped', detail: 'A line was too hard to read, so it was left out: "Sian Fade 40 min €23". Add it if it is one of your services.' },
    ]);
    expect(named(reviewed, 'Gents Cut')?.review).toBeUndefined();
    // Read all the same (Bedrock reads the photo itself): not missing, so not reported.
    const bedrock = [...parsePriceList(text), { name: 'Cut & Set', duration: 45, price: 29, price_min: null, price_max: null, isRange: false, comment: '' }];
    expect(reasons(reviewServices(bedrock, text, { leftOut: ['OAF Cut & Set 45m €29'] })[0])).toEqual([]);
  });

  it('advises another photo when 15% or more of its services (two or more) were left out, or it was read badly throughout; closer when its print is small', () => {
    const reading = { leftOut: 0, found: 0, smallPrint: false, readBadly: false };
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 2, found: 8, smallPrint: true })).toBe(
      'The print is small in wall.jpg, so 2 lines were too hard to read. A photo taken closer, with the price list filling the frame, will read better.',
    );
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 3, found: 12 })).toMatch(/^3 lines of wall.jpg were too hard to read\. A sharper photo/);
    // One line, or fewer than 15%: the owner adds what is missing, as each left-out line says.
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 1, smallPrint: true })).toBeNull();
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 2, found: 12, smallPrint: true })).toBeNull();
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 2, found: 11, smallPrint: true })).not.toBeNull();
    expect(retakeAdvice('wall.jpg', reading)).toBeNull();
    // Read badly throughout, its services garbled rather than left out.
    expect(retakeAdvice('wall.jpg', { ...reading, leftOut: 1, found: 3, smallPrint: true, readBadly: true })).toBe(
      'The print is small in wall.jpg, so it was hard to read: services may be missing or misread. A photo taken closer, with the price list filling the frame, will read better.',
    );
    expect(retakeAdvice('wall.jpg', { ...reading, found: 3, readBadly: true })).toBe(
      'wall.jpg was hard to read: services may be missing or misread. A sharper photo, taken straight on in even light with the price list filling the frame, will read better.',
    );
    // A photo read badly throughout says so first on its first service, however few of its lines were left out.
    const read = 'Blow Dry\t€30\nGents Cut\t€25';
    expect(reviewServices(parsePriceList(read), read, { leftOut: [], readBadly: true, smallPrint: true, fileName: 'wall.jpg' })[0]?.review?.[0]).toEqual({
      reason: 'hard-photo',
      detail:
        'The print is small in wall.jpg, so it was hard to read: services may be missing or misread. A photo taken closer, with the price list filling the frame, will read better.',
    });
    // Nothing left out of a text or PDF (no OCR): never advised, whatever else it says.
    const text = 'Blow Dry\t€30\nGents Cut\t€25';
    expect(reasons(reviewServices(parsePriceList(text), text, { smallPrint: true })[0])).toEqual([]);
  });

  it('flags the words OCR was unsure of on the service whose line holds them', () => {
    const text = 'Ladies Cut\t€45\nOccasion Hair\t€65';
    const reviewed = reviewServices(parsePriceList(text), text, { unsure: ['Occasion', '€65'] });
    expect(reasons(named(reviewed, 'Occasion Hair'))).toEqual(['low-confidence']);
    expect(named(reviewed, 'Occasion Hair')?.review?.[0]?.detail).toBe('The photo was hard to read at "occasion", "65": please check the name and price.');
    expect(named(reviewed, 'Ladies Cut')?.review).toBeUndefined();
  });

  it('leaves a clean list without a single flag', () => {
    const text = [
      'SALON NUA, Main Street, Naas',
      'CUTS',
      'Ladies Cut & Blow Dry ..... €55',
      'Gents Cut (30 mins) €25',
      'COLOUR',
      'Full Head Foils  2 hrs  €120 – €150',
      'A patch test is needed 48 hours before any colour.',
    ].join('\n');
    const reviewed = reviewServices(parsePriceList(text), text);
    expect(reviewed.length).toBe(3);
    expect(reviewed.flatMap((service) => service.review ?? [])).toEqual([]);
  });
});
