import type { Script } from './script.js';

/** Services and stylists as callers name them: part of a name, another word for it, a name the salon has not got. */
export const MATCHING_SCRIPTS: Script[] = [
  {
    id: 'service: "half ten" is a time, not Half head highlights',
    says: ['have you anything tomorrow at half ten for a blow dry', 'yes', 'Niamh', '087 131 4141', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-26T10:30' }] },
  },
  {
    id: 'service: a time said alone after the service',
    says: ["I'd like to book a gents cut", 'tomorrow', 'half ten?', 'Pat', '087 141 5151', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-11-26T10:30' }] },
  },
  {
    id: 'service: a beard trim is not offered; a gents cut instead',
    says: ['Do you do a beard trim? Could I get one Saturday at 11?', 'Ah grand, a gents cut so', 'yes', 'Dave', '087 151 6161', 'yes'],
    expect: { says: /don't (do|offer)/, books: [{ service: 'Gents cut', start: '2026-11-28T11:00' }] },
  },
  {
    id: 'price: cut and blow-dry, not Blow-dry',
    says: ['How much is a cut and blow-dry?'],
    expect: { says: /Cut and blow-dry is €55/, quotes: 'Cut and blow-dry' },
  },
  {
    id: 'price: cut and blow dry, unhyphenated',
    says: ['what would a cut and blow dry cost me'],
    expect: { says: /Cut and blow-dry is €55/, quotes: 'Cut and blow-dry' },
  },
  {
    id: 'stylist: an unknown name is asked about, not dropped',
    says: ['Can I book a blow-dry with Shivaun on Friday at 3?', 'yeah, her', 'yes', 'Amy', '087 161 7171', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-27T15:00', stylist: 'Siobhán' }] },
  },
  {
    id: 'stylist: a caller called Siobhán asking for Aoife',
    says: ["Hi, it's Siobhán here, could I get a cut and blow-dry with Aoife on Tuesday at 10?", 'yes', '087 171 8181', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-12-01T10:00', stylist: 'Aoife' }] },
  },
  {
    id: 'price: highlights, both kinds',
    says: ['How much are highlights?'],
    expect: { says: /€95[^€]*€130|€130[^€]*€95/ },
  },
  {
    id: 'service: highlights, which kind',
    says: ["I'd like highlights on Saturday at 10", 'half head', 'yes', 'Fiona', '087 181 9191', 'yes'],
    expect: { books: [{ service: 'Half head highlights', start: '2026-11-28T10:00' }] },
  },
  {
    id: 'service: a typo',
    says: ['can i book a balyage for friday at 11', 'yes', 'Hannah', '087 191 0202', 'yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-11-27T11:00' }] },
  },
  {
    id: "service: a men's haircut",
    says: ["I need a men's haircut tomorrow at 4", 'yes', 'Conor', '087 202 1313', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-11-26T16:00' }] },
  },
  {
    id: 'service: perms are not offered',
    says: ['Do you do perms?'],
    expect: { says: /don't (do|offer)/ },
  },
  {
    id: 'service: the first time offered on Monday',
    says: ['just a fringe trim, whenever you have on Monday', 'first one is grand', 'Kate', '087 212 2424', 'yes'],
    expect: { books: [{ service: 'Fringe trim', start: '2026-11-30T09:00' }] },
  },
  {
    id: 'stylist: is she in on Saturday',
    says: ["Is Ciara in on Saturday? I'd want a blow-dry at 12", 'yes', 'Mags', '087 222 3535', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-28T12:00', stylist: 'Ciara' }] },
  },
  {
    id: 'service: just a blow-dry, not the cut and blow-dry',
    says: ['Just a blow-dry on Friday at 4', 'yes', 'Joan', '087 232 4646', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-27T16:00' }] },
  },
  {
    id: 'service: "a cut" is asked back',
    says: ['Can I book a cut for Friday at 2?', 'a cut and blow-dry', 'yes', 'Ann', '087 242 5757', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-27T14:00' }] },
  },
  {
    id: 'stylist: anyone is fine',
    says: ['a root colour on Tuesday the 1st at 1, anyone is fine', 'yes', 'Deirdre', '087 252 6868', 'yes'],
    expect: { books: [{ service: 'Root colour', start: '2026-12-01T13:00' }] },
  },
  {
    id: 'price: a fringe trim',
    says: ['how much for a fringe trim'],
    expect: { says: /Fringe trim is €10/, quotes: 'Fringe trim' },
  },
  {
    id: 'price: then booking it, Friday the 11th of December at half eleven',
    says: ['How much is a balayage?', 'Lovely, can I book one for Friday the 11th of December at half eleven?', 'yes', 'Niamh', '087 262 7979', 'yes'],
    expect: { says: /Balayage is €180/, books: [{ service: 'Balayage', start: '2026-12-11T11:30' }] },
  },
  {
    id: 'service: kids cut for a daughter, with a stylist',
    says: ["a kids' cut for my daughter with Siobhán on Thursday the 3rd at 4", 'yes', 'Ella', '087 272 8080', 'yes'],
    expect: { books: [{ service: "Kids' cut", start: '2026-12-03T16:00', stylist: 'Siobhán' }] },
  },
  {
    id: 'service: colour at the roots',
    says: ['Could I get my roots done Friday at 9', 'yes', 'Maeve', '087 282 9191', 'yes'],
    expect: { books: [{ service: 'Root colour', start: '2026-11-27T09:00' }] },
  },
  {
    id: 'service: full head, not half head',
    says: ['full head of highlights on Monday at 10 please', 'yes', 'Tara', '087 292 0303', 'yes'],
    expect: { books: [{ service: 'Full head highlights', start: '2026-11-30T10:00' }] },
  },
  {
    id: 'all in one: name, number, service, day and time',
    says: ["Hi it's Mary Murphy, could I book a cut and blow-dry on Friday the 27th at 10, my number is 087 123 4567", 'yes', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-27T10:00' }] },
  },
];
