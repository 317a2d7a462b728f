import { describe, expect, it } from 'vitest';
import { dateIn, intentOf, nameIn, nameMentioned, phoneIn, timeIn } from '../../../functions/core/receptionist/understand.js';

/** The sandbox receptionist's reading of what callers say: a table, so a changed rule shows. */
describe('what a caller asks', () => {
  it.each([
    ['How much is a balayage?', 'price'],
    ['What are your prices like', 'price'],
    ['What time do you open on Saturday?', 'hours'],
    ['Where are you?', 'directions'],
    ['Is there parking?', 'directions'],
    ['Can I book a cut for Friday?', 'book'],
    ['Have you anything free tomorrow afternoon', 'book'],
    ['I need to cancel my appointment', 'cancel'],
    ['Can I leave a message?', 'message'],
    ['Can I speak to a real person', 'human'],
    ["No thanks, that's all, bye", 'goodbye'],
    ['yeah go on', 'yes'],
    ['blue', 'unknown'],
  ] as const)('%s → %s', (text, intent) => {
    expect(intentOf(text)).toBe(intent);
  });

  it.each([
    ['half two', '14:30'],
    ['at 10', '10:00'],
    ['10am', '10:00'],
    ['2pm please', '14:00'],
    ['14:30', '14:30'],
    ['quarter past eleven', '11:15'],
    ['quarter to three', '14:45'],
    ["three o'clock", '15:00'],
    ['12pm', '12:00'],
    ['tomorrow', undefined],
  ] as const)('the time in "%s" is %s', (text, time) => {
    expect(timeIn(text)).toBe(time);
  });

  it('finds days, phones, names and the services and stylists mentioned', () => {
    expect(dateIn('is Saturday ok')).toBe('saturday');
    expect(dateIn('tomorrow morning')).toBe('tomorrow');
    expect(phoneIn('it is 087 123 4567 thanks')).toBe('087 123 4567');
    expect(nameIn("It's mary murphy")).toBe('Mary Murphy');
    expect(nameIn('My name is Siobhán.')).toBe('Siobhán');
    expect(nameIn('0871234567')).toBeUndefined();
    expect(nameIn('Yes')).toBeUndefined();
    expect(nameMentioned('a balayage with aoife please', ['Cut and blow-dry', 'Balayage'])).toBe('Balayage');
    expect(nameMentioned('can aoife do it', ['Aoife', 'Ciara'])).toBe('Aoife');
    expect(nameMentioned('a cut please', ['Cut and blow-dry', 'Gents cut'])).toBeUndefined();
  });
});
