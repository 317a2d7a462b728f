import { CALLER_PHONE } from './corpus-salon.js';
import type { Script } from './script.js';

const fridayCut = [{ service: 'Cut and blow-dry', start: '2026-11-27T10:00' }];

/** Cancelling and moving, more than one person, messages, a person, and the salon's facts. */
export const CALL_SCRIPTS: Script[] = [
  {
    id: 'cancel: a question about the policy is answered, not acted on',
    existing: fridayCut,
    says: ['Would I be charged if I had to cancel?'],
    expect: { says: /polic/ },
  },
  {
    id: 'cancel: how much notice',
    existing: fridayCut,
    says: ['How much notice do I need to give to cancel?'],
    expect: { says: /polic/ },
  },
  {
    id: 'cancel: read back, then a clear yes',
    existing: fridayCut,
    says: ['I need to cancel my appointment on Friday', CALLER_PHONE, 'yes'],
    expect: { cancels: ['2026-11-27T10:00'] },
  },
  {
    id: 'cancel: the caller changes their mind at the read-back',
    existing: fridayCut,
    says: ['I want to cancel my booking for Friday', CALLER_PHONE, 'no, leave it actually'],
    expect: {},
  },
  {
    id: 'cancel: the day asked for',
    existing: fridayCut,
    says: ['Can I cancel my appointment please?', CALLER_PHONE, "It's on Friday", 'yes'],
    expect: { cancels: ['2026-11-27T10:00'] },
  },
  {
    id: "cancel: can't make it",
    existing: fridayCut,
    says: ["I can't make it on Friday, can you cancel it?", CALLER_PHONE, 'yes please'],
    expect: { cancels: ['2026-11-27T10:00'] },
  },
  {
    id: 'cancel: no booking under that number',
    existing: fridayCut,
    says: ['I need to cancel my appointment on Friday', '087 999 9999', 'yes'],
    expect: { says: /couldn't find/ },
  },
  {
    id: 'cancel: one of two bookings, by its day',
    existing: [...fridayCut, { service: 'Blow-dry', start: '2026-12-02T11:00' }],
    says: ['Hi, I have to cancel the one next Wednesday', CALLER_PHONE, 'yes'],
    expect: { cancels: ['2026-12-02T11:00'] },
  },
  {
    id: 'move: my Friday appointment to Saturday',
    existing: fridayCut,
    says: ['Can I move my Friday appointment to Saturday?', CALLER_PHONE, "10 o'clock", 'yes'],
    expect: { moves: [{ from: '2026-11-27T10:00', to: '2026-11-28T10:00' }] },
  },
  {
    id: 'move: a later time the same day',
    existing: [{ service: 'Blow-dry', start: '2026-11-26T14:00' }],
    says: ["I've a blow-dry booked for tomorrow at 2, could I change it to 4?", CALLER_PHONE, 'yes'],
    expect: { moves: [{ from: '2026-11-26T14:00', to: '2026-11-26T16:00' }] },
  },
  {
    id: 'move: the caller says no at the read-back',
    existing: fridayCut,
    says: ['Can you move my appointment on Friday to Monday at 11?', CALLER_PHONE, 'no, actually leave it'],
    expect: {},
  },
  {
    id: 'move: reschedule to the 4th',
    existing: fridayCut,
    says: ['I need to reschedule my Friday appointment to the 4th of December at 10', CALLER_PHONE, 'yes'],
    expect: { moves: [{ from: '2026-11-27T10:00', to: '2026-12-04T10:00' }] },
  },
  {
    id: 'move: the booking just made, never a second booking',
    says: ['a blow-dry on Friday at 10', 'yes', 'Mary', CALLER_PHONE, 'yes', 'Oh actually, could you move that to 11?', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-27T11:00' }] },
  },
  {
    id: 'party: kids cuts for two lads, one after the other',
    says: ["Kids' cuts for my two lads on Saturday morning please", "10 o'clock", 'Seán', CALLER_PHONE, 'yes', 'yes', 'half ten', 'yes', 'Cian', 'yes'],
    expect: {
      books: [
        { service: "Kids' cut", start: '2026-11-28T10:00' },
        { service: "Kids' cut", start: '2026-11-28T10:30' },
      ],
    },
  },
  {
    id: 'party: me and my daughter at the same time',
    says: ['Could I book a blow-dry for myself and my daughter on Friday at 2?', 'yes', 'Maura', CALLER_PHONE, 'yes', 'yes', 'same time if you can', 'yes', 'Ellen', 'yes'],
    expect: {
      books: [
        { service: 'Blow-dry', start: '2026-11-27T14:00' },
        { service: 'Blow-dry', start: '2026-11-27T14:00' },
      ],
    },
  },
  {
    id: 'party: only the one for now',
    says: ['Two kids cuts on Saturday at 11', 'yes', 'Ava', CALLER_PHONE, 'yes', 'no, just the one for now'],
    expect: { books: [{ service: "Kids' cut", start: '2026-11-28T11:00' }], says: /second|other one|one at a time/ },
  },
  {
    id: 'message: for the owner, not a transfer',
    says: ['Can I leave a message for the owner?', 'Mary Murphy', CALLER_PHONE, 'Tell her the products came in'],
    expect: { message: true },
  },
  {
    id: 'message: someone to ring back',
    says: ['Could someone ring me back about a wedding booking?', 'Jane', '087 303 1414', "It's for six people in June"],
    expect: { message: true },
  },
  {
    id: 'message: the owner next door, for the manager',
    says: ["I'm the owner of the shop next door, can I leave a message for the manager", 'Tom Kelly', '087 313 2525', 'The bins are blocking our door'],
    expect: { message: true },
  },
  {
    id: 'transfer: a real person',
    says: ['Can I talk to a real person please'],
    expect: { transfer: true },
  },
  {
    id: 'transfer: a stylist by name',
    says: ['Could I speak to Aoife?'],
    expect: { transfer: true },
  },
  {
    id: 'info: Saturday hours',
    says: ['What time are you open till on Saturday?'],
    expect: { says: /Saturday nine to five/ },
  },
  {
    id: 'info: where',
    says: ['Where are ye based?'],
    expect: { says: /Main Street/ },
  },
  {
    id: 'info: the price list',
    says: ['What are your prices like?'],
    expect: { says: /We do/ },
  },
  {
    id: 'goodbye: no booking',
    says: ['Have you anything Saturday for a blow-dry?', "No, that's grand, I'll ring back, bye"],
    expect: { says: /[Bb]ye/ },
  },
];
