import type { Script } from './script.js';

/** Days and times as Irish callers say them, and callers who change their mind mid-sentence. */
export const DATE_SCRIPTS: Script[] = [
  {
    id: 'date: weekday, day and month name',
    says: ['Hi, could I book a balayage on Friday, 11 December at 11am?', 'Yes please', 'Niamh Byrne', '087 765 4321', 'Yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-12-11T11:00' }] },
  },
  {
    id: 'date: the read-back says the month',
    says: ['a balayage on Friday, 11 December at 11am', 'yes', 'Niamh Byrne', '087 765 4321'],
    expect: { says: /Friday the 11th of December at eleven/ },
  },
  {
    id: 'date: an ordinal alone, half eleven',
    says: ["I'd like a cut and blow-dry on the 11th at half eleven", "yeah that's grand", 'Mary Murphy', '087 123 4567', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-12-11T11:30' }] },
  },
  {
    id: 'date: weekday the ordinal, around two',
    says: ['Have you anything for a blow-dry Friday the 11th, around 2?', 'perfect', 'Sinéad', '0861234567', 'yes please'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-12-11T14:00' }] },
  },
  {
    id: 'date: a weekday that contradicts the date is asked back',
    says: ['Can I get a gents cut on Thursday the 11th at 10?', 'Friday the 11th', 'yes', 'Declan', '085 111 2222', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-12-11T10:00' }] },
  },
  {
    id: 'date: Friday week',
    says: ['Could I book a cut and blow-dry for Friday week at 10?', 'yes', 'Orla Kelly', '087 222 3333', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-12-04T10:00' }] },
  },
  {
    id: 'date: this day week, in the afternoon',
    says: ['A blow-dry this day week, any time in the afternoon', 'the 2 o clock', 'Aisling', '087 333 4444', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-12-02T14:00' }] },
  },
  {
    id: 'date: the day after tomorrow',
    says: ['have ye anything the day after tomorrow for a fringe trim, say 12?', 'grand', 'Emma', '087 444 5555', 'yes'],
    expect: { books: [{ service: 'Fringe trim', start: '2026-11-27T12:00' }] },
  },
  {
    id: "date: the caller's name is a stylist's",
    says: ['Tomorrow at half two for a cut and blow-dry please', 'yes', 'Ciara Doyle', '087 454 1212', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-26T14:30' }] },
  },
  {
    id: 'date: month first, in the morning, the first offered',
    says: ['I want to book a balayage for December 3rd in the morning', 'the first one', 'Laura', '087 555 6666', 'yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-12-03T09:00' }] },
  },
  {
    id: 'date: day before month with a slash',
    says: ['Could I get a root colour on 10/12 at 3pm', 'yes', 'Karen Walsh', '087 666 7777', 'yes'],
    expect: { books: [{ service: 'Root colour', start: '2026-12-10T15:00' }] },
  },
  {
    id: 'date: "next Friday" is asked back',
    says: ['Can I book a gents cut next Friday at 4?', 'Friday week, the 4th', 'yes', 'Paddy', '087 777 8888', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-12-04T16:00' }] },
  },
  {
    id: 'date: weekday, ordinal and month, half nine',
    says: ['Saturday the 5th of December, half nine, for a blow-dry', 'yes', 'Gráinne', '087 888 9999', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-12-05T09:30' }] },
  },
  {
    id: 'time: quarter past three',
    says: ['a kids cut tomorrow at quarter past three', 'yes', 'Tom', '087 999 0000', 'yes'],
    expect: { books: [{ service: "Kids' cut", start: '2026-11-26T15:15' }] },
  },
  {
    id: 'time: quarter to eleven',
    says: ['I need an upstyle for a wedding on Saturday, quarter to eleven if you have it', 'yes', 'Róisín', '087 101 2020', 'yes'],
    expect: { books: [{ service: 'Upstyle', start: '2026-11-28T10:45' }] },
  },
  {
    id: 'time: 24-hour clock',
    says: ['Can I book a blow dry for Monday at 14:30', 'yes', 'Helen', '087 202 3030', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-30T14:30' }] },
  },
  {
    id: "time: eleven o'clock, in words",
    says: ["Tuesday, eleven o'clock, cut and blow dry", 'yes', 'Bríd', '087 303 4040', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-12-01T11:00' }] },
  },
  {
    id: 'date: the ordinal in words',
    says: ["balayage on the eleventh of December, eleven o'clock", 'yes', 'Clodagh', '087 404 5050', 'yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-12-11T11:00' }] },
  },
  {
    id: 'date: this Friday',
    says: ['a fringe trim this Friday at 10', 'yes', 'Nora', '087 505 6060', 'yes'],
    expect: { books: [{ service: 'Fringe trim', start: '2026-11-27T10:00' }] },
  },
  {
    id: 'date: the day, then the time, a turn apart',
    says: ["I'd like to book a cut and blow-dry", 'Friday', 'have you anything at 3?', 'yes', 'Mary', '087 606 7070', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-27T15:00' }] },
  },
  {
    id: 'date: a day that has passed',
    says: ['Can I book a blow-dry for the 20th of November?'],
    expect: { says: /passed|gone/ },
  },
  {
    id: 'date: closed on Sunday, takes the Monday offered',
    says: ['Can I get a cut and blow-dry on Sunday?', 'the ten o clock on Monday so', 'Una', '087 707 8080', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-30T10:00' }] },
  },
  {
    id: 'correction: actually no, make it Saturday',
    says: ['Can I book a cut and blow-dry for Friday at 10, actually no, make it Saturday', 'yes', 'Mary Murphy', '087 123 4567', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-28T10:00' }] },
  },
  {
    id: 'correction: 2pm, no wait, half three',
    says: ['A blow-dry tomorrow at 2pm, no wait, half three', 'yes', 'Jenny', '087 121 3434', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-26T15:30' }] },
  },
  {
    id: 'correction: "yeah, actually no, hang on" at the read-back',
    says: ['balayage on Friday at 11', 'yes', 'Niamh', '087 765 4321', 'Yeah, actually no, hang on, can we do 12 instead?', 'yes', 'yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-11-27T12:00' }] },
  },
  {
    id: 'correction: sorry, no, a kids cut',
    says: ["I'd like a gents cut, sorry, no, a kids cut for my young lad, Saturday morning", 'the first one', 'Eoin', '087 232 4545', 'yes'],
    expect: { books: [{ service: "Kids' cut", start: '2026-11-28T09:00' }] },
  },
  {
    id: 'correction: the stylist',
    says: ['Could I get a blow-dry with Aoife on Monday at 11, actually make it Ciara', 'yes', 'Susan', '087 343 5656', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-30T11:00', stylist: 'Ciara' }] },
  },
  {
    id: 'correction: "no, I said Friday" at the read-back',
    says: ['a fringe trim tomorrow at 10', 'yes', 'Lisa', '087 454 6767', 'No, sorry, I said Friday', 'yes', 'yes'],
    expect: { books: [{ service: 'Fringe trim', start: '2026-11-27T10:00' }] },
  },
  {
    id: 'correction: another day while choosing an offered time',
    says: ['Have you anything for a cut and blow-dry on Friday?', 'Saturday at 10 would be better actually', 'yes', 'Bríd', '087 565 7878', 'yes'],
    expect: { books: [{ service: 'Cut and blow-dry', start: '2026-11-28T10:00' }] },
  },
  {
    id: 'choice: the offered day and a time',
    says: ['any time on Friday for a blow-dry?', 'Friday at 10 is perfect', 'Anne', '087 676 8989', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-27T10:00' }] },
  },
  {
    id: 'choice: "the 11 one"',
    says: ['Can I come in for a gents cut tomorrow?', 'yeah the 11 one', 'Mick', '087 787 9090', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-11-26T11:00' }] },
  },
  {
    id: 'correction: no wait, Tuesday',
    says: ['Do you have a balayage slot Thursday at 9, no wait, Tuesday at 9', "that's grand", 'Sarah', '087 898 0101', 'yes'],
    expect: { books: [{ service: 'Balayage', start: '2026-12-01T09:00' }] },
  },
  {
    id: 'correction: "yes but actually" another stylist at the read-back',
    says: ['a kids cut on Saturday at 12', 'yes', 'Jack', '087 909 1212', 'Yes but actually can it be with Siobhán?', 'yes', 'yes'],
    expect: { books: [{ service: "Kids' cut", start: '2026-11-28T12:00', stylist: 'Siobhán' }] },
  },
  {
    id: 'choice: the nearest time when the one asked is taken',
    existing: [
      { service: 'Blow-dry', start: '2026-11-27T10:00', stylist: 'Aoife', callerPhone: '087 000 0001' },
      { service: 'Blow-dry', start: '2026-11-27T10:00', stylist: 'Siobhán', callerPhone: '087 000 0002' },
      { service: 'Blow-dry', start: '2026-11-27T10:00', stylist: 'Ciara', callerPhone: '087 000 0003' },
    ],
    says: ['A blow-dry on Friday at 10', 'half ten so', 'Rita', '087 010 2323', 'yes'],
    expect: { books: [{ service: 'Blow-dry', start: '2026-11-27T10:30' }] },
  },
  {
    id: 'choice: by its place, in the afternoon',
    says: ['Anything Monday afternoon for a gents cut?', 'the second one', 'Ger', '087 121 2323', 'yes'],
    expect: { books: [{ service: 'Gents cut', start: '2026-11-30T13:00' }] },
  },
];
