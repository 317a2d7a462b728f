import { said } from '../calendar.js';
import { script, type ScriptTemplate } from '../script.js';

/**
 * Held out: booking calls written apart from the tuning corpus, before the receptionist was
 * changed for issue 41, and never tuned on (bench/receptionist-corpus.ts scores them apart).
 * Other callers, other words, other layouts: numbers said in words, Irish names in full, today's
 * weekday, a caller who already holds a booking at that time.
 */
const MINE = '+353871234567';

export const HELD_OUT_BOOKINGS: ScriptTemplate[] = [
  script('held-out: around eleven, a name with Ní, the number in words', (c) => {
    const d = c.ahead(2);
    return {
      says: [
        `Hello, I was wondering would you have anything for a blow-dry on ${d.weekday} around eleven?`,
        'That would be great',
        "It's Orlaith Ní Dhomhnaill",
        'oh eight seven, one two three, four five six seven',
        "yes that's right",
      ],
      expect: { books: [{ service: 'Blow-dry', start: d.at('11:00'), name: 'Orlaith Ní Dhomhnaill', phone: MINE }] },
    };
  }),
  script('held-out: a name with Ó, digits in groups said as words', (c) => {
    const d = c.ahead(3);
    return {
      says: [
        `I need a gents cut ${d.weekday} at half twelve if there's one going`,
        'perfect',
        'Pádraig Ó Súilleabháin',
        'zero eight seven one two three four five six seven',
        'go ahead',
      ],
      expect: { books: [{ service: 'Gents cut', start: d.at('12:30'), name: 'Pádraig Ó Súilleabháin', phone: MINE }] },
    };
  }),
  script('held-out: "double" in a number', (c) => {
    const d = c.ahead(4);
    return {
      says: [
        `Could I get a fringe trim on ${d.weekday} at ten past... no, quarter past ten`,
        'yeah',
        'Gráinne Nic Amhlaoibh',
        'oh eight six, double two three, four five six seven',
        'yes please',
      ],
      expect: { books: [{ service: 'Fringe trim', start: d.at('10:15'), name: 'Gráinne Nic Amhlaoibh', phone: '+353862234567' }] },
    };
  }),
  script('held-out: a hyphenated surname and the number with its dashes', (c) => {
    const d = c.openFrom(9);
    return {
      says: [`Book me in for a root colour on ${d.weekday} the ${d.nth}, 2 o'clock`, 'yes', 'Deirdre Walsh-Kavanagh', '087-123-4567', 'yes'],
      expect: { books: [{ service: 'Root colour', start: d.at('14:00'), name: 'Deirdre Walsh-Kavanagh', phone: MINE }] },
    };
  }),
  script('held-out: December the 11th said month first with "the"', (c) => {
    const d = c.openFrom(17);
    return {
      says: [`Have you a slot for a cut and blow-dry ${d.month} the ${d.nth}, at ten in the morning?`, 'yep', 'Aisling Brady', '085 765 4321', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('10:00') }] },
    };
  }),
  script('held-out: a week from a weekday', (c) => {
    const w = c.ahead(3);
    return {
      says: [`Could you do a kids cut a week from ${w.weekday}, about 11?`, 'grand job', 'Liam', '087 555 1212', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: w.plus(7).at('11:00') }] },
    };
  }),
  script("held-out: today's weekday meaning today", (c) => {
    const later = c.laterToday(30);
    if (!later) {
      const d = c.ahead(2);
      return {
        says: [`Any chance of a blow-dry ${d.weekday} at ${said('15:00')}?`, 'lovely', 'Ciarán', '087 600 7000', 'yes'],
        expect: { books: [{ service: 'Blow-dry', start: d.at('15:00') }] },
      };
    }
    return {
      says: [
        `Any chance of a blow-dry ${c.today.weekday} at ${said(later)}?`,
        { if: /today|next|which/i, say: 'today, yeah' },
        { if: /free|shall i|would .* suit/i, say: 'lovely' },
        'Ciarán',
        '087 600 7000',
        'yes',
      ],
      expect: { books: [{ service: 'Blow-dry', start: c.today.at(later) }] },
    };
  }),
  script("held-out: today's weekday meaning a week on", (c) => {
    const day = c.today.plus(7);
    if (!day.open) {
      return { says: [`Can I book a cut and blow-dry for next ${c.today.weekday}?`], expect: { says: /closed/i } };
    }
    return {
      says: [
        `Can I book a cut and blow-dry for ${c.today.weekday}? Not today, the one after`,
        { if: /what time|which time|when|suit/i, say: 'ten' },
        { if: /ten .*free|shall i book|would .* suit/i, say: 'yes' },
        'Sorcha Lynch',
        '087 432 1098',
        'yes',
      ],
      expect: { books: [{ service: 'Cut and blow-dry', start: day.at('10:00') }] },
    };
  }),
  script("held-out: today's weekday, then next week's in words", (c) => {
    const day = c.today.plus(7);
    if (!day.open || !c.laterToday(30)) {
      const d = c.ahead(3);
      return {
        says: [`A gents cut ${d.weekday} at 3 please`, 'ok', 'Colm', '087 321 0987', 'yes'],
        expect: { books: [{ service: 'Gents cut', start: d.at('15:00') }] },
      };
    }
    return {
      says: [
        `Have you anything ${c.today.weekday} at 3 for a gents cut?`,
        { if: /today|next/i, say: `next week, the ${day.nth}` },
        { if: /free|shall i|suit/i, say: 'yes' },
        'Colm',
        '087 321 0987',
        'yes',
      ],
      expect: { books: [{ service: 'Gents cut', start: day.at('15:00') }], avoid: /today.*today.*today/i },
    };
  }),
  script('held-out: a time the caller corrects after the offer', (c) => {
    const d = c.ahead(2);
    return {
      says: [
        `Is there anything for an upstyle ${d.weekday} morning?`,
        'Actually could you do eleven?',
        { if: /eleven.*free|shall i book/i, say: 'yes' },
        { if: /suit/i, say: 'the eleven' },
        'Niamh Kenny',
        '086 111 2233',
        'yes',
      ],
      expect: { books: [{ service: 'Upstyle', start: d.at('11:00') }] },
    };
  }),
  script('held-out: half four in the read-back correction', (c) => {
    const d = c.ahead(4);
    return {
      says: [`gents cut ${d.weekday} at four`, 'yes', 'Eamon', '087 876 5432', 'ah no sorry, half four would be better', 'yes', 'yes'],
      expect: { books: [{ service: 'Gents cut', start: d.at('16:30') }] },
    };
  }),
  script('held-out: a caller with the same time booked moves it instead', (c) => {
    const d = c.ahead(2);
    // Her blow-dry at quarter past eleven runs to quarter to twelve: half eleven overlaps it (at eleven it would not have).
    return {
      existing: [{ service: 'Blow-dry', start: d.at('11:15') }],
      says: [
        `Can I book a blow-dry for ${d.weekday} at half eleven?`,
        'yes',
        'Róisín Ní Mhurchú',
        '087 123 4567',
        'yes',
        { if: /already|move/i, say: 'oh yes, move that one so' },
        { if: /shall i|go ahead|\?$/i, say: 'yes' },
      ],
      expect: { moves: [{ from: d.at('11:15'), to: d.at('11:30') }] },
    };
  }),
  script('held-out: a caller with that time booked wants one for her sister too', (c) => {
    const d = c.ahead(3);
    return {
      existing: [{ service: 'Blow-dry', start: d.at('12:00') }],
      says: [
        `a blow-dry ${d.weekday} at 12 please`,
        'yes',
        'Clodagh Byrne',
        '087 123 4567',
        'yes',
        { if: /already|move/i, say: "no, this one's for my sister, Clodagh" },
        { if: /shall i|\?$/i, say: 'yes' },
      ],
      expect: { books: [{ service: 'Blow-dry', start: d.at('12:00') }] },
    };
  }),
  script('held-out: a booking asked for twice in one call', (c) => {
    const d = c.ahead(2);
    return {
      says: [
        `Fringe trim on ${d.weekday} at 2`,
        'yes',
        'Aoibheann',
        '087 909 8080',
        'yes',
        `Sorry, can I book a fringe trim ${d.weekday} at 2?`,
        'yes',
        'yes',
        'yes',
      ],
      expect: { books: [{ service: 'Fringe trim', start: d.at('14:00') }] },
    };
  }),
  script('held-out: whenever is soonest for a blow-dry', (c) => {
    // The first start on the quarter hour at least 15 minutes on, inside opening hours, else the next open day's nine o'clock.
    const [hour, minute] = c.time.split(':').map(Number) as [number, number];
    const soonest = Math.max(9 * 60, Math.ceil((hour * 60 + minute + 15) / 15) * 15);
    const [closeHour, closeMinute] = c.today.closes.split(':').map(Number) as [number, number];
    const today = c.today.open && soonest + 30 <= closeHour * 60 + closeMinute;
    const start = today ? c.today.at(`${String(Math.floor(soonest / 60)).padStart(2, '0')}:${String(soonest % 60).padStart(2, '0')}`) : c.ahead(1).at('09:00');
    return {
      says: ["What's the soonest you could do a blow-dry?", 'the first one', 'Mairéad', '087 246 8101', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start }] },
    };
  }),
  script('held-out: balayage with Siobhán, the stylist named last', (c) => {
    const d = c.ahead(5);
    return {
      says: [`balayage ${d.weekday} at 10, with Siobhán if she's in`, 'yes', 'Laoise', '087 135 7911', 'yes'],
      expect: { books: [{ service: 'Balayage', start: d.at('10:00'), stylist: 'Siobhán' }] },
    };
  }),
  script('held-out: a full head of highlights, said "full head"', (c) => {
    const d = c.openFrom(7);
    return {
      says: [`Any time for a full head ${d.weekday} the ${d.nth}? Say ten?`, 'yes', 'Tríona', '087 864 2086', 'yes'],
      expect: { books: [{ service: 'Full head highlights', start: d.at('10:00') }] },
    };
  }),
  script('held-out: "the 9 o\'clock" picked from the morning offered', (c) => {
    const d = c.ahead(4);
    return {
      says: [`morning appointment for a cut and blow-dry on ${d.weekday}?`, "the 9 o'clock", 'Nuala', '087 777 1234', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('09:00') }] },
    };
  }),
  script('held-out: a Sunday asked for, the Monday offered picked by its time', (c) => {
    const monday = c.next('Monday');
    return {
      says: [
        'Are you around Sunday for a blow-dry?',
        { if: /Monday|suit/i, say: "Monday at ten o'clock is good" },
        { if: /shall i book|free/i, say: 'yes' },
        'Fionnuala',
        '087 333 9999',
        'yes',
      ],
      expect: { books: [{ service: 'Blow-dry', start: monday.at('10:00') }] },
    };
  }),
  script('held-out: a plain booking, everything in one go', (c) => {
    const d = c.ahead(1);
    return {
      says: [`Hiya, I'm looking to book a cut and blow-dry for ${d.weekday} at half two, my name is Ellen Fahy`, 'yes', '086 246 1357', 'yes'],
      expect: { books: [{ service: 'Cut and blow-dry', start: d.at('14:30'), name: 'Ellen Fahy' }] },
    };
  }),
  script('held-out: a kids cut after school', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Would you have a kids cut for my little one on ${d.weekday}, around four?`, 'yes', 'Darragh', '087 606 1234', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: d.at('16:00') }] },
    };
  }),
  script('held-out: a blow-dry at 9am sharp', (c) => {
    const d = c.ahead(3);
    return {
      says: [`blow dry ${d.weekday} 9am`, 'yes', 'Caitríona', '087 898 7654', 'yes'],
      expect: { books: [{ service: 'Blow-dry', start: d.at('09:00') }] },
    };
  }),
  script('held-out: the stylist asked for first', (c) => {
    const d = c.ahead(2);
    return {
      says: [`Is Aoife free ${d.weekday} at 1? For a fringe trim`, 'yes', 'Sadhbh', '087 505 4321', 'yes'],
      expect: { books: [{ service: 'Fringe trim', start: d.at('13:00'), stylist: 'Aoife' }] },
    };
  }),
  script('held-out: a day in words, ten to twelve', (c) => {
    const d = c.openFrom(12);
    return {
      says: [
        `I'd like to book an upstyle for the ${d.nth} of ${d.month}, at ten to twelve`,
        { if: /quarter|suit|which/i, say: 'quarter to twelve so' },
        'yes',
        'Muireann',
        '087 919 2929',
        'yes',
      ],
      expect: { books: [{ service: 'Upstyle', start: d.at('11:45') }] },
    };
  }),
  script('held-out: a caller who changes the service at the read-back', (c) => {
    const d = c.ahead(4);
    return {
      says: [`gents cut ${d.weekday} at 11`, 'yes', 'Rory', '087 454 5454', 'Actually make that a kids cut, it is for my son', 'yes', 'yes'],
      expect: { books: [{ service: "Kids' cut", start: d.at('11:00') }] },
    };
  }),
  script('held-out: a caller who hangs up before the yes', (c) => {
    const d = c.ahead(2);
    return {
      says: [`a blow-dry ${d.weekday} at 3`, 'yes', 'Bláthnaid', '087 232 3232', "actually I'll check with my husband and ring back, bye"],
      expect: {},
    };
  }),
];
