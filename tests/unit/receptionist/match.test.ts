import { describe, expect, it } from 'vitest';
import { hear } from '../../../local/receptionist/hear.js';
import { matchName } from '../../../local/receptionist/match.js';
import { CORPUS_SERVICES, CORPUS_STYLISTS } from './corpus/corpus-salon.js';
import { at } from '../booking/harness.js';

/** Services and stylists matched on whole words against the salon's own list: a table, so a changed rule shows. */
const SERVICES = CORPUS_SERVICES.map((service) => service.name);
const names = { services: SERVICES, stylists: CORPUS_STYLISTS };
const NOW = at('2026-11-25T09:00');

describe('services, matched on whole words', () => {
  it.each([
    ['a cut and blow-dry please', { kind: 'name', name: 'Cut and blow-dry' }],
    ['what would a cut and blow dry cost me', { kind: 'name', name: 'Cut and blow-dry' }],
    ['Just a blow-dry on Friday', { kind: 'name', name: 'Blow-dry' }],
    ['a blowdry', { kind: 'name', name: 'Blow-dry' }],
    ['Blow-dries for myself and my sister', { kind: 'name', name: 'Blow-dry' }],
    ['can i book a balyage', { kind: 'name', name: 'Balayage' }],
    ["I need a men's haircut", { kind: 'name', name: 'Gents cut' }],
    ['Kids cuts for my two lads', { kind: 'name', name: "Kids' cut" }],
    ['could I get my roots done', { kind: 'name', name: 'Root colour' }],
    ['full head of highlights', { kind: 'name', name: 'Full head highlights' }],
    ['half head', { kind: 'name', name: 'Half head highlights' }],
    ["I'd like a gents cut, sorry, no, a kids cut", { kind: 'name', name: "Kids' cut" }],
    ['a cut for Friday', { kind: 'options', options: ['Cut and blow-dry', 'Gents cut', "Kids' cut"] }],
    ['How much are highlights?', { kind: 'options', options: ['Half head highlights', 'Full head highlights'] }],
    ['just a trim', { kind: 'options', options: ['Fringe trim'] }],
    ['Do you do a beard trim?', { kind: 'unknown', said: 'beard trim' }],
    ['Do you do perms?', { kind: 'unknown', said: 'perms' }],
    ['What time do you open?', undefined],
  ] as const)('"%s"', (text, expected) => {
    const heard = matchName(text, SERVICES, { serviceWords: true });
    expect(heard && { ...heard, index: undefined }).toEqual(expected && { ...expected, index: undefined });
  });

  it('never reads a time as a service: "half ten" is no Half head highlights', () => {
    const turn = hear('have you anything tomorrow at half ten for a blow dry', names, NOW);
    expect(turn.service).toMatchObject({ kind: 'name', name: 'Blow-dry' });
    expect(turn.time).toBe('10:30');
    expect(hear('half ten?', names, NOW).service).toBeUndefined();
  });
});

describe('stylists', () => {
  it.each([
    ['Could I get a blow-dry with Aoife on Monday at 11, actually make it Ciara', { kind: 'name', name: 'Ciara' }],
    ["Hi, it's Siobhán here, could I get a cut and blow-dry with Aoife", { kind: 'name', name: 'Aoife' }],
    ['Can I book a blow-dry with Shivaun on Friday at 3?', { kind: 'options', options: ['Siobhán'] }],
    ['a cut with Bernadette', { kind: 'unknown', said: 'Bernadette' }],
    ['a root colour, anyone is fine', { kind: 'anyone' }],
    ['a cut with my daughter', undefined],
  ] as const)('"%s"', (text, expected) => {
    const stylist = hear(text, names, NOW).stylist;
    expect(stylist && { ...stylist, index: undefined }).toEqual(expected && { ...expected, index: undefined });
  });

  it("takes the caller's own name out before looking for a stylist", () => {
    const turn = hear("Hi, it's Ciara, could I book a blow-dry on Friday", names, NOW);
    expect(turn.name).toBe('Ciara');
    expect(turn.stylist).toBeUndefined();
  });
});
