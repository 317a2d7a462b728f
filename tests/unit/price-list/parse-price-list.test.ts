import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractedServiceDraftSchema } from '../../../functions/contracts/price-list.js';
import { parsePriceList, type ParsedService } from '../../../functions/core/price-list/parse-price-list.js';
import { servicePriceCents } from '../../../functions/core/money.js';

const single = (name: string, price: number, duration = 0, comment = ''): ParsedService => ({
  name,
  duration,
  price,
  price_min: null,
  price_max: null,
  isRange: false,
  comment,
});
const range = (name: string, min: number | null, max: number | null, duration = 0, comment = ''): ParsedService => ({
  name,
  duration,
  price: null,
  price_min: min,
  price_max: max,
  isRange: true,
  comment,
});
/** A line in a document that marks its prices with € (as nearly every list does). */
const withEuros = (line: string) => `Cut €40\nColour €80\n${line}`;
const lastOf = (text: string) => parsePriceList(text).at(-1);

describe('parsePriceList: prices', () => {
  it.each([
    ['Cut & Finish €45', single('Cut & Finish', 45)],
    ['Cut & Finish: €45', single('Cut & Finish', 45)],
    ['Cut & Finish - €45', single('Cut & Finish', 45)],
    ['Cut & Finish € 45', single('Cut & Finish', 45)],
    ['Cut & Finish 45€', single('Cut & Finish', 45)],
    ['Cut & Finish 45 euro', single('Cut & Finish', 45)],
    ['Cut & Finish EUR 45', single('Cut & Finish', 45)],
    ['Cut & Finish €45.00', single('Cut & Finish', 45)],
    ['Cut & Finish €45,00', single('Cut & Finish', 45)],
    ['Bridal Package €1,200', single('Bridal Package', 1200)],
    ['Cut & Finish ....... €45', single('Cut & Finish', 45)],
    ['Cut & Finish …… €45', single('Cut & Finish', 45)],
    ['Cut & Finish _______ €45', single('Cut & Finish', 45)],
    ['• Cut & Finish €45', single('Cut & Finish', 45)],
    ['1. Cut & Finish €45', single('Cut & Finish', 45)],
    ['Cut & Finish\t€45', single('Cut & Finish', 45)],
    ['Cut & Finish | €45', single('Cut & Finish', 45)],
  ])('reads %j', (line, expected) => {
    expect(lastOf(withEuros(line))).toEqual(expected);
  });

  // Issue 45: prices are kept in cents, so the import keeps a listed price's cents (€24.50 → 2450 cents, never €25).
  it('keeps a listed price’s cents: €24.50 is 2450 cents, €25 stays 2500, €7.49 stays 749', () => {
    const gents = lastOf(withEuros('Gents Cut €24.50'));
    expect(gents).toEqual(single('Gents Cut', 24.5));
    expect(servicePriceCents(gents!).priceCents).toBe(2450);
    expect(servicePriceCents(lastOf(withEuros('Gents Cut €25'))!).priceCents).toBe(2500);
    expect(servicePriceCents(lastOf(withEuros('Fringe €7.49'))!).priceCents).toBe(749);
    expect(lastOf(withEuros('Colour €35.50 – €60.99'))).toEqual(range('Colour', 35.5, 60.99));
    expect(extractedServiceDraftSchema.safeParse(gents).success).toBe(true);
  });

  it.each([
    ['Balayage €120–€180', range('Balayage', 120, 180)],
    ['Balayage €120 - €180', range('Balayage', 120, 180)],
    ['Balayage €120-180', range('Balayage', 120, 180)],
    ['Balayage €120 to €180', range('Balayage', 120, 180)],
    ['Balayage 120 - 180 euro', range('Balayage', 120, 180)],
    ['Balayage from €120', range('Balayage', 120, null)],
    ['Balayage From €120', range('Balayage', 120, null)],
    ['Balayage starting at €120', range('Balayage', 120, null)],
    ['Balayage €120+', range('Balayage', 120, null)],
    ['Balayage €120 upwards', range('Balayage', 120, null)],
    ['Colour Correction up to €300', range('Colour Correction', null, 300)],
    ['Balayage €180–€120', range('Balayage', 120, 180)],
    ['Balayage €120–€120', single('Balayage', 120)],
  ])('reads the range %j', (line, expected) => {
    expect(lastOf(withEuros(line))).toEqual(expected);
  });

  it('turns several prices for one name (lengths) into a range, listing them in the comment', () => {
    expect(lastOf(withEuros('Cut & Blow Dry   €40   €50   €60'))).toEqual(range('Cut & Blow Dry', 40, 60, 0, '€40 / €50 / €60'));
  });

  it('reads bare numbers as prices in a list without € signs', () => {
    expect(parsePriceList('Ladies Cut 45\nGents Cut 20.00\nHighlights 90-120')).toEqual([
      single('Ladies Cut', 45),
      single('Gents Cut', 20),
      range('Highlights', 90, 120),
    ]);
  });

  it('does not take counts, ages, years, percentages or numbers in brackets for prices', () => {
    expect(parsePriceList('Olaplex No.3 treatment\nKids Cut (under 12)\nPrice List 2025\nStudents 10% off\n3 foils')).toEqual([]);
    expect(parsePriceList('Kids Cut (under 12) 15')).toEqual([single('Kids Cut', 15, 0, 'under 12')]);
    expect(parsePriceList('Half Head 10 foils 85')).toEqual([single('Half Head 10 foils', 85)]);
  });

  it("leaves an amount in an owner's note in brackets to the note, unless the line has no other price", () => {
    expect(parsePriceList('Student Cut (€5 off with ID) €20\nKids Cut (under 12, €2 extra for wash) €12\nColour €70 (approx. €80 with toner)')).toEqual([
      single('Student Cut', 20, 0, '€5 off with ID'),
      single('Kids Cut', 12, 0, 'under 12, €2 extra for wash'),
      single('Colour', 70, 0, '€80 with toner'),
    ]);
    // A bracket of nothing but a price's words is the price; alone on its line, a note's amount is too.
    expect(parsePriceList('Full Head Colour (from €65)\nToner (€25)\nBridal Trial (€50 deposit)')).toEqual([
      range('Full Head Colour', 65, null),
      single('Toner', 25),
      single('Bridal Trial', 50, 0, 'deposit'),
    ]);
  });

  it('ignores bare numbers when the list marks its prices with €, except in a price column', () => {
    expect(lastOf(withEuros('Fringe Trim 8'))).toEqual(single('Colour', 80));
    expect(lastOf(withEuros('Toner 25.00'))).toEqual(single('Toner', 25));
    expect(lastOf(withEuros('Cut only ........ 35'))).toEqual(single('Cut only', 35));
    expect(lastOf(withEuros('Cut only\t35'))).toEqual(single('Cut only', 35));
    expect(lastOf(withEuros('Cut only ........ 35 (short hair)'))).toEqual(single('Colour', 80));
  });

  it.each([
    ['Consultation   Free', 'Free', false],
    ['Colour Correction   Price on consultation', 'Price on consultation', true],
    ['Colour Correction  POA', 'Poa', true],
    ['Patch Test - Complimentary', 'Complimentary', false],
  ])('keeps %j as a service with no price (on consultation: %s)', (line, comment, consultation) => {
    const service = lastOf(withEuros(line));
    expect(service).toMatchObject({ price: null, price_min: null, price_max: null, isRange: false, comment });
    // Issue 45: "POA" and "price on consultation" become the wizard's "Price on consultation"; free stays free.
    expect(service?.consultation ?? false).toBe(consultation);
  });

  it('does not read "free" inside a sentence as a price', () => {
    expect(parsePriceList('Cut €40\nColour €80\nFree fringe trims between appointments')).toHaveLength(2);
  });
});

describe('parsePriceList: durations', () => {
  it.each([
    ['Root Tint 1hr 30 €55', 90],
    ['Root Tint 1 hr 30 mins €55', 90],
    ['Root Tint 1hr30 €55', 90],
    ['Root Tint 1h 30m €55', 90],
    ['Root Tint 90 mins €55', 90],
    ['Root Tint 90mins €55', 90],
    ['Root Tint (90 min) €55', 90],
    ['Root Tint 45m €55', 45],
    ['Root Tint 2 hours €55', 120],
    ['Root Tint 2 hrs €55', 120],
    ['Root Tint 1.5 hrs €55', 90],
    ['Root Tint 1½ hrs €55', 90],
    ['Root Tint 1:30 hrs €55', 90],
    ['Root Tint 2-3 hrs €55', 180],
    ['Root Tint 45-60 mins €55', 60],
    ['Root Tint €55 (1hr)', 60],
    ['Root Tint €55 ...... 40 mins', 40],
    ['Root Tint 2 hours 30 mins €55', 150],
  ])('reads %j', (line, minutes) => {
    expect(lastOf(withEuros(line))).toMatchObject({ name: 'Root Tint', duration: minutes, price: 55 });
  });

  it('gives 0 when no duration is listed, and ignores impossible ones', () => {
    expect(lastOf(withEuros('Toner €25'))!.duration).toBe(0);
    expect(lastOf(withEuros('Toner 48 hours €25'))!.duration).toBe(0);
    expect(lastOf(withEuros('Toner 2 mins €25'))!.duration).toBe(0);
  });

  it('does not take minutes after hours from a price column', () => {
    expect(parsePriceList('Full Head Highlights   2 hrs       85.00 - 100.00')).toEqual([range('Full Head Highlights', 85, 100, 120)]);
    // A photo's cells come apart by a tab: "1h" in the time column, "43" its price (a list without €).
    expect(parsePriceList('Wash, Cut & Finish\t1h\t43\nDry Trim\t30m\t25')).toEqual([single('Wash, Cut & Finish', 43, 60), single('Dry Trim', 25, 30)]);
    expect(parsePriceList('Root Tint 1h 15\t€52')).toEqual([single('Root Tint', 52, 75)]);
  });
});

describe('parsePriceList: layout', () => {
  it('reads several services on one line (multi-column)', () => {
    expect(parsePriceList('Wash & Blow Dry €30   Cut & Finish €45\nDry Cut €38 Gents Cut €24 Fringe €10')).toEqual([
      single('Wash & Blow Dry', 30),
      single('Cut & Finish', 45),
      single('Dry Cut', 38),
      single('Gents Cut', 24),
      single('Fringe', 10),
    ]);
    expect(parsePriceList('Curly Cut (1 hr 30) €70 Fringe Trim\t€10\nBalayage (3 hrs)\t€160 – €220 Toner\t€30')).toEqual([
      single('Curly Cut', 70, 90),
      single('Fringe Trim', 10),
      range('Balayage', 160, 220, 180),
      single('Toner', 30),
    ]);
  });

  it('joins a name with its price on the next line', () => {
    expect(parsePriceList('COLOUR\nFull Head Highlights\n€95\nHalf Head Highlights\n2 hrs   €80')).toEqual([
      single('Full Head Highlights', 95),
      single('Half Head Highlights', 80, 120),
    ]);
  });

  it('keeps headings out of names, adding them to the comment only of names that need them', () => {
    expect(parsePriceList('HIGHLIGHTS\nFull Head €120\nT-Section €65\nCUTTING & STYLING:\nCut & Blow Dry €45\nShort Hair €40')).toEqual([
      single('Full Head', 120, 0, 'Highlights'),
      single('T-Section', 65, 0, 'Highlights'),
      single('Cut & Blow Dry', 45),
      single('Short Hair', 40, 0, 'Cutting & Styling'),
    ]);
  });

  it('moves bracketed text and trailing notes to the comment, and attaches a note line to the service above', () => {
    expect(parsePriceList('Cut €40\nKids Cut (under 12) €15\nFull Head Highlights €120 includes toner\n(Olaplex added free)')).toEqual([
      single('Cut', 40),
      single('Kids Cut', 15, 0, 'under 12'),
      single('Full Head Highlights', 120, 0, 'includes toner; Olaplex added free'),
    ]);
  });

  // Issue 46, point 6: "Patch test required" and "Senior Stylist prices +€5" were imported as services.
  it('keeps a test a service needs, or a surcharge, as a note: the comment of the service right above, never a service', () => {
    expect(parsePriceList('Full Head Colour (90 mins) €65\nPatch test required\nCut & Blow Dry €45\nSenior Stylist prices +€5')).toEqual([
      single('Full Head Colour', 65, 90, 'Patch test required'),
      single('Cut & Blow Dry', 45, 0, 'Senior Stylist prices +€5'),
    ]);
    // Below a blank line a note is the list's own, not the service's: it is no service either.
    expect(parsePriceList('Gents Cut €25\n\nSenior Stylist +€5\n* Patch test required 48 hrs before colour\nRoot Tint €50')).toEqual([
      single('Gents Cut', 25),
      single('Root Tint', 50),
    ]);
  });

  it('leaves footnotes and sentences with prices alone, and "approx." out of comments', () => {
    expect(
      parsePriceList('Boys (under 12)   €14\n* Senior citizens 10% off Tuesdays\nHair treatments are €15 with any service.\nColour from €70 (approx. 2 hours)'),
    ).toEqual([single('Boys', 14, 0, 'under 12'), range('Colour', 70, null, 120)]);
  });

  it('makes ALL-CAPS names Title Case, keeping acronyms and model names', () => {
    expect(parsePriceList('WASH & BLOW DRY €30\nOAP CUT €14\nK18 TREATMENT €25')).toEqual([
      single('Wash & Blow Dry', 30),
      single('OAP Cut', 14),
      single('K18 Treatment', 25),
    ]);
  });

  it('skips table headers, titles, contact details, opening hours, terms and prose', () => {
    const text = [
      "AOIFE'S HAIR STUDIO",
      'Price List 2025',
      '12 Main Street, Naas | Tel: 045 123 456 | www.aoifes.ie | hello@aoifes.ie',
      'Service        Time      Price',
      'Cut & Blow Dry 45 mins €45',
      'Open Tues-Sat 9.30-6, late Thursday until 8',
      'Monday 9-6',
      'Call 021 427 1234 to book',
      'A €20 deposit secures colour appointments.',
      'Cancellation fee €15 within 24 hours',
      'Gift vouchers from €25',
      'Patch test required 48 hours before all colour services.',
      'Students 10% off Monday to Wednesday.',
    ].join('\n');
    expect(parsePriceList(text)).toEqual([single('Cut & Blow Dry', 45, 45)]);
  });

  it('reads Windows line endings, no-break spaces and typographic dashes', () => {
    expect(parsePriceList('Cut\u00a0&\u00a0Finish\u00a0€45\r\nBalayage €120\u2014€180\r\n')).toEqual([single('Cut & Finish', 45), range('Balayage', 120, 180)]);
  });

  it('takes no service from a line holding a phone number or a county after a comma, however OCR misread the rest of it', () => {
    const text = [
      'Colour €80',
      '22 Recipe Sweet, Lsnerkanny, €2 Donegal « 074 76 1247',
      '|\tCo. Tipperary - 052 48 8908\t3',
      'Bookings (066) 712 3456 or +353 87 123 4567 €5 deposit',
      '4 Castle Served. Portlaoise, Co. aoe\t9',
      'Cut & Blow Dry €45',
    ].join('\n');
    expect(parsePriceList(text)).toEqual([single('Colour', 80), single('Cut & Blow Dry', 45)]);
  });

  // Hard photos of tuning seeds 482, 485 and 489, and of seed 1844707390 (photo 5).
  it('takes no service from an address whose county OCR lost, nor from a phone number whose middle group was read as a price', () => {
    const text = [
      'Colour €80',
      '11 Market Square, Athlone, Tc. Wesuneath - U0 €7 46735',
      '57 Bride Sweet, Traits. Co. Kerry - 05% €3 3355',
      '23 Conti Seveet. Lefetkmney To. Cone - 074 €2 8842',
      '43 Corsi: Cure, Enis, Co, Clare – 065 2s\t€302',
      'Salon Nua Hair & Beauty',
      '€7 Clinch Stet, Tralee, Co. le.ty - GBb +L 30%',
      'Cut & Blow Dry €45\t60 mins',
    ].join('\n');
    expect(parsePriceList(text)).toEqual([single('Colour', 80), single('Cut & Blow Dry', 45, 60)]);
  });

  it('gives no service for a name that took in a price OCR glued to it ("Toner & Gloss €Q27w", tuning seed 489, photo 59)', () => {
    expect(parsePriceList('Toner & Gloss €Q27w\t€37\nBlow Dry\t€30').map((service) => service.name)).toEqual(['Blow Dry']);
  });

  it('gives no service for a table header that took the first row\'s price ("Service Time Price €58", tuning seed 482, photo 38), yet keeps a service called "Treatment" (tuning image tiny-scan-carlow)', () => {
    expect(parsePriceList('Service\tTime\tPrice €58\nLash Tint\t20 mins\t€18\nTreatment\t€16').map((service) => service.name)).toEqual([
      'Lash Tint',
      'Treatment',
    ]);
  });

  it('takes no service from a footnote whose first word OCR misread ("Depasit of €20 required…")', () => {
    expect(parsePriceList('Bridal Hair €220\nDepasit of €20 required for bridal bookings')).toEqual([single('Bridal Hair', 220)]);
  });

  it('drops exact duplicates and stops at the service cap', () => {
    expect(parsePriceList('Cut €40\nCut €40\nCut €45')).toEqual([single('Cut', 40), single('Cut', 45)]);
    const long = Array.from({ length: 30 }, (_, index) => `Service ${String.fromCharCode(65 + (index % 26))}${index} €${index + 10}`).join('\n');
    expect(parsePriceList(long, { maxServices: 7 })).toHaveLength(7);
  });
});

describe('parsePriceList: never crashes, always answers valid services', () => {
  const check = (text: string) => {
    const services = parsePriceList(text);
    for (const service of services) expect(extractedServiceDraftSchema.safeParse(service).success).toBe(true);
  };

  it('on random strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 400, unit: 'binary' }), check), { numRuns: 400 });
  });

  it('when the top of a span is out of bounds (found by the property below)', () => {
    check('Cut €100000.50 €100000.50 – €1');
    check('Colour €0 – €10 €60 – €100000.9');
  });

  it('on random price-list-shaped lines', () => {
    const word = fc.constantFrom(
      'Cut',
      'Blow Dry',
      '&',
      'Colour',
      'from',
      'to',
      '-',
      '–',
      '(',
      ')',
      '.....',
      'FULL HEAD',
      'mins',
      'hrs',
      '1hr',
      '½',
      'Free',
      'POA',
      '\t',
      '   ',
      '|',
      'No.',
      'under',
    );
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 100_000 }).map(String),
      fc.integer({ min: 0, max: 2000 }).map((value) => `€${value}`),
      fc.float({ min: 0, max: 1e6, noNaN: true }).map((value) => `€${value.toFixed(2)}`),
      fc.integer({ min: 0, max: 999 }).map((value) => `${value} mins`),
    );
    const line = fc.array(fc.oneof(word, amount), { maxLength: 12 }).map((parts) => parts.join(' '));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }).map((lines) => lines.join('\n')),
        check,
      ),
      { numRuns: 400 },
    );
  });

  it('on random bytes read as Latin-1 and as UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        check(Buffer.from(bytes).toString('latin1'));
        check(Buffer.from(bytes).toString('utf8'));
      }),
      { numRuns: 200 },
    );
  });

  it('on a long pathological line in good time', () => {
    const started = Date.now();
    parsePriceList(`${'1 '.repeat(20_000)}\n${'€'.repeat(20_000)}\n${'.'.repeat(50_000)} €4\n${'( '.repeat(10_000)}`);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
