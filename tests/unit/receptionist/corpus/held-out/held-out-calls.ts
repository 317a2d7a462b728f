import { CALLER_PHONE } from '../corpus-salon.js';
import { script, type ScriptTemplate } from '../script.js';

/**
 * Held out: moves, cancels, questions about the salon, messages, written apart from the tuning
 * corpus before the receptionist was changed for issue 41, and never tuned on.
 */
export const HELD_OUT_CALLS: ScriptTemplate[] = [
  script('held-out: push an appointment back to half three', (c) => {
    const d = c.ahead(2);
    return {
      existing: [{ service: 'Balayage', start: d.at('11:00'), stylist: 'Aoife' }],
      says: [`Could I push my appointment on ${d.weekday} back to half one?`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: d.at('11:00'), to: d.at('13:30') }] },
    };
  }),
  script('held-out: a morning booking to the afternoon, say three', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('10:00') }],
      says: [`I'm booked in for a blow-dry ${d.weekday} morning, can I change it to the afternoon, say three?`, CALLER_PHONE, 'yes'],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('15:00') }] },
    };
  }),
  script('held-out: move to another day, same time', (c) => {
    const [from, to] = [c.ahead(2), c.ahead(4)];
    return {
      existing: [{ service: 'Root colour', start: from.at('11:00') }],
      says: [
        `Can you move my root colour from ${from.weekday} to ${to.weekday}, same time?`,
        CALLER_PHONE,
        { if: /what time|which time/i, say: 'eleven, same as now' },
        'yes',
      ],
      expect: { moves: [{ from: from.at('11:00'), to: to.at('11:00') }] },
    };
  }),
  script('held-out: a move, then "no wait, half two"', (c) => {
    const [from, to] = [c.ahead(2), c.ahead(3)];
    return {
      existing: [{ service: 'Cut and blow-dry', start: from.at('10:00') }],
      says: [`I want to change my ${from.weekday} appointment to ${to.weekday} at 2`, CALLER_PHONE, 'No wait, sorry, half two', 'yes'],
      expect: { moves: [{ from: from.at('10:00'), to: to.at('14:30') }] },
    };
  }),
  script('held-out: a move to a taken time, then the time said from the ones offered', (c) => {
    // A weekday: a three-hour balayage at half two runs past Saturday's closing.
    const d = c.next('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday');
    return {
      existing: [
        { service: 'Balayage', start: d.at('10:00'), stylist: 'Aoife' },
        { service: 'Blow-dry', start: d.at('14:00'), stylist: 'Aoife', callerPhone: '087 000 0009' },
      ],
      says: [
        `Can I move my balayage on ${d.weekday} to 2 o'clock? With Aoife`,
        CALLER_PHONE,
        'yes',
        { if: /taken|instead|suit/i, say: 'Half two is perfect' },
        { if: /half two|shall i|go ahead/i, say: 'yes' },
      ],
      expect: { moves: [{ from: d.at('10:00'), to: d.at('14:30') }] },
    };
  }),
  script('held-out: cancel the only booking, no day given', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Gents cut', start: d.at('15:00') }],
      says: ['Hi there, I need to cancel my appointment', CALLER_PHONE, { if: /which day/i, say: d.weekday }, 'yes'],
      expect: { cancels: [d.at('15:00')], avoid: /which day/i },
    };
  }),
  script('held-out: cancel, with a reason that names a week', (c) => {
    const d = c.ahead(2);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('12:00') }],
      says: [`Please cancel my ${d.weekday} appointment, I'm going to be away that week`, CALLER_PHONE, 'yes'],
      expect: { cancels: [d.at('12:00')] },
    };
  }),
  script("held-out: cancel that booking, I'm away that weekend", (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Upstyle', start: d.at('11:00') }],
      says: [`I have an upstyle booked for ${d.weekday}, can you cancel that booking, I'm away that weekend`, CALLER_PHONE, 'yes'],
      expect: { cancels: [d.at('11:00')] },
    };
  }),
  script('held-out: what time do you close on a weekday', (c) => ({
    says: [`What time do you close on ${c.ahead(4).weekday === 'Saturday' ? 'Thursday' : c.ahead(4).weekday}?`],
    expect: { says: /\bsix\b/, avoid: /Saturday nine to five/ },
  })),
  script('held-out: open on Sundays?', () => ({
    says: ['Are ye open on Sundays at all?'],
    expect: { says: /closed|not open/i, avoid: /Main Street/ },
  })),
  script('held-out: parking', () => ({
    says: ['Is there anywhere to park near you?'],
    expect: { says: /park/i, avoid: /nine to six/ },
  })),
  script('held-out: the price of a gents cut', () => ({
    says: ["What's the price of a gents cut?"],
    expect: { says: /Gents cut is €25/, quotes: 'Gents cut', avoid: /€15|€55/ },
  })),
  script('held-out: how much would a root colour be', () => ({
    says: ['how much would a root colour be'],
    expect: { says: /Root colour is €65/, quotes: 'Root colour' },
  })),
  script('held-out: how long a balayage takes', () => ({
    says: ['How long does a balayage take?'],
    expect: { says: /three hours|3 hours/ },
  })),
  script('held-out: eyebrow waxing, said back in good grammar', () => ({
    says: ['Do you do eyebrow waxing?'],
    expect: { says: /don't do/, avoid: /\ba eyebrow/i },
  })),
  script('held-out: acrylic nails, said back in good grammar', () => ({
    says: ['do ye do an acrylic nails appointment'],
    expect: { says: /don't do/, avoid: /\ba acrylic/i },
  })),
  script('held-out: the manager, put through', () => ({
    says: ["I'd like to speak to the manager please"],
    expect: { transfer: true },
  })),
  script('held-out: a stylist to call back', () => ({
    says: ['Can you get Ciara to give me a call back?', 'Maeve Ní Chonaill', '086 765 4321', "It's about the colour she did last week"],
    expect: { message: true },
  })),
  script('held-out: running late, a message for the stylist', () => ({
    says: ["Could you tell Aoife I'll be ten minutes late? I can leave a message", 'Emer', '087 202 4040', "I'll be ten minutes late for my two o'clock"],
    expect: { message: true },
  })),
  script('held-out: opening hours on a day, then booking that day', (c) => {
    const d = c.ahead(3);
    return {
      says: [`Are you open ${d.weekday}?`, `Grand, could I book a fringe trim ${d.weekday} at 11 so?`, 'yes', 'Ailbhe', '087 111 3355', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('11:00') }] },
    };
  }),
  script('held-out: cancel tomorrow, said as tomorrow', (c) => {
    const t = c.tomorrow();
    return {
      existing: [{ service: 'Fringe trim', start: t.day.at('09:30') }],
      says: [`I won't make my appointment ${t.said}, can you cancel it`, CALLER_PHONE, 'yes'],
      expect: { cancels: [t.day.at('09:30')] },
    };
  }),
  script('held-out: cancel, then keep it after all', (c) => {
    const d = c.ahead(2);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('16:00') }],
      says: [`cancel my blow-dry on ${d.weekday}`, CALLER_PHONE, "no hold on, don't, I'll keep it"],
      expect: {},
    };
  }),
  script('held-out: where, with the eircode', () => ({
    says: ["What's your eircode?"],
    expect: { says: /H91/ },
  })),
];
