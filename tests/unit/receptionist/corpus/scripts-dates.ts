import { script, type ScriptTemplate } from './script.js';

/**
 * Days and times as Irish callers say them, and callers who change their mind mid-sentence. Each
 * day is named from the clock: `c.ahead(2)` is the open day two on (a weekday that is never
 * today's), `c.openFrom(16)` a fortnight and more ahead, `c.tomorrow()` tomorrow (or, before a
 * closed day, the next open one by name).
 */
export const DATE_SCRIPTS: ScriptTemplate[] = [
  script('date: weekday, day and month name', (c) => {
    const d = c.openFrom(16);
    return {
      says: [`Hi, could I book a balayage on ${d.weekday}, ${d.dom} ${d.month} at 11am?`, 'Yes please', 'Niamh Byrne', '087 765 4321', 'Yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('11:00') }] },
    };
  }),
  script('date: the read-back says the month', (c) => {
    const d = c.openFrom(16);
    return {
      says: [`a balayage on ${d.weekday}, ${d.dom} ${d.month} at 11am`, 'yes', 'Niamh Byrne', '087 765 4321'],
      expect: { says: new RegExp(`${d.weekday} the ${d.nth} of ${d.month} at eleven`) },
    };
  }),
  script('date: an ordinal alone, half eleven', (c) => {
    const d = c.openFrom(16);
    return {
      says: [`I'd like a cut and blow-dry on the ${d.nth} at half eleven`, "yeah that's grand", 'Mary Murphy', '087 123 4567', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('11:30') }] },
    };
  }),
  script('date: weekday the ordinal, around two', (c) => {
    const d = c.openFrom(16);
    return {
      says: [`Have you anything for a blow-dry ${d.weekday} the ${d.nth}, around 2?`, 'perfect', 'Sinéad', '0861234567', 'yes please'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('14:00') }] },
    };
  }),
  script('date: a weekday that contradicts the date is asked back', (c) => {
    const d = c.openFrom(16);
    return {
      says: [`Can I get a gents cut on ${d.plus(-1).weekday} the ${d.nth} at 10?`, `${d.weekday} the ${d.nth}`, 'yes', 'Declan', '085 111 2222', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: d.at('10:00') }] },
    };
  }),
  script('date: Friday week', (c) => {
    const w = c.ahead(2);
    return {
      says: [`Could I book a cut and blow-dry for ${w.weekday} week at 10?`, 'yes', 'Orla Kelly', '087 222 3333', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: w.plus(7).at('10:00') }] },
    };
  }),
  script('date: this day week, in the afternoon', (c) => {
    const [said, day] = c.plus(7).open ? ['this day week', c.plus(7)] : ['tomorrow week', c.plus(8)];
    return {
      says: [`A blow-dry ${said}, any time in the afternoon`, 'the 2 o clock', 'Aisling', '087 333 4444', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: day.at('14:00') }] },
    };
  }),
  script('date: the day after tomorrow', (c) => {
    const [said, day] = c.plus(2).open ? ['the day after tomorrow', c.plus(2)] : ['in three days', c.plus(3)];
    return {
      says: [`have ye anything ${said} for a fringe trim, say 12?`, 'grand', 'Emma', '087 444 5555', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: day.at('12:00') }] },
    };
  }),
  script("date: the caller's name is a stylist's", (c) => {
    const t = c.tomorrow();
    return {
      says: [`${t.said === 'tomorrow' ? 'Tomorrow' : t.said} at half two for a cut and blow-dry please`, 'yes', 'Ciara Doyle', '087 454 1212', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: t.day.at('14:30') }] },
    };
  }),
  script('date: month first, in the morning, the first offered', (c) => {
    const d = c.openFrom(8);
    return {
      says: [`I want to book a balayage for ${d.month} ${d.nth} in the morning`, 'the first one', 'Laura', '087 555 6666', 'yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('09:00') }] },
    };
  }),
  script('date: day before month with a slash', (c) => {
    const d = c.openFrom(15);
    return {
      says: [`Could I get a root colour on ${d.dom}/${d.date.month} at 3pm`, 'yes', 'Karen Walsh', '087 666 7777', 'yes'],
      expect: { books: [{ service: 'Root colour', start: d.at('15:00') }] },
    };
  }),
  script('date: "next Friday" is asked back', (c) => {
    const w = c.ahead(2);
    const week = w.plus(7);
    return {
      says: [
        `Can I book a gents cut next ${w.weekday} at 4?`,
        { if: /Do you mean|or next|or the/i, say: `${w.weekday} week, the ${week.nth}` },
        'yes',
        'Paddy',
        '087 777 8888',
        'yes',
      ],
      // Said later in the week it is asked back; said where the coming one is next week's, it is that one.
      expect: { books: [{ service: 'Gents cut', start: (w.date.weekday > c.today.date.weekday ? week : w).at('16:00') }] },
    };
  }),
  script('date: weekday, ordinal and month, half nine', (c) => {
    const d = c.openFrom(10);
    return {
      says: [`${d.weekday} the ${d.nth} of ${d.month}, half nine, for a blow-dry`, 'yes', 'Gráinne', '087 888 9999', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('09:30') }] },
    };
  }),
  script('time: quarter past three', (c) => {
    const t = c.tomorrow();
    return {
      says: [`a kids cut ${t.said} at quarter past three`, 'yes', 'Tom', '087 999 0000', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: t.day.at('15:15') }] },
    };
  }),
  script('time: quarter to eleven', (c) => {
    const d = c.ahead(3);
    return {
      says: [`I need an upstyle for a wedding on ${d.weekday}, quarter to eleven if you have it`, 'yes', 'Róisín', '087 101 2020', 'yes'],
      expect: { books: [{ service: 'Upstyle', start: d.at('10:45') }] },
    };
  }),
  script('time: 24-hour clock', (c) => {
    const d = c.ahead(4);
    return {
      says: [`Can I book a blow dry for ${d.weekday} at 14:30`, 'yes', 'Helen', '087 202 3030', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('14:30') }] },
    };
  }),
  script("time: eleven o'clock, in words", (c) => {
    const d = c.ahead(5);
    return {
      says: [`${d.weekday}, eleven o'clock, cut and blow dry`, 'yes', 'Bríd', '087 303 4040', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('11:00') }] },
    };
  }),
  script('date: the ordinal in words', (c) => {
    const d = c.openFrom(16);
    const words = [
      '',
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'sixth',
      'seventh',
      'eighth',
      'ninth',
      'tenth',
      'eleventh',
      'twelfth',
      'thirteenth',
      'fourteenth',
      'fifteenth',
      'sixteenth',
      'seventeenth',
      'eighteenth',
      'nineteenth',
      'twentieth',
    ];
    const spoken = words[d.dom] ?? (d.dom < 30 ? `twenty ${words[d.dom - 20]}` : d.dom === 30 ? 'thirtieth' : 'thirty first');
    return {
      says: [`balayage on the ${spoken} of ${d.month}, eleven o'clock`, 'yes', 'Clodagh', '087 404 5050', 'yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('11:00') }] },
    };
  }),
  script('date: this Friday', (c) => {
    const d = c.ahead(2);
    return {
      says: [`a fringe trim this ${d.weekday} at 10`, 'yes', 'Nora', '087 505 6060', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('10:00') }] },
    };
  }),
  script('date: the day, then the time, a turn apart', (c) => {
    const d = c.ahead(2);
    return {
      says: ["I'd like to book a cut and blow-dry", d.weekday, 'have you anything at 3?', 'yes', 'Mary', '087 606 7070', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('15:00') }] },
    };
  }),
  script('date: a day that has passed', (c) => {
    const d = c.plus(-5);
    return {
      says: [`Can I book a blow-dry for the ${d.nth} of ${d.month}?`],
      expect: { says: /passed|gone/ },
    };
  }),
  script('date: closed on Sunday, takes the Monday offered', (c) => {
    const monday = c.next('Monday');
    return {
      says: ['Can I get a cut and blow-dry on Sunday?', 'the ten o clock on Monday so', 'Una', '087 707 8080', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: monday.at('10:00') }] },
    };
  }),
  script('correction: actually no, make it Saturday', (c) => {
    const [first, second] = [c.ahead(2), c.ahead(3)];
    return {
      says: [`Can I book a cut and blow-dry for ${first.weekday} at 10, actually no, make it ${second.weekday}`, 'yes', 'Mary Murphy', '087 123 4567', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: second.at('10:00') }] },
    };
  }),
  script('correction: 2pm, no wait, half three', (c) => {
    const t = c.tomorrow();
    return {
      says: [`A blow-dry ${t.said} at 2pm, no wait, half three`, 'yes', 'Jenny', '087 121 3434', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: t.day.at('15:30') }] },
    };
  }),
  script('correction: "yeah, actually no, hang on" at the read-back', (c) => {
    const d = c.ahead(2);
    return {
      says: [`balayage on ${d.weekday} at 11`, 'yes', 'Niamh', '087 765 4321', 'Yeah, actually no, hang on, can we do 12 instead?', 'yes', 'yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('12:00') }] },
    };
  }),
  script('correction: sorry, no, a kids cut', (c) => {
    const d = c.ahead(3);
    return {
      says: [`I'd like a gents cut, sorry, no, a kids cut for my young lad, ${d.weekday} morning`, 'the first one', 'Eoin', '087 232 4545', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: d.at('09:00') }] },
    };
  }),
  script('correction: the stylist', (c) => {
    const d = c.ahead(4);
    return {
      says: [`Could I get a blow-dry with Aoife on ${d.weekday} at 11, actually make it Ciara`, 'yes', 'Susan', '087 343 5656', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('11:00'), stylist: 'Ciara' }] },
    };
  }),
  script('correction: "no, I said Friday" at the read-back', (c) => {
    const t = c.tomorrow();
    const d = c.ahead(2);
    return {
      says: [`a fringe trim ${t.said} at 10`, 'yes', 'Lisa', '087 454 6767', `No, sorry, I said ${d.weekday}`, 'yes', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('10:00') }] },
    };
  }),
  script('correction: another day while choosing an offered time', (c) => {
    const [first, second] = [c.ahead(2), c.ahead(3)];
    return {
      says: [
        `Have you anything for a cut and blow-dry on ${first.weekday}?`,
        `${second.weekday} at 10 would be better actually`,
        'yes',
        'Bríd',
        '087 565 7878',
        'yes',
      ],
      expect: { books: [{ service: 'Cut and blow-dry', start: second.at('10:00') }] },
    };
  }),
  script('choice: the offered day and a time', (c) => {
    const d = c.ahead(2);
    return {
      says: [`any time on ${d.weekday} for a blow-dry?`, `${d.weekday} at 10 is perfect`, 'Anne', '087 676 8989', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('10:00') }] },
    };
  }),
  script('choice: "the 11 one"', (c) => {
    const t = c.tomorrow();
    return {
      says: [`Can I come in for a gents cut ${t.said}?`, 'yeah the 11 one', 'Mick', '087 787 9090', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: t.day.at('11:00') }] },
    };
  }),
  script('correction: no wait, Tuesday', (c) => {
    const [first, second] = [c.ahead(1), c.ahead(5)];
    return {
      says: [`Do you have a balayage slot ${first.weekday} at 9, no wait, ${second.weekday} at 9`, "that's grand", 'Sarah', '087 898 0101', 'yes'],
      expect: { books: [{ service: 'Balayage', start: second.at('09:00') }] },
    };
  }),
  script('correction: "yes but actually" another stylist at the read-back', (c) => {
    const d = c.ahead(3);
    return {
      says: [`a kids cut on ${d.weekday} at 12`, 'yes', 'Jack', '087 909 1212', 'Yes but actually can it be with Siobhán?', 'yes', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: d.at('12:00'), stylist: 'Siobhán' }] },
    };
  }),
  script('choice: the nearest time when the one asked is taken', (c) => {
    const d = c.ahead(2);
    return {
      existing: ['Aoife', 'Siobhán', 'Ciara'].map((stylist, index) => ({
        service: 'Blow-dry',
        start: d.at('10:00'),
        stylist,
        callerPhone: `087 000 000${index + 1}`,
      })),
      says: [`A blow-dry on ${d.weekday} at 10`, 'half ten so', 'Rita', '087 010 2323', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('10:30') }] },
    };
  }),
  script('choice: by its place, in the afternoon', (c) => {
    const d = c.ahead(4);
    return {
      says: [`Anything ${d.weekday} afternoon for a gents cut?`, 'the second one', 'Ger', '087 121 2323', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: d.at('13:00') }] },
    };
  }),
];
