import { script, type ScriptTemplate } from './script.js';

/** Services and stylists as callers name them: part of a name, another word for it, a name the salon has not got. */
export const MATCHING_SCRIPTS: ScriptTemplate[] = [
  script('service: "half ten" is a time, not Half head highlights', (c) => {
    const t = c.tomorrow();
    return {
      says: [`have you anything ${t.said} at half ten for a blow dry`, 'yes', 'Niamh', '087 131 4141', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: t.day.at('10:30') }] },
    };
  }),
  script('service: a time said alone after the service', (c) => {
    const t = c.tomorrow();
    return {
      says: ["I'd like to book a gents cut", t.said, 'half ten?', 'Pat', '087 141 5151', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: t.day.at('10:30') }] },
    };
  }),
  script('service: a beard trim is not offered; a gents cut instead', (c) => {
    const d = c.ahead(3);
    return {
      says: [`Do you do a beard trim? Could I get one ${d.weekday} at 11?`, 'Ah grand, a gents cut so', 'yes', 'Dave', '087 151 6161', 'yes'],
      expect: { says: /don't (do|offer)/, books: [{ service: 'Gents cut', start: d.at('11:00') }] },
    };
  }),
  script('price: cut and blow-dry, not Blow-dry', () => ({
    says: ['How much is a cut and blow-dry?'],
    expect: { says: /Cut and blow-dry is €55/, quotes: 'Cut and blow-dry' },
  })),
  script('price: cut and blow dry, unhyphenated', () => ({
    says: ['what would a cut and blow dry cost me'],
    expect: { says: /Cut and blow-dry is €55/, quotes: 'Cut and blow-dry' },
  })),
  script('stylist: an unknown name is asked about, not dropped', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Can I book a blow-dry with Shivaun on ${d.weekday} at 3?`, 'yeah, her', 'yes', 'Amy', '087 161 7171', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('15:00'), stylist: 'Siobhán' }] },
    };
  }),
  script('stylist: a caller called Siobhán asking for Aoife', (c) => {
    const d = c.ahead(5);
    return {
      says: [`Hi, it's Siobhán here, could I get a cut and blow-dry with Aoife on ${d.weekday} at 10?`, 'yes', '087 171 8181', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('10:00'), stylist: 'Aoife' }] },
    };
  }),
  script('price: highlights, both kinds', () => ({
    says: ['How much are highlights?'],
    expect: { says: /€95[^€]*€130|€130[^€]*€95/ },
  })),
  script('service: highlights, which kind', (c) => {
    const d = c.ahead(3);
    return {
      says: [`I'd like highlights on ${d.weekday} at 10`, 'half head', 'yes', 'Fiona', '087 181 9191', 'yes'],
      expect: { books: [{ service: 'Half head highlights', start: d.at('10:00') }] },
    };
  }),
  script('service: a typo', (c) => {
    const d = c.ahead(2);
    return {
      says: [`can i book a balyage for ${d.weekday.toLowerCase()} at 11`, 'yes', 'Hannah', '087 191 0202', 'yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('11:00') }] },
    };
  }),
  script("service: a men's haircut", (c) => {
    const t = c.tomorrow();
    return {
      says: [`I need a men's haircut ${t.said} at 4`, 'yes', 'Conor', '087 202 1313', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: t.day.at('16:00') }] },
    };
  }),
  script('service: perms are not offered', () => ({
    says: ['Do you do perms?'],
    expect: { says: /don't (do|offer)/ },
  })),
  script('service: the first time offered on Monday', (c) => {
    const d = c.ahead(4);
    return {
      says: [`just a fringe trim, whenever you have on ${d.weekday}`, 'first one is grand', 'Kate', '087 212 2424', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('09:00') }] },
    };
  }),
  script('stylist: is she in on Saturday', (c) => {
    const d = c.ahead(3);
    return {
      says: [`Is Ciara in on ${d.weekday}? I'd want a blow-dry at 12`, 'yes', 'Mags', '087 222 3535', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('12:00'), stylist: 'Ciara' }] },
    };
  }),
  script('service: just a blow-dry, not the cut and blow-dry', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Just a blow-dry on ${d.weekday} at 4`, 'yes', 'Joan', '087 232 4646', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('16:00') }] },
    };
  }),
  script('service: "a cut" is asked back', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Can I book a cut for ${d.weekday} at 2?`, 'a cut and blow-dry', 'yes', 'Ann', '087 242 5757', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('14:00') }] },
    };
  }),
  script('stylist: anyone is fine', (c) => {
    const d = c.openFrom(6);
    return {
      says: [`a root colour on ${d.weekday} the ${d.nth} at 1, anyone is fine`, 'yes', 'Deirdre', '087 252 6868', 'yes'],
      expect: { books: [{ service: 'Root colour', start: d.at('13:00') }] },
    };
  }),
  script('price: a fringe trim', () => ({
    says: ['how much for a fringe trim'],
    expect: { says: /Fringe trim is €10/, quotes: 'Fringe trim' },
  })),
  script('price: then booking it, a day in full at half eleven', (c) => {
    const d = c.openFrom(16);
    return {
      says: [
        'How much is a balayage?',
        `Lovely, can I book one for ${d.weekday} the ${d.nth} of ${d.month} at half eleven?`,
        'yes',
        'Niamh',
        '087 262 7979',
        'yes',
      ],
      expect: { says: /Balayage is €180/, books: [{ service: 'Balayage', start: d.at('11:30') }] },
    };
  }),
  script('service: kids cut for a daughter, with a stylist', (c) => {
    const d = c.openFrom(8);
    return {
      says: [`a kids' cut for my daughter with Siobhán on ${d.weekday} the ${d.nth} at 4`, 'yes', 'Ella', '087 272 8080', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: d.at('16:00'), stylist: 'Siobhán' }] },
    };
  }),
  script('service: colour at the roots', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Could I get my roots done ${d.weekday} at 9`, 'yes', 'Maeve', '087 282 9191', 'yes'],
      expect: { books: [{ service: 'Root colour', start: d.at('09:00') }] },
    };
  }),
  script('service: full head, not half head', (c) => {
    const d = c.ahead(4);
    return {
      says: [`full head of highlights on ${d.weekday} at 10 please`, 'yes', 'Tara', '087 292 0303', 'yes'],
      expect: { books: [{ service: 'Full head highlights', start: d.at('10:00') }] },
    };
  }),
  script('all in one: name, number, service, day and time', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Hi it's Mary Murphy, could I book a cut and blow-dry on ${d.weekday} the ${d.nth} at 10, my number is 087 123 4567`, 'yes', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('10:00') }] },
    };
  }),
];
