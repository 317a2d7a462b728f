import type { Calendar } from './calendar.js';
import { CALLER_PHONE } from './corpus-salon.js';
import { script, type ScriptTemplate } from './script.js';

/**
 * What issue 41 found, as a new user met it: a move that became a second booking, today's weekday
 * asked back in a loop, answers that did not fit the question, numbers said in words, a full Irish
 * name cut short, "a eyebrow waxing". Tuning set: the receptionist was changed while looking at these.
 */
/** A weekday a day or more on: Saturday closes at five, too soon for a three-hour balayage at half two. */
const weekday = (c: Calendar) => c.next('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday');

export const ISSUE_41_SCRIPTS: ScriptTemplate[] = [
  script('move: "half two is perfect" from the times offered takes half two', (c) => {
    const d = weekday(c);
    return {
      existing: [
        { service: 'Balayage', start: d.at('10:00'), stylist: 'Aoife' },
        { service: 'Blow-dry', start: d.at('13:00'), stylist: 'Aoife', callerPhone: '087 000 0001' },
      ],
      says: [
        `I need to move my balayage on ${d.weekday} to one o'clock, with Aoife`,
        CALLER_PHONE,
        'yes',
        { if: /instead|suit/i, say: 'Half two is perfect' },
        { if: /half two.*\?$|shall i/i, say: 'yes' },
      ],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('14:30') }] },
    };
  }),
  script('move: "no wait, I said half two" changes the pending move', (c) => {
    const d = weekday(c);
    return {
      existing: [{ service: 'Balayage', start: d.at('10:00'), stylist: 'Aoife' }],
      says: [`Can I move my balayage on ${d.weekday} to two?`, CALLER_PHONE, 'No wait, I said half two', 'yes'],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('14:30') }] },
    };
  }),
  script('move: "move my balayage on Friday to half two instead" is a move', (c) => {
    const d = weekday(c);
    return {
      existing: [{ service: 'Balayage', start: d.at('10:00'), stylist: 'Aoife' }],
      says: [`can you move my balayage on ${d.weekday} to half two instead?`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('14:30') }] },
    };
  }),
  script('book: a caller with a 14:00 balayage who asks for 14:30 is offered to move it', (c) => {
    const d = weekday(c);
    return {
      existing: [{ service: 'Balayage', start: d.at('14:00'), stylist: 'Aoife' }],
      says: [
        `Could I book a balayage on ${d.weekday} at half two?`,
        'yes',
        'Máire Ní Bhriain',
        CALLER_PHONE,
        'yes',
        { if: /already have/i, say: 'yes, move it' },
        { if: /shall i|\?$/, say: 'yes' },
      ],
      expect: { moves: [{ from: d.at('14:00'), to: d.at('14:30') }], says: /already have a Balayage/ },
    };
  }),
  script('book: the same time again for another person is booked as well', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Fringe trim', start: d.at('11:00') }],
      says: [
        `a fringe trim ${d.weekday} at 11 please`,
        'yes',
        'Nora',
        CALLER_PHONE,
        'yes',
        { if: /already have/i, say: "no, it's for my daughter" },
        { if: /name/i, say: 'Ciara Byrne' },
        { if: /shall i|\?$/, say: 'yes' },
      ],
      expect: { books: [{ service: 'Fringe trim', start: d.at('11:00'), name: 'Ciara Byrne' }] },
    };
  }),
  script("today's weekday: asked once, in words a caller can answer, then today", (c) => {
    const later = c.laterToday(30, '10:00');
    const d = later ? c.today : c.ahead(2);
    const time = later ?? '10:00';
    return {
      says: [
        `Can I get a blow-dry ${d.weekday} at ${time === '10:00' ? 10 : time}?`,
        { if: /today/i, say: 'today' },
        { if: /free|shall i book|suit/i, say: 'yes' },
        'Aoibhinn',
        '087 456 1234',
        'yes',
      ],
      expect: {
        books: [{ service: 'Blow-dry', start: d.at(time) }],
        ...(later ? { says: new RegExp(`Today, or next ${c.today.weekday} the ${c.today.plus(7).nth}\\?`) } : {}),
      },
    };
  }),
  script("today's weekday: an answer that does not choose is asked another way, never three times", (c) => {
    const later = c.laterToday(30, '10:00');
    if (!later) {
      const d = c.ahead(3);
      return {
        says: [`a blow-dry ${d.weekday} at 10`, 'grand', 'Sadie', '087 456 2222', 'yes'],
        expect: { books: [{ service: 'Blow-dry', start: d.at('10:00') }] },
      };
    }
    return {
      says: [
        `Have you anything for a blow-dry ${c.today.weekday} at ${later}?`,
        'yes',
        'grand',
        { if: /today/i, say: 'the first one' },
        { if: /free|shall i book|suit/i, say: 'yes' },
        'Sadie',
        '087 456 2222',
        'yes',
      ],
      expect: { books: [{ service: 'Blow-dry', start: c.today.at(later) }] },
    };
  }),
  script('today\'s weekday: "Saturday at 10" does not choose, next week\'s picked', (c) => {
    const later = c.laterToday(60, '10:00');
    const next = c.today.plus(7);
    if (!later || !next.open) {
      const d = c.ahead(2);
      return {
        says: [`a cut and blow-dry ${d.weekday} at 11`, 'yes', 'Úna', '087 456 3333', 'yes'],
        expect: { books: [{ service: 'Cut and blow-dry', start: d.at('11:00') }] },
      };
    }
    return {
      says: [
        `A cut and blow-dry ${c.today.weekday} at ${later}`,
        `${c.today.weekday} at ${later}`,
        { if: /today|next/i, say: 'next week' },
        { if: /free|shall i book|suit/i, say: 'yes' },
        'Úna',
        '087 456 3333',
        'yes',
      ],
      expect: { books: [{ service: 'Cut and blow-dry', start: next.at(later) }] },
    };
  }),
  script("today's weekday: no time left today means next week's, unasked", (c) => {
    const next = c.today.plus(7);
    if (c.laterToday(30) || !next.open) {
      const d = c.ahead(4);
      return {
        says: [`gents cut ${d.weekday} at 12`, 'yes', 'Fergal', '087 456 4444', 'yes'],
        expect: { books: [{ service: 'Gents cut', start: d.at('12:00') }] },
      };
    }
    return {
      says: [`Could I book a gents cut for ${c.today.weekday} at 12?`, { if: /free|shall i book|suit/i, say: 'yes' }, 'Fergal', '087 456 4444', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: next.at('12:00') }] },
    };
  }),
  script('move: to a weekday, same time', (c) => {
    const [from, to] = [c.ahead(1), c.ahead(3)];
    return {
      existing: [{ service: 'Blow-dry', start: from.at('10:00') }],
      says: [`Can I move my blow-dry on ${from.weekday} to ${to.weekday}, same time?`, CALLER_PHONE, { if: /what time/i, say: 'ten' }, 'yes'],
      expect: { moves: [{ from: from.at('10:00'), to: to.at('10:00') }] },
    };
  }),
  script('book: a toner for a date and month, at 11am', (c) => {
    const d = c.openFrom(20);
    return {
      layout: 'naas',
      says: [`Could I book a toner for ${d.dom} ${d.month} at 11am?`, 'yes', 'Aisling', '087 112 2334', 'yes'],
      expect: { books: [{ service: 'Toner', start: d.at('11:00') }] },
    };
  }),
  script('cancel: the one booking under the number, no day asked', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Upstyle', start: d.at('11:00') }],
      says: ['Cancel my appointment', CALLER_PHONE, { if: /which day/i, say: d.weekday }, 'yes'],
      expect: { cancels: [d.at('11:00')], avoid: /which day/i },
    };
  }),
  script('cancel: "cancel that booking, I\'m away that weekend"', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('11:00') }],
      says: [`I've a blow-dry on ${d.weekday}, cancel that booking, I'm away that weekend`, CALLER_PHONE, 'yes'],
      expect: { cancels: [d.at('11:00')] },
    };
  }),
  script('price: one price for a cut and blow-dry, in another layout', () => ({
    layout: 'naas',
    says: ['How much is a cut and blow-dry?'],
    expect: { says: /Ladies Cut & Blow Dry is €55/, quotes: 'Ladies Cut & Blow Dry', avoid: /€30|€40|€35/ },
  })),
  script('price: a blow dry, not the curly one, in another layout', () => ({
    layout: 'naas',
    says: ['how much is a blow dry'],
    expect: { says: /Blow Dry is €30/, quotes: 'Blow Dry', avoid: /€55|€40/ },
  })),
  script('hours: open till on Thursday, the hour asked', () => ({
    says: ['What time are you open till on Thursday?'],
    expect: { says: /Thursday.*\bsix\b/, avoid: /Saturday|Main Street/ },
  })),
  script('hours: open Monday?', () => ({
    says: ['Are you open Monday?'],
    expect: { says: /Monday.*nine to six|Yes/, avoid: /Saturday|Main Street/ },
  })),
  script('parking: said when parking is asked', () => ({
    says: ['Is there parking?'],
    expect: { says: /park/i, avoid: /nine to six/ },
  })),
  script('number in words: "oh eight six, one two three…"', (c) => {
    const d = c.ahead(2);
    return {
      says: [`a fringe trim ${d.weekday} at 3`, 'yes', 'Sinéad', 'oh eight six, one two three, four five six seven', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('15:00'), phone: '+353861234567' }] },
    };
  }),
  script('name: "It\'s Máire Ní Bhriain" is kept in full', (c) => {
    const d = c.ahead(2);
    return {
      says: [`a blow-dry ${d.weekday} at 11`, 'yes', "It's Máire Ní Bhriain", CALLER_PHONE, 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('11:00'), name: 'Máire Ní Bhriain' }] },
    };
  }),
  script('grammar: "we don\'t do eyebrow waxing", not "a eyebrow waxing"', () => ({
    says: ['Do you do eyebrow waxing?'],
    expect: { says: /don't do eyebrow waxing/, avoid: /\ba eyebrow/ },
  })),
];
