import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from '../../../functions/contracts/setup.js';
import { chooseOffer, type Offer, type StartTime } from '../../../functions/core/booking/offer.js';
import { speakOffer, type OfferWords } from '../../../functions/core/booking/speak-offer.js';

/**
 * check-availability's decision (chooseOffer: which times, pure) and its words (speakOffer), each
 * on its own: no store, no clock but the one handed in.
 */
const at = (local: string) => DateTime.fromISO(local, { zone: 'Europe/Dublin' }).toMillis();
const now = at('2026-11-21T23:00'); // a Saturday night
const MINUTE = 60_000;

/** Free starts on a day at these local times, each for these stylists, 45 minutes long. */
const startsOn = (date: string, times: string[], stylistIds = ['sty_a']): StartTime[] =>
  times.map((time) => ({ start: at(`${date}T${time}`), end: at(`${date}T${time}`) + 45 * MINUTE, stylistIds }));
const clock = (entries: readonly StartTime[]) =>
  entries.map((entry) => DateTime.fromMillis(entry.start, { zone: 'Europe/Dublin' }).toFormat('yyyy-MM-dd HH:mm'));

const words = (extra: Partial<OfferWords> = {}): OfferWords => ({
  serviceName: 'Cut & blow-dry',
  names: (id) => ({ sty_a: 'Aoife', sty_c: 'Ciara' })[id] ?? '',
  now,
  ...extra,
});

describe('chooseOffer: what check-availability offers', () => {
  it('the first day with room, three times spread an hour apart, the rest of that day as more', () => {
    const starts = [...startsOn('2026-11-24', ['09:00', '09:15', '09:30', '10:00', '10:15', '11:30']), ...startsOn('2026-11-25', ['09:00'])];
    const offer = chooseOffer({ starts, hours: DEFAULT_HOURS });
    expect(offer.kind).toBe('first-day');
    expect(clock(offer.options)).toEqual(['2026-11-24 09:00', '2026-11-24 10:00', '2026-11-24 11:30']);
    expect(clock(offer.more)).toHaveLength(6);
  });

  it('an exact time asked for that is free is offered alone; one that is not, the three nearest that day', () => {
    const starts = startsOn('2026-11-24', ['09:00', '10:00', '10:30', '11:00', '15:00']);
    const exact = chooseOffer({ starts, date: '2026-11-24', target: at('2026-11-24T10:30'), hours: DEFAULT_HOURS });
    expect(exact.kind).toBe('exact');
    expect(clock(exact.options)).toEqual(['2026-11-24 10:30']);
    const nearest = chooseOffer({ starts, date: '2026-11-24', target: at('2026-11-24T10:15'), hours: DEFAULT_HOURS });
    expect(nearest).toMatchObject({ kind: 'nearest', target: at('2026-11-24T10:15'), date: '2026-11-24' });
    expect(clock(nearest.options)).toEqual(['2026-11-24 10:00', '2026-11-24 10:30', '2026-11-24 11:00']);
  });

  it('a time without a day: the first days that have exactly that time; none has it → the first day with room', () => {
    const starts = [...startsOn('2026-11-24', ['09:00', '14:30']), ...startsOn('2026-11-25', ['14:30']), ...startsOn('2026-11-26', ['10:00'])];
    const same = chooseOffer({ starts, time: '14:30', hours: DEFAULT_HOURS });
    expect(same.kind).toBe('same-time');
    expect(clock(same.options)).toEqual(['2026-11-24 14:30', '2026-11-25 14:30']);
    expect(chooseOffer({ starts, time: '7:45', hours: DEFAULT_HOURS }).kind).toBe('first-day');
  });

  it('a full day: the next day with room, and the day itself for the waiting list only when the salon is open then', () => {
    const later = startsOn('2026-11-25', ['09:00', '12:00', '16:00']);
    const full = chooseOffer({ starts: [], later, date: '2026-11-24', hours: DEFAULT_HOURS });
    expect(full).toMatchObject({ kind: 'none', nextDay: '2026-11-25', waitlistDate: '2026-11-24' });
    expect(clock(full.options)).toEqual(['2026-11-25 09:00', '2026-11-25 12:00', '2026-11-25 16:00']);
    // Sunday the 22nd is closed: nothing to wait for.
    expect(chooseOffer({ starts: [], later, date: '2026-11-22', hours: DEFAULT_HOURS })).toMatchObject({ kind: 'none', waitlistDate: null });
    expect(chooseOffer({ starts: [], later: [], hours: DEFAULT_HOURS })).toMatchObject({ kind: 'none', nextDay: null, options: [] });
  });
});

describe('speakOffer: the sentence for each offer', () => {
  const day = (times: string[], stylistIds?: string[]) => startsOn('2026-11-28', times, stylistIds);

  it('the first day with room: today or tomorrow lead, otherwise "On <day>"', () => {
    const offer: Offer = { kind: 'first-day', day: '2026-11-28', options: day(['09:00', '10:00', '11:00']), more: [] };
    expect(speakOffer(offer, words())).toBe("On Saturday the 28th I have nine o'clock, ten o'clock or eleven o'clock. Which would suit?");
    const tomorrow: Offer = { kind: 'first-day', day: '2026-11-22', options: startsOn('2026-11-22', ['14:30']), more: [] };
    expect(speakOffer(tomorrow, words({ stylist: 'Ciara' }))).toBe('Tomorrow I have half two with Ciara. Which would suit?');
  });

  it('an exact time: names the one stylist free when the caller asked for anyone, not when several are', () => {
    const alone: Offer = { kind: 'exact', options: [day(['11:00'], ['sty_a'])[0]!], more: [] };
    expect(speakOffer(alone, words())).toBe("Yes, Saturday the 28th at eleven o'clock is free with Aoife. Shall I book it?");
    const both: Offer = { kind: 'exact', options: [day(['11:00'], ['sty_a', 'sty_c'])[0]!], more: [] };
    expect(speakOffer(both, words())).toBe("Yes, Saturday the 28th at eleven o'clock is free. Shall I book it?");
  });

  it('the nearest times, one or several', () => {
    const one: Offer = { kind: 'nearest', target: at('2026-11-28T10:15'), date: '2026-11-28', options: day(['10:30']), more: [] };
    expect(speakOffer(one, words())).toBe("Sorry, quarter past ten isn't free. The nearest I have on Saturday the 28th is half ten.");
    const two: Offer = { ...one, options: day(['10:00', '10:30']) };
    expect(speakOffer(two, words({ stylist: 'Aoife' }))).toBe(
      "Sorry, quarter past ten isn't free with Aoife. The nearest I have on Saturday the 28th are ten o'clock or half ten.",
    );
  });

  it('the same time on several days', () => {
    const offer: Offer = { kind: 'same-time', options: [...startsOn('2026-11-24', ['14:30']), ...startsOn('2026-11-25', ['14:30'])], more: [] };
    expect(speakOffer(offer, words())).toBe('I have half two free Tuesday the 24th or Wednesday the 25th.');
  });

  it('nothing free: the next day, the waiting list when there is one, a message when nothing is free for a while', () => {
    const next: Offer = { kind: 'none', options: startsOn('2026-11-25', ['09:00', '12:00']), more: [], nextDay: '2026-11-25', waitlistDate: '2026-11-24' };
    expect(speakOffer(next, words({ date: '2026-11-24' }))).toBe(
      "Sorry, there's nothing free for a Cut & blow-dry on Tuesday the 24th. The next day I have is Wednesday the 25th: nine o'clock or twelve noon. Or I can put you on the waiting list for Tuesday the 24th: if a time comes free, we'll text you.",
    );
    const nothing: Offer = { kind: 'none', options: [], more: [], nextDay: null, waitlistDate: null };
    expect(speakOffer(nothing, words({ stylist: 'Aoife' }))).toBe(
      "Sorry, there's nothing free for a Cut & blow-dry with Aoife in the next two weeks, or for a while after. Would you like me to take a message for the salon?",
    );
    expect(speakOffer(nothing, words({ serviceName: 'Upstyle' }))).toMatch(/^Sorry, there's nothing free for an Upstyle in/);
  });
});
