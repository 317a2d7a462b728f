import { DateTime } from 'luxon';
import { DEFAULT_HOURS } from '../../../../functions/contracts/setup.js';
import { ordinal } from '../../../../functions/core/booking/speak.js';

/**
 * The corpus's clock and the days a script speaks of, from wherever the clock stands: scripts are
 * written as what a caller would say on that day ("Friday" is a weekday a few days on, never
 * today's, unless the script is about today's weekday), with the outcome a careful receptionist
 * would reach then. The corpus runs on every weekday and at several times of day (bench/
 * receptionist-corpus.ts); the salon keeps the default hours (closed on Sunday).
 */
const ZONE = 'Europe/Dublin';
const NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface CorpusClock {
  /** "Saturday 09:00". */
  label: string;
  now: number;
}

/** Mondays to Sundays of a week with no change of the clocks, at these times of day. */
export const TIMES_OF_DAY = ['08:30', '12:30', '17:15', '20:30'] as const;
const WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

export const clockAt = (date: string, time: string): CorpusClock => {
  const at = DateTime.fromISO(`${date}T${time}`, { zone: ZONE });
  return { label: `${NAMES[at.weekday - 1]} ${time}`, now: at.toMillis() };
};

/** Every weekday at every time of day. */
export const WEEK_CLOCKS: CorpusClock[] = WEEK.flatMap((date) => TIMES_OF_DAY.map((time) => clockAt(date, time)));

/** Where the corpus was first written: Wednesday 25 November 2026, nine in the morning. */
export const WEDNESDAY_NINE = clockAt('2026-11-25', '09:00');

export class Day {
  readonly date: DateTime;
  constructor(date: DateTime) {
    this.date = date.startOf('day');
  }
  get iso() {
    return this.date.toISODate()!;
  }
  /** "Friday". */
  get weekday() {
    return NAMES[this.date.weekday - 1]!;
  }
  /** "27th". */
  get nth() {
    return ordinal(this.date.day);
  }
  get dom() {
    return this.date.day;
  }
  /** "December". */
  get month() {
    return MONTHS[this.date.month - 1]!;
  }
  /** "Friday the 27th of November", as the receptionist reads a date back. */
  get full() {
    return `${this.weekday} the ${this.nth} of ${this.month}`;
  }
  private get hours() {
    return DEFAULT_HOURS[this.weekday.toLowerCase() as keyof typeof DEFAULT_HOURS];
  }
  get open() {
    return !this.hours.closed;
  }
  get closes() {
    return this.hours.close;
  }
  /** A start on this day, as the corpus compares it: `2026-11-27T14:30`. */
  at(time: string) {
    return `${this.iso}T${time}`;
  }
  plus(days: number) {
    return new Day(this.date.plus({ days }));
  }
  same(other: Day) {
    return this.iso === other.iso;
  }
}

export class Calendar {
  readonly now: number;
  readonly today: Day;
  /** The clock's time of day, HH:MM. */
  readonly time: string;
  constructor(readonly clock: CorpusClock) {
    this.now = clock.now;
    const local = DateTime.fromMillis(clock.now, { zone: ZONE });
    this.today = new Day(local);
    this.time = local.toFormat('HH:mm');
  }
  /** Today and `days` on (it may be a closed day). */
  plus(days: number) {
    return this.today.plus(days);
  }
  /** The n-th open day after today (1: the next one); within five it is never today's weekday. */
  ahead(n: number) {
    let day = this.today;
    for (let found = 0; found < n;) {
      day = day.plus(1);
      if (day.open) found += 1;
    }
    return day;
  }
  /** "tomorrow", or on a day before a closed one the next open day by its name ("Monday"). */
  tomorrow(): { said: string; day: Day } {
    return this.plus(1).open ? { said: 'tomorrow', day: this.plus(1) } : { said: this.ahead(1).weekday, day: this.ahead(1) };
  }
  /** The first open day at least `days` after today. */
  openFrom(days: number) {
    let day = this.today.plus(days);
    while (!day.open) day = day.plus(1);
    return day;
  }
  /** The first open day after today whose weekday is one of `weekdays` ("Monday"…). */
  next(...weekdays: string[]) {
    let day = this.today.plus(1);
    while (!day.open || !weekdays.includes(day.weekday)) day = day.plus(1);
    return day;
  }
  /**
   * A start later today for a service of `minutes`, on the quarter hour, at least an hour from now
   * and ending by closing; undefined when today has none (closed, or too late).
   */
  laterToday(minutes: number, notBefore = '00:00'): string | undefined {
    if (!this.today.open) return undefined;
    const [closeHour, closeMinute] = this.today.closes.split(':').map(Number) as [number, number];
    const open = 9 * 60;
    const [fromHour, fromMinute] = notBefore.split(':').map(Number) as [number, number];
    const nowMinutes = DateTime.fromMillis(this.now, { zone: ZONE });
    let start = Math.max(open, fromHour * 60 + fromMinute, Math.ceil((nowMinutes.hour * 60 + nowMinutes.minute + 60) / 60) * 60);
    if (start + minutes > closeHour * 60 + closeMinute) return undefined;
    start = Math.ceil(start / 15) * 15;
    return `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
  }
}

/** "14:30" said as a caller says it: "half two", "2", "10 o'clock". */
export function said(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const twelve = hour > 12 ? hour - 12 : hour;
  const words = ['twelve', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
  if (minute === 30) return `half ${words[twelve % 12]}`;
  if (minute === 15) return `quarter past ${words[twelve % 12]}`;
  if (minute === 45) return `quarter to ${words[(twelve + 1) % 12]}`;
  return `${twelve}`;
}
