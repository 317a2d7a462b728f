import { describe, expect, it } from 'vitest';
import { bareHourIn, partOfDayIn, timesIn } from '../../../local/receptionist/clock-times.js';
import { daysIn, speakFullDate } from '../../../local/receptionist/days.js';
import {
  asksIn,
  clearYes,
  digitsSaid,
  goingForNow,
  nameAnswer,
  namedIn,
  partyIn,
  phoneIn,
  saysNo,
  spellingFixed,
} from '../../../local/receptionist/understand.js';
import { at } from '../booking/harness.js';

/** The sandbox receptionist's reading of what callers say: tables, so a changed rule shows. */
const NOW = at('2026-11-25T09:00'); // a Wednesday

describe('what a caller asks', () => {
  it.each([
    ['How much is a balayage?', ['price']],
    ['What time do you open on Saturday?', ['hours']],
    ['Where are ye based?', ['directions']],
    ['Can I book a cut for Friday?', ['book']],
    ['I need to cancel my appointment', ['cancel', 'book']],
    ['Would I be charged if I had to cancel?', ['policy']],
    ['How much notice do I need to give to cancel?', ['policy', 'price']],
    ['Can I move my Friday appointment to Saturday?', ['move', 'book']],
    ['Can I leave a message for the owner?', ['message']],
    ['Could I speak to Aoife?', ['person']],
    ['Can I talk to a real person please', ['person']],
    ["No thanks, that's all, bye", ['goodbye']],
    ["grand, I'll think about it", ['goodbye']],
    ['blue', []],
  ] as const)('%s → %s', (text, asks) => {
    expect([...asksIn(text)].sort()).toEqual([...asks].sort());
  });

  it.each([
    ['yes', true],
    ["yeah that's grand", true],
    ['That suits, yes', true],
    ['Yeah, actually no, hang on', false],
    ['Yes but actually can it be with Siobhán?', false],
    ['yes?', false],
    ['no, leave it actually', false],
  ] as const)('"%s" is a clear yes: %s', (text, yes) => {
    expect(clearYes(text)).toBe(yes);
  });

  it('hears a caller going for now, whatever "grand" opened it', () => {
    expect(goingForNow("Grand, I'll check with work and ring back, bye")).toBe(true);
    expect(goingForNow("grand, I'll think about it, thanks, bye")).toBe(true);
    expect(goingForNow('yes please, that would be lovely')).toBe(false);
  });

  it('hears a no, a number, a name given unasked or as an answer, and how many people', () => {
    expect(saysNo('no, just the one for now')).toBe(true);
    expect(saysNo('leave it')).toBe(true);
    expect(phoneIn('it is 087 123 4567 thanks')?.value).toBe('087 123 4567');
    expect(phoneIn('on 10/12 at 3')).toBeUndefined();
    expect(namedIn("Hi, it's Siobhán here, could I get a cut with Aoife")?.value).toBe('Siobhán');
    expect(namedIn("Hi it's Mary Murphy, could I book")?.value).toBe('Mary Murphy');
    expect(namedIn("It's on Friday")).toBeUndefined();
    expect(nameAnswer("It's mary murphy")).toBe('Mary Murphy');
    expect(nameAnswer('0871234567')).toBeUndefined();
    expect(nameAnswer('Yes')).toBeUndefined();
    // What is left of "Nessa Gallagher, 086 151 5151" once its number is taken out.
    expect(nameAnswer('Nessa Gallagher, ')).toBe('Nessa Gallagher');
    expect(partyIn("Kids' cuts for my two lads")).toBe(2);
    expect(partyIn('a blow-dry for myself and my daughter')).toBe(2);
    expect(partyIn('a blow-dry at 2')).toBeUndefined();
  });
});

describe('clock times, in a salon', () => {
  it.each([
    ['half two', '14:30'],
    ['half ten', '10:30'],
    ['half past eleven', '11:30'],
    ['at 10', '10:00'],
    ['at 3', '15:00'],
    ['11am', '11:00'],
    ['2pm please', '14:00'],
    ['14:30', '14:30'],
    ['2.30', '14:30'],
    ['quarter past three', '15:15'],
    ['quarter to eleven', '10:45'],
    ['quarter to one', '12:45'],
    ['twenty past four', '16:20'],
    ["three o'clock", '15:00'],
    ['the 2 o clock', '14:00'],
    ['noon', '12:00'],
    ['half seven in the morning', '07:30'],
    ['the 7th of December, ten in the morning', '10:00'],
    ['four in the afternoon', '16:00'],
    ['gents cut Wednesday 10', '10:00'],
    ['tomorrow 3 please', '15:00'],
    ['Friday 10th', undefined],
    ['Saturday 5 December', undefined],
    ['can we do 12 instead', '12:00'],
    ['for 2 people', undefined],
    ['on the 11th', undefined],
    ['087 123 4567', undefined],
    ['not at ten', undefined],
  ] as const)('"%s" is %s', (text, time) => {
    expect(timesIn(text).at(-1)?.value).toBe(time);
  });

  it('keeps every time said, in order, so the last wins; reads a bare hour and a part of the day', () => {
    expect(timesIn('2pm, no wait, half three').map((time) => time.value)).toEqual(['14:00', '15:30']);
    expect(bareHourIn('yeah the 11 one')).toBe('11:00');
    expect(bareHourIn('10 is grand')).toBe('10:00');
    expect(bareHourIn('the 11th')).toBeUndefined();
    expect(partOfDayIn('first thing on Monday')).toBe('morning');
    expect(partOfDayIn('any time in the afternoon')).toBe('afternoon');
  });
});

describe("days, on the salon's calendar", () => {
  const day = (text: string) => daysIn(text, NOW).at(-1)?.value;
  it.each([
    ['Friday, 11 December', { date: '2026-12-11' }],
    ['friday 11th dec', { date: '2026-12-11' }],
    ['the 11th', { date: '2026-12-11' }],
    ['the 27th', { date: '2026-11-27' }],
    ['Friday the 11th', { date: '2026-12-11' }],
    ['on the eleventh of December', { date: '2026-12-11' }],
    ['Saturday the 5th of December', { date: '2026-12-05' }],
    ['10/12', { date: '2026-12-10' }],
    ['December 3rd', { date: '2026-12-03' }],
    ['today', { date: '2026-11-25' }],
    ['tomorrow', { date: '2026-11-26' }],
    ['the day after tomorrow', { date: '2026-11-27' }],
    ['Friday', { date: '2026-11-27' }],
    ['anything in the afternoon Friday', { date: '2026-11-27' }],
    ['this Friday', { date: '2026-11-27' }],
    ['Friday week', { date: '2026-12-04' }],
    ['this day week', { date: '2026-12-02' }],
    ['tomorrow week', { date: '2026-12-03' }],
    ['next Monday', { date: '2026-11-30' }],
    ['next Wednesday', { date: '2026-12-02' }],
    ['the 5th of January', { date: '2027-01-05' }],
    ['Thursday the 11th', { problem: { kind: 'contradiction', said: 'Thursday the 11th', options: ['2026-12-11', '2026-12-10'] } }],
    ['Friday 10th December', { problem: { kind: 'contradiction', said: 'Friday 10th December', options: ['2026-12-10', '2026-12-11'] } }],
    ['next Friday', { problem: { kind: 'ambiguous', options: ['2026-11-27', '2026-12-04'] } }],
    ['Wednesday', { problem: { kind: 'today', options: ['2026-11-25', '2026-12-02'] } }],
    ['the 20th of November', { problem: { kind: 'past', date: '2026-11-20' } }],
    ['some time next week', { problem: { kind: 'vague', said: 'next week' } }],
    ['May I book a cut', undefined],
    ['I sat there', undefined],
  ] as const)('"%s"', (text, expected) => {
    expect(day(text)).toEqual(expected);
  });

  it('keeps every day said so the last wins, leaves out one said after "not", and reads a date back with its month', () => {
    expect(daysIn('Friday at 10, actually no, make it Saturday', NOW).map((said) => said.value)).toEqual([{ date: '2026-11-27' }, { date: '2026-11-28' }]);
    expect(daysIn('Saturday, not Friday', NOW).map((said) => said.value)).toEqual([{ date: '2026-11-28' }]);
    expect(speakFullDate('2026-12-11')).toBe('Friday the 11th of December');
    expect(speakFullDate('2026-11-27')).toBe('Friday the 27th of November');
  });
});

describe('typed slips and fillers', () => {
  it('puts right a slipped key word, never turning one real word into another', () => {
    expect(spellingFixed('a cut on Firday, or Satruday morning, tomrorow if not')).toBe('a cut on friday, or saturday morning, tomorrow if not');
    expect(spellingFixed('i need to cacnel')).toBe('i need to cancel');
    expect(spellingFixed('any chance of a massage, or I was looking for')).toBe('any chance of a massage, or I was looking for');
  });

  it('takes a name after fillers, or in lower case after an introduction', () => {
    expect(nameAnswer('right, Helen')).toBe('Helen');
    expect(nameAnswer('ehm, joan')).toBe('Joan');
    expect(namedIn("hi it's mary murphy could i book a cut")?.value).toBe('Mary Murphy');
    expect(namedIn("it's mary could i book")?.value).toBe('Mary');
    expect(namedIn("i'm looking for a cut")).toBeUndefined();
  });
});

describe('a filler "like" and a day never said', () => {
  it('drops "like" said as a filler, keeps "I\'d like"', async () => {
    const { hear } = await import('../../../local/receptionist/hear.js');
    const names = { services: ['Blow-dry'], stylists: ['Aoife'] };
    expect(hear('so a blow-dry this day like week, any time in the afternoon', names, NOW).day).toEqual({ date: '2026-12-02' });
    expect(hear('full head on Monday at like 10 please', names, NOW).time).toBe('10:00');
    expect(hear("I'd like a blow-dry", names, NOW).text).toBe("I'd like a blow-dry");
  });
});

describe('numbers said in words, full names, dates with their month (issue 41)', () => {
  it.each([
    ['oh eight six, one two three, four five six seven', '086 123 4567'],
    ['zero eight seven one two three four five six seven', '0871234567'],
    ['my number is oh eight six, double two three, four five six seven thanks', 'my number is 086 223 4567 thanks'],
    ['the first one is grand', 'the first one is grand'],
    ['two or three of us', 'two or three of us'],
    ['oh eight seven, two two three, four four five six', '087 223 4456'],
  ] as const)('"%s" → "%s"', (said, read) => {
    expect(digitsSaid(said)).toBe(read);
  });

  it('hears a number said in words as the phone, "eight" and a filler "like" in it too', async () => {
    const { hear } = await import('../../../local/receptionist/hear.js');
    const names = { services: ['Blow-dry'], stylists: ['Aoife'] };
    expect(hear('zero eight seven one two three four five six seven', names, NOW).phone).toBe('0871234567');
    expect(hear('oh eight six, like one two three, four five six seven', names, NOW).phone).toBe('086123 4567');
    expect(hear('balayage on the elevneth of December', names, NOW).day).toEqual({ date: '2026-12-11' });
  });

  it('keeps an Irish name whole, its particle and all', () => {
    expect(namedIn("It's Máire Ní Bhriain")?.value).toBe('Máire Ní Bhriain');
    expect(namedIn("it's Pádraig Ó Súilleabháin here")?.value).toBe('Pádraig Ó Súilleabháin');
    expect(namedIn('this is Gráinne Nic Amhlaoibh, I want to book')?.value).toBe('Gráinne Nic Amhlaoibh');
    expect(namedIn("it's Mary and my number is")?.value).toBe('Mary');
    expect(nameAnswer("It's Máire Ní Bhriain")).toBe('Máire Ní Bhriain');
    expect(nameAnswer('máire ní bhriain')).toBe('Máire Ní Bhriain');
    expect(nameAnswer('That would be great')).toBeUndefined();
    expect(namedIn("Hiya, I'm looking to book a cut, my name is Ellen Fahy")?.value).toBe('Ellen Fahy');
  });

  it('reads "for 18 December" as a day, not six o\'clock, and "Monday to Thursday" as two days', () => {
    expect(timesIn('a toner for 18 December at 11am').map((time) => time.value)).toEqual(['11:00']);
    expect(daysIn('a toner for 18 December', NOW).map((said) => said.value)).toEqual([{ date: '2026-12-18' }]);
    expect(daysIn('move my blow-dry on Monday to Thursday', NOW).map((said) => said.value)).toEqual([{ date: '2026-11-30' }, { date: '2026-11-26' }]);
  });
});
