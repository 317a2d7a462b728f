import { CALLER_PHONE } from '../corpus-salon.js';
import { script, type ScriptTemplate } from '../script.js';

/**
 * Held out, second round (see held-out-round-2-bookings.ts): moves, a caller who already holds the
 * time, cancels, the salon's hours, address and prices, messages and transfers, never tuned on.
 */
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

export const ROUND_2_CALLS: ScriptTemplate[] = [
  script('round 2: a move by the service and day, to another weekday at a time', (c) => {
    const [from, to] = [c.ahead(1), c.ahead(3)];
    return {
      existing: [{ service: 'Gents cut', start: from.at('12:00') }],
      says: [`I need to move my gents cut on ${from.weekday} to ${to.weekday} at 3 please`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: from.at('12:00'), to: to.at('15:00') }] },
    };
  }),
  script('round 2: a move, then the time corrected at the read-back', (c) => {
    const d = c.next(...WEEKDAYS);
    return {
      existing: [{ service: 'Cut and blow-dry', start: d.at('10:00') }],
      says: [`Could I change my appointment on ${d.weekday} to 12?`, CALLER_PHONE, 'ah no, sorry, make it 1', 'yes'],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('13:00') }] },
    };
  }),
  script('round 2: a move made, then "no, I said quarter past"', (c) => {
    const d = c.next(...WEEKDAYS);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('09:00') }],
      says: [`Can I move my blow-dry on ${d.weekday} to 4?`, CALLER_PHONE, 'yes', 'no, I said quarter past four', 'yes'],
      expect: { moves: [{ from: d.at('09:00'), to: d.at('16:15') }] },
    };
  }),
  script('round 2: a booking made, then moved in the same call', (c) => {
    const d = c.ahead(2);
    return {
      says: [`gents cut ${d.weekday} 10`, 'yes', 'Cathal', CALLER_PHONE, 'yes', 'Sorry, could you make that half ten instead?', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: d.at('10:30') }] },
    };
  }),
  script('round 2: a caller who holds the time, asked to move, says no', (c) => {
    const d = c.next(...WEEKDAYS);
    return {
      existing: [{ service: 'Root colour', start: d.at('10:00') }],
      says: [`root colour ${d.weekday} at half ten`, 'yes', 'Bríd Moran', CALLER_PHONE, 'yes', { if: /already have/i, say: 'no, leave it as it is' }],
      expect: { says: /already have a Root colour/ },
    };
  }),
  script('round 2: a caller who holds the time wants another service as well', (c) => {
    const d = c.next(...WEEKDAYS);
    return {
      existing: [{ service: 'Root colour', start: d.at('10:00') }],
      says: [
        `could I add a fringe trim ${d.weekday} at 11?`,
        'yes',
        'Bríd Moran',
        CALLER_PHONE,
        'yes',
        { if: /already have/i, say: 'no, I want both, the fringe as well' },
        { if: /shall i|\?$/, say: 'yes' },
      ],
      expect: { books: [{ service: 'Fringe trim', start: d.at('11:00') }] },
    };
  }),
  script('round 2: cancel, the day said in full', (c) => {
    const d = c.openFrom(8);
    return {
      existing: [{ service: 'Balayage', start: d.at('10:00') }],
      says: [`I have to cancel my balayage on ${d.weekday} the ${d.nth}`, CALLER_PHONE, 'yes please'],
      expect: { cancels: [d.at('10:00')] },
    };
  }),
  script('round 2: cancel with no day, two bookings, the caller picks', (c) => {
    const [a, b] = [c.ahead(2), c.ahead(4)];
    return {
      existing: [
        { service: 'Blow-dry', start: a.at('10:00') },
        { service: 'Gents cut', start: b.at('15:00') },
      ],
      says: [
        "I need to cancel an appointment, I'm not well",
        CALLER_PHONE,
        'yes',
        { if: /which|few bookings/i, say: 'the gents cut' },
        { if: /shall i cancel|\?$/i, say: 'yes' },
      ],
      expect: { cancels: [b.at('15:00')] },
    };
  }),
  script("round 2: can't make it tomorrow", (c) => {
    const t = c.tomorrow();
    return {
      existing: [{ service: "Kids' cut", start: t.day.at('16:00') }],
      says: [`I'm not able to make it ${t.said}, can you cancel my son's appointment`, CALLER_PHONE, 'yes'],
      expect: { cancels: [t.day.at('16:00')] },
    };
  }),
  script('round 2: the hours on a Saturday, asked as when you open', () => ({
    says: ['What time do you open on Saturdays?'],
    expect: { says: /nine/, avoid: /Monday to Friday|Main Street/ },
  })),
  script('round 2: late opening?', () => ({
    says: ['How late are you open on Fridays?'],
    expect: { says: /\bsix\b/, avoid: /Saturday/ },
  })),
  script('round 2: the address', () => ({
    says: ["what's the address there"],
    expect: { says: /Main Street/, avoid: /nine to six/ },
  })),
  script('round 2: car parking', () => ({
    says: ['Have ye car parking?'],
    expect: { says: /park/i },
  })),
  script('round 2: how much for a kids cut', () => ({
    says: ['How much is a kids cut?'],
    expect: { says: /Kids' cut is €15/, quotes: "Kids' cut", avoid: /€25|€55/ },
  })),
  script('round 2: an unknown service in the plural', () => ({
    says: ['Do you do eyelash extensions?'],
    expect: { says: /don't do/, avoid: /\ba eyelash/i },
  })),
  script('round 2: a message for the owner about a voucher', () => ({
    says: ['I want to leave a message for the owner about a gift voucher', 'Rachel Ó Néill', '087 444 3333', 'Can she post me a voucher for fifty euro'],
    expect: { message: true },
  })),
  script('round 2: put through to Siobhán', () => ({
    says: ['can you put me through to Siobhán please'],
    expect: { transfer: true },
  })),
  script('round 2: the policy on cancelling, nothing changed', (c) => ({
    existing: [{ service: 'Blow-dry', start: c.ahead(2).at('10:00') }],
    says: ['Is there a charge if I cancel late?'],
    expect: { says: /polic/ },
  })),
];
