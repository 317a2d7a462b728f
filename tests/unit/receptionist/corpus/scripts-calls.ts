import type { Calendar } from './calendar.js';
import { CALLER_PHONE } from './corpus-salon.js';
import { script, type ScriptTemplate } from './script.js';

/** The caller's cut and blow-dry at ten, two open days on. */
const dayCut = (c: Calendar) => ({ day: c.ahead(2), existing: [{ service: 'Cut and blow-dry', start: c.ahead(2).at('10:00') }] });

/** Cancelling and moving, more than one person, messages, a person, and the salon's facts. */
export const CALL_SCRIPTS: ScriptTemplate[] = [
  script('cancel: a question about the policy is answered, not acted on', (c) => ({
    existing: dayCut(c).existing,
    says: ['Would I be charged if I had to cancel?'],
    expect: { says: /polic/ },
  })),
  script('cancel: how much notice', (c) => ({
    existing: dayCut(c).existing,
    says: ['How much notice do I need to give to cancel?'],
    expect: { says: /polic/ },
  })),
  script('cancel: read back, then a clear yes', (c) => {
    const { day, existing } = dayCut(c);
    return { existing, says: [`I need to cancel my appointment on ${day.weekday}`, CALLER_PHONE, 'yes'], expect: { cancels: [day.at('10:00')] } };
  }),
  script('cancel: the caller changes their mind at the read-back', (c) => {
    const { day, existing } = dayCut(c);
    return { existing, says: [`I want to cancel my booking for ${day.weekday}`, CALLER_PHONE, 'no, leave it actually'], expect: {} };
  }),
  script('cancel: the day asked for', (c) => {
    const { day, existing } = dayCut(c);
    return {
      existing,
      says: ['Can I cancel my appointment please?', CALLER_PHONE, { if: /which day/i, say: `It's on ${day.weekday}` }, 'yes'],
      expect: { cancels: [day.at('10:00')] },
    };
  }),
  script("cancel: can't make it", (c) => {
    const { day, existing } = dayCut(c);
    return { existing, says: [`I can't make it on ${day.weekday}, can you cancel it?`, CALLER_PHONE, 'yes please'], expect: { cancels: [day.at('10:00')] } };
  }),
  script('cancel: no booking under that number', (c) => {
    const { day, existing } = dayCut(c);
    return { existing, says: [`I need to cancel my appointment on ${day.weekday}`, '087 999 9999', 'yes'], expect: { says: /couldn't find/ } };
  }),
  script('cancel: one of two bookings, by its day', (c) => {
    const { existing } = dayCut(c);
    const [said, day] = c.plus(7).open ? [`next ${c.today.weekday}`, c.plus(7)] : [`${c.ahead(2).weekday} week`, c.ahead(2).plus(7)];
    return {
      existing: [...existing, { service: 'Blow-dry', start: day.at('11:00') }],
      says: [`Hi, I have to cancel the one ${said}`, CALLER_PHONE, 'yes'],
      expect: { cancels: [day.at('11:00')] },
    };
  }),
  script('move: my Friday appointment to Saturday', (c) => {
    const { day, existing } = dayCut(c);
    const to = c.ahead(3);
    return {
      existing,
      says: [`Can I move my ${day.weekday} appointment to ${to.weekday}?`, CALLER_PHONE, "10 o'clock", 'yes'],
      expect: { moves: [{ from: day.at('10:00'), to: to.at('10:00') }] },
    };
  }),
  script('move: a later time the same day', (c) => {
    const t = c.tomorrow();
    return {
      existing: [{ service: 'Blow-dry', start: t.day.at('14:00') }],
      says: [`I've a blow-dry booked for ${t.said} at 2, could I change it to 4?`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: t.day.at('14:00'), to: t.day.at('16:00') }] },
    };
  }),
  script('move: the caller says no at the read-back', (c) => {
    const { day, existing } = dayCut(c);
    return {
      existing,
      says: [`Can you move my appointment on ${day.weekday} to ${c.ahead(4).weekday} at 11?`, CALLER_PHONE, 'no, actually leave it'],
      expect: {},
    };
  }),
  script('move: reschedule to a date in full', (c) => {
    const { day, existing } = dayCut(c);
    const to = day.plus(7);
    return {
      existing,
      says: [`I need to reschedule my ${day.weekday} appointment to the ${to.nth} of ${to.month} at 10`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: day.at('10:00'), to: to.at('10:00') }] },
    };
  }),
  script('move: the booking just made, never a second booking', (c) => {
    const d = c.ahead(2);
    return {
      says: [`a blow-dry on ${d.weekday} at 10`, 'yes', 'Mary', CALLER_PHONE, 'yes', 'Oh actually, could you move that to 11?', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('11:00') }] },
    };
  }),
  script('party: kids cuts for two lads, one after the other', (c) => {
    const d = c.ahead(3);
    return {
      says: [`Kids' cuts for my two lads on ${d.weekday} morning please`, "10 o'clock", 'Seán', CALLER_PHONE, 'yes', 'yes', 'half ten', 'yes', 'Cian', 'yes'],
      expect: {
        books: [
          { service: "Kids' cut", start: d.at('10:00') },
          { service: "Kids' cut", start: d.at('10:30') },
        ],
      },
    };
  }),
  script('party: me and my daughter at the same time', (c) => {
    const d = c.ahead(2);
    return {
      says: [
        `Could I book a blow-dry for myself and my daughter on ${d.weekday} at 2?`,
        'yes',
        'Maura',
        CALLER_PHONE,
        'yes',
        'yes',
        'same time if you can',
        'yes',
        'Ellen',
        'yes',
      ],
      expect: {
        books: [
          { service: 'Blow-dry', start: d.at('14:00') },
          { service: 'Blow-dry', start: d.at('14:00') },
        ],
      },
    };
  }),
  script('party: only the one for now', (c) => {
    const d = c.ahead(3);
    return {
      says: [`Two kids cuts on ${d.weekday} at 11`, 'yes', 'Ava', CALLER_PHONE, 'yes', 'no, just the one for now'],
      expect: { books: [{ service: "Kids' cut", start: d.at('11:00') }], says: /second|other one|one at a time/ },
    };
  }),
  script('message: for the owner, not a transfer', () => ({
    says: ['Can I leave a message for the owner?', 'Mary Murphy', CALLER_PHONE, 'Tell her the products came in'],
    expect: { message: true },
  })),
  script('message: someone to ring back', () => ({
    says: ['Could someone ring me back about a wedding booking?', 'Jane', '087 303 1414', "It's for six people in June"],
    expect: { message: true },
  })),
  script('message: the owner next door, for the manager', () => ({
    says: ["I'm the owner of the shop next door, can I leave a message for the manager", 'Tom Kelly', '087 313 2525', 'The bins are blocking our door'],
    expect: { message: true },
  })),
  script('transfer: a real person', () => ({
    says: ['Can I talk to a real person please'],
    expect: { transfer: true },
  })),
  script('transfer: a stylist by name', () => ({
    says: ['Could I speak to Aoife?'],
    expect: { transfer: true },
  })),
  script('info: Saturday hours', () => ({
    says: ['What time are you open till on Saturday?'],
    expect: { says: /Saturday.*\bfive\b/, avoid: /Monday to Friday/ },
  })),
  script('info: where', () => ({
    says: ['Where are ye based?'],
    expect: { says: /Main Street/ },
  })),
  script('info: the price list', () => ({
    says: ['What are your prices like?'],
    expect: { says: /We do/ },
  })),
  script('goodbye: no booking', () => ({
    says: ['Have you anything Saturday for a blow-dry?', "No, that's grand, I'll ring back, bye"],
    expect: { says: /[Bb]ye/ },
  })),
];
