import { SALON_TIME_ZONE } from '@functions/contracts/appointments';

/**
 * Dates in the diary are the salon's calendar days (YYYY-MM-DD, Europe/Dublin), whatever the
 * browser's zone; arithmetic on them is done at UTC midday, so a clock change never skips a day.
 */
export type DiaryView = 'day' | 'week';

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SALON_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const TIME = new Intl.DateTimeFormat('en-IE', { timeZone: SALON_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const LONG_DAY = new Intl.DateTimeFormat('en-IE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const SHORT_DAY = new Intl.DateTimeFormat('en-IE', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

export const isDiaryDate = (value: string | null): value is string =>
  Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)));

/** The salon's date of an instant. */
export const salonDateOf = (at: Date | string): string => ISO_DAY.format(new Date(at));

/** "14:30" on the salon's clock. */
export const salonTimeOf = (iso: string): string => TIME.format(new Date(iso));

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Monday of the date's week (an Irish diary's week starts on Monday). */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** "Saturday 12 December", without the comma some browsers put after the weekday. */
export function longDay(date: string): string {
  const parts = Object.fromEntries(LONG_DAY.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** "Sat 12 Dec". */
export function shortDay(date: string): string {
  const parts = Object.fromEntries(SHORT_DAY.formatToParts(new Date(`${date}T12:00:00Z`)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** The first day and the number of days a view shows around `date`. */
export function rangeOf(view: DiaryView, date: string): { from: string; days: number } {
  return view === 'day' ? { from: date, days: 1 } : { from: weekStart(date), days: 7 };
}

export const datesOf = (range: { from: string; days: number }): string[] => Array.from({ length: range.days }, (_, index) => addDays(range.from, index));
