import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { toolSay, type AgentTool } from '../../../functions/contracts/agent-tools.js';
import { DAYS, DEFAULT_HOURS, type Hours } from '../../../functions/contracts/setup.js';
import { parseToolInput } from '../../../functions/core/agent-tools/registry.js';
import { speakClock, speakDate, speakDateTime, speakDuration, speakOpeningHours, speakPrice, withArticle } from '../../../functions/core/booking/speak.js';
import { localTime, parseStart, resolveDateWord } from '../../../functions/core/booking/time.js';

const at = (local: string) => DateTime.fromISO(local, { zone: 'Europe/Dublin' }).toMillis();
const now = at('2026-11-21T23:00'); // a Saturday night

describe('speaking times the Irish way', () => {
  it.each([
    [10, 0, "ten o'clock"],
    [11, 15, 'quarter past eleven'],
    [14, 30, 'half two'],
    [14, 45, 'quarter to three'],
    [16, 20, '20 past four'],
    [12, 0, 'twelve noon'],
    [12, 30, 'half twelve'],
    [7, 30, 'half seven in the morning'],
    [19, 0, "seven o'clock in the evening"],
    [0, 0, 'midnight'],
    [0, 15, 'quarter past midnight'],
    [23, 45, 'quarter to midnight'],
    [23, 59, 'midnight'],
  ])('%i:%i → %s', (hour, minute, spoken) => {
    expect(speakClock(hour, minute)).toBe(spoken);
  });

  it('dates: today, tomorrow, this month without the month, later with it', () => {
    expect(speakDate('2026-11-21', now)).toBe('today');
    expect(speakDate('2026-11-22', now)).toBe('tomorrow');
    expect(speakDate('2026-11-28', now)).toBe('Saturday the 28th');
    expect(speakDate('2026-12-01', now)).toBe('Tuesday the 1st of December');
    expect(speakDate('2026-12-22', now)).toBe('Tuesday the 22nd of December');
    expect(speakDate('2026-12-13', now)).toBe('Sunday the 13th of December');
    expect(speakDateTime(at('2026-11-28T14:30'), now)).toBe('Saturday the 28th at half two');
    // Across the clock change the wall time is what is said.
    expect(speakDateTime(at('2027-03-29T09:00'), now)).toBe("Monday the 29th of March at nine o'clock");
  });

  it('prices as euro, short', () => {
    expect(speakPrice({ priceCents: 4500, priceMinCents: null, priceMaxCents: null })).toBe('€45');
    expect(speakPrice({ priceCents: 4550, priceMinCents: null, priceMaxCents: null })).toBe('€45.50');
    expect(speakPrice({ priceCents: null, priceMinCents: 15000, priceMaxCents: 22000 })).toBe('€150 to €220');
    expect(speakPrice({ priceCents: null, priceMinCents: 6000, priceMaxCents: null })).toBe('from €60');
    expect(speakPrice({ priceCents: null, priceMinCents: null, priceMaxCents: 9000 })).toBe('up to €90');
    expect(speakPrice({ priceCents: null, priceMinCents: null, priceMaxCents: null })).toBeNull();
  });

  it('durations', () => {
    expect(speakDuration(45)).toBe('45 minutes');
    expect(speakDuration(60)).toBe('an hour');
    expect(speakDuration(90)).toBe('an hour and a half');
    expect(speakDuration(180)).toBe('3 hours');
    expect(speakDuration(135)).toBe('2 hours and 15 minutes');
  });

  it('the article before a service: never "a Upstyle"', () => {
    expect(['Upstyle', 'Balayage', 'Eyebrow tint', 'Unisex cut'].map(withArticle)).toEqual(['an Upstyle', 'a Balayage', 'an Eyebrow tint', 'a Unisex cut']);
  });

  it('opening hours, days with the same hours grouped', () => {
    expect(speakOpeningHours(DEFAULT_HOURS)).toBe("We're open Monday to Friday nine to six and Saturday nine to five, and closed on Sunday.");
    const late = { ...DEFAULT_HOURS, thursday: { open: '09:00', close: '20:30', closed: false } };
    expect(speakOpeningHours(late)).toBe(
      "We're open Monday to Wednesday nine to six, Thursday nine to half eight in the evening, Friday nine to six and Saturday nine to five, and closed on Sunday.",
    );
  });

  it('opening hours round the clock, or from or to midnight, said as a person would', () => {
    const allDay = Object.fromEntries(DAYS.map((day) => [day, { open: '00:00', close: '23:59', closed: false }])) as Hours;
    expect(speakOpeningHours(allDay)).toBe("We're open Monday to Sunday all day.");
    expect(speakOpeningHours({ ...DEFAULT_HOURS, saturday: { open: '00:00', close: '23:59', closed: false } })).toBe(
      "We're open Monday to Friday nine to six and Saturday all day, and closed on Sunday.",
    );
    expect(speakOpeningHours({ ...DEFAULT_HOURS, friday: { open: '09:00', close: '23:59', closed: false } })).toBe(
      "We're open Monday to Thursday nine to six, Friday nine to midnight and Saturday nine to five, and closed on Sunday.",
    );
    expect(speakOpeningHours({ ...DEFAULT_HOURS, friday: { open: '00:00', close: '18:00', closed: false } })).toBe(
      "We're open Monday to Thursday nine to six, Friday midnight to six and Saturday nine to five, and closed on Sunday.",
    );
  });
});

describe('local times in Europe/Dublin', () => {
  it('refuses the hour the clocks skip in spring, as such', () => {
    expect(localTime('2027-03-28', '01:30')).toEqual({ ok: false, problem: 'clocks-go-forward' });
    expect(localTime('2027-03-28', '01:00')).toEqual({ ok: false, problem: 'clocks-go-forward' });
    expect(localTime('2027-03-28', '02:00').ok).toBe(true);
    expect(parseStart('2027-03-28T01:45')).toEqual({ ok: false, problem: 'clocks-go-forward' });
  });

  it('refuses impossible dates and times', () => {
    expect(localTime('2026-02-30', '10:00')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStart('2026-11-28T25:00')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStart('2026-11-28T10:00:30')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStart('2026-13-01T10:00')).toEqual({ ok: false, problem: 'invalid' });
  });

  it("refuses ISO 8601's 24:00 as no time at all, not as a clock change (luxon reads it as the next midnight)", () => {
    expect(parseStart('2026-12-01T24:00')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStart('2026-12-01T24:00:00')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStart('2026-12-01T24:00:00+00:00').ok).toBe(false);
    expect(parseStart('2026-12-01T24:00Z').ok).toBe(false);
    expect(parseStart('2026-12-02T00:00').ok).toBe(true);
  });

  it('takes local wall times only: a zone or an offset is refused, never converted (RELIABILITY 49)', () => {
    const local = parseStart('2026-11-28T14:30');
    const summer = parseStart('2027-06-01T10:00');
    expect(local.ok && local.time.toMillis()).toBe(Date.parse('2026-11-28T14:30:00Z'));
    expect(summer.ok && summer.time.toISO({ suppressMilliseconds: true })).toBe('2027-06-01T10:00:00+01:00');
    for (const zoned of ['2027-01-11T13:00+02:00', '2026-11-28T14:30:00+00:00', '2026-11-28T14:30Z', '2026-11-28T14:30:00.000Z', '2026-11-28T14:30+0000']) {
      expect(parseStart(zoned), zoned).toEqual({ ok: false, problem: 'zoned' });
    }
  });

  it('every time field of every tool refuses a zone in its contract, with a sentence the agent can say', () => {
    const zoned: [AgentTool, Record<string, unknown>][] = [
      ['book', { service: 'cut', start: '2027-01-11T13:00+02:00', callerName: 'Nóra', callerPhone: '0871234567' }],
      ['book', { service: 'cut', start: '2027-01-11T13:00Z', callerName: 'Nóra', callerPhone: '0871234567' }],
      ['reschedule', { callerPhone: '0871234567', newStart: '2027-01-11T13:00+02:00' }],
      ['reschedule', { callerPhone: '0871234567', newStart: '2027-01-11T13:00', date: '2027-01-10T09:00Z' }],
      ['cancel', { callerPhone: '0871234567', date: '2027-01-11T00:00+01:00' }],
      ['check-availability', { service: 'cut', date: '2027-01-11', time: '13:00Z' }],
      ['check-availability', { service: 'cut', time: '13:00 UTC' }],
      ['check-availability', { service: 'cut', date: '2027-01-11T13:00+02:00' }],
    ];
    for (const [tool, input] of zoned) {
      let refused: unknown;
      try {
        parseToolInput(tool, input);
      } catch (error) {
        refused = error;
      }
      expect(refused, `${tool} ${JSON.stringify(input)}`).toMatchObject({ kind: 'invalid', code: 'zoned_time', say: toolSay.zonedTime });
    }
    expect(parseToolInput('book', { service: 'cut', start: '2027-01-11T13:00', callerName: 'Nóra', callerPhone: '0871234567' }).start).toBe('2027-01-11T13:00');
  });

  it('date words resolve from now, in the salon zone', () => {
    expect(resolveDateWord('today', now)).toBe('2026-11-21');
    expect(resolveDateWord('tomorrow', now)).toBe('2026-11-22');
    expect(resolveDateWord('saturday', now)).toBe('2026-11-28');
    expect(resolveDateWord('sunday', now)).toBe('2026-11-22');
    expect(resolveDateWord('monday', now)).toBe('2026-11-23');
    expect(resolveDateWord('2026-12-01', now)).toBe('2026-12-01');
  });
});

describe('services and stylists by name', () => {
  const context = {
    salon: {} as never,
    setup: {
      exists: true,
      currentStep: 3,
      phoneOption: 'new' as const,
      forwardNumber: '',
      forwardWhen: 'unanswered' as const,
      mappings: {},
      voice: null,
      stylists: [
        { id: 'sty_1', name: 'Aoife' },
        { id: 'sty_2', name: 'Síle' },
        { id: 'sty_3', name: 'Aoife Byrne' },
      ],
      services: [
        { id: 'svc_1', name: 'Cut & Blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
        { id: 'svc_2', name: 'Balayage (long hair)', duration: 180, price: null, price_min: 150, price_max: 220, isRange: true, comment: '' },
        { id: 'svc_3', name: 'Gents cut', duration: 30, price: 25, price_min: null, price_max: null, isRange: false, comment: '' },
      ],
    },
  };

  it('finds by id, exact name, or words that pick out one name', async () => {
    const { resolveService, resolveStylist } = await import('../../../functions/core/booking/context.js');
    expect(resolveService(context, 'svc_2').id).toBe('svc_2');
    expect(resolveService(context, 'cut and blow dry').id).toBe('svc_1');
    expect(resolveService(context, 'a BALAYAGE please').id).toBe('svc_2');
    expect(resolveService(context, 'blow').id).toBe('svc_1');
    expect(resolveService(context, 'gents').id).toBe('svc_3');
    expect(resolveStylist(context, 'sile')!.id).toBe('sty_2');
    expect(resolveStylist(context, 'Aoife')!.id).toBe('sty_1');
    expect(resolveStylist(context, 'byrne')!.id).toBe('sty_3');
    expect(resolveStylist(context, 'anyone')).toBeNull();
    expect(resolveStylist(context, undefined)).toBeNull();
  });

  it('asks when several match, refuses when none do', async () => {
    const { resolveService } = await import('../../../functions/core/booking/context.js');
    expect(() => resolveService(context, 'cut')).toThrow(
      expect.objectContaining({ code: 'ambiguous_service', say: 'Did you mean Cut & Blow-dry or Gents cut?' }),
    );
    for (const nothing of ['a', 'the', 'dog grooming', 'svc_other_salon', 'c']) {
      expect(() => resolveService(context, nothing)).toThrow(expect.objectContaining({ code: 'unknown_service', kind: 'not_found' }));
    }
  });
});
