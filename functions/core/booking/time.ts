import { DateTime, IANAZone } from 'luxon';
import { SALON_TIME_ZONE } from '../../contracts/appointments.js';
import { DAYS, type Day, type Hours } from '../../contracts/setup.js';

/**
 * Wall-clock time in the salon's zone (Europe/Dublin, DST-aware). Instants are epoch
 * milliseconds; dates are local `YYYY-MM-DD`. luxon does the zone arithmetic.
 */
export const ZONE = SALON_TIME_ZONE;
export const MINUTE = 60_000;

/**
 * The salon's zone with its UTC offsets remembered per minute. luxon asks Intl for the offset of
 * every instant it makes (formatToParts): a third of a check-availability's CPU, which queues
 * calls in flight (docs/bookings.md, "Ten calls in flight"). Offsets change only on a minute
 * (Europe/Dublin's at 01:00 UTC).
 */
class RememberedZone extends IANAZone {
  private readonly offsets = new Map<number, number>();

  override offset(ts: number): number {
    const minute = Math.floor(ts / MINUTE);
    let offset = this.offsets.get(minute);
    if (offset === undefined) {
      offset = super.offset(ts);
      if (this.offsets.size >= 100_000) this.offsets.clear();
      this.offsets.set(minute, offset);
    }
    return offset;
  }
}
// Made on first use: luxon's zone builds an Intl formatter, which would load ICU at every cold start (tests/infra/lambda-bundle.test.ts).
let remembered: RememberedZone | undefined;
const salonZone = () => (remembered ??= new RememberedZone(ZONE));

export type LocalTimeProblem = 'invalid' | 'clocks-go-forward' | 'zoned';

export type LocalTimeResult = { ok: true; time: DateTime } | { ok: false; problem: LocalTimeProblem };

/**
 * A local wall time (`2027-03-28T01:30`) as an instant in the salon's zone. A time the clocks skip
 * (spring forward) is refused, not silently shifted: luxon moves it an hour on, which we detect
 * by comparing the wall time asked for with the one we got.
 */
export function localTime(date: string, time: string): LocalTimeResult {
  const wanted = `${date}T${time.length === 4 ? `0${time}` : time}`;
  const parsed = DateTime.fromISO(wanted, { zone: salonZone() });
  if (!parsed.isValid) return { ok: false, problem: 'invalid' };
  if (parsed.toFormat("yyyy-MM-dd'T'HH:mm") !== wanted.slice(0, 16)) return { ok: false, problem: 'clocks-go-forward' };
  return { ok: true, time: parsed };
}

/**
 * A start as the agent sends it: the salon's wall-clock time (`2026-11-28T14:30`). A zone or an
 * offset is refused, never converted (RELIABILITY 49): the tools' contracts refuse it first, and
 * this holds for every other caller.
 */
export function parseStart(value: string): LocalTimeResult {
  if (/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value) && /T\d/.test(value)) return { ok: false, problem: 'zoned' };
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (!match) return { ok: false, problem: 'invalid' };
  // luxon reads ISO 8601's 24:00 as the next day's midnight, which the wall-time check in
  // localTime would take for a time the clocks skip. As a start it is no time at all.
  if (match[2]!.startsWith('24:')) return { ok: false, problem: 'invalid' };
  if (Number(match[3] ?? 0) !== 0 || Number(match[4] ?? 0) !== 0) return { ok: false, problem: 'invalid' };
  return localTime(match[1]!, match[2]!);
}

/** A slot's start or end as the tools give it: the salon's wall-clock time, `2026-11-28T14:30`. */
export function wallClock(ms: number): string {
  return atInstant(ms).toFormat("yyyy-MM-dd'T'HH:mm");
}

/** The instant of a wall-clock time the tools gave (`wallClock`). */
export function fromWallClock(value: string): number {
  return DateTime.fromISO(value, { zone: salonZone() }).toMillis();
}

export function atInstant(ms: number): DateTime {
  return DateTime.fromMillis(ms, { zone: salonZone() });
}

/** The local date (YYYY-MM-DD) of an instant. */
export function localDate(ms: number): string {
  return atInstant(ms).toISODate()!;
}

/** ISO 8601 with the salon's offset, no milliseconds: `2026-11-28T14:30:00+00:00`. */
export function isoLocal(ms: number): string {
  return atInstant(ms).toISO({ suppressMilliseconds: true })!;
}

export function dayOfWeek(date: string): Day {
  return DAYS[DateTime.fromISO(date, { zone: salonZone() }).weekday - 1]!;
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: salonZone() }).plus({ days }).toISODate()!;
}

/** Whole days from `from` to `to` (local dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round(DateTime.fromISO(to, { zone: 'UTC' }).diff(DateTime.fromISO(from, { zone: 'UTC' }), 'days').days);
}

export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && DateTime.fromISO(date, { zone: salonZone() }).isValid;
}

/**
 * The salon's opening and closing instants on a local date, or null when closed. Opening hours
 * are wall times, so on the days the clocks change the open day is an hour shorter or longer.
 */
export function openingOn(hours: Hours, date: string): { open: number; close: number } | null {
  const day = hours[dayOfWeek(date)];
  if (!day || day.closed) return null;
  const open = DateTime.fromISO(`${date}T${day.open}`, { zone: salonZone() });
  const close = DateTime.fromISO(`${date}T${day.close}`, { zone: salonZone() });
  if (!open.isValid || !close.isValid || close.toMillis() <= open.toMillis()) return null;
  return { open: open.toMillis(), close: close.toMillis() };
}

/** today / tomorrow / a weekday name (the next one after today: "Saturday" said on a Saturday is next week's) / YYYY-MM-DD → a local date. */
export function resolveDateWord(value: string, now: number): string {
  const today = atInstant(now).startOf('day');
  if (value === 'today') return today.toISODate()!;
  if (value === 'tomorrow') return today.plus({ days: 1 }).toISODate()!;
  const index = (DAYS as readonly string[]).indexOf(value);
  if (index >= 0) return today.plus({ days: ((index + 1 - today.weekday + 6) % 7) + 1 }).toISODate()!;
  return value;
}
