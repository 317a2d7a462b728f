import { DAYS, type Hours } from '../../contracts/setup.js';
import { atInstant, localDate } from './time.js';
import { formatEuro } from '../money.js';

/**
 * Short sentences a voice agent can say as they are, the way an Irish receptionist would:
 * "Saturday the 28th at half two", "ten o'clock", "quarter to five", prices as "€45".
 */
const HOUR_WORDS = ['twelve', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const hourWord = (hour: number) => HOUR_WORDS[hour % 12]!;
/** The hour a time is "past" or "to": midnight says which half of the day it is by itself. */
const hourName = (hour: number) => (hour % 24 === 0 ? 'midnight' : hourWord(hour));

export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/**
 * A wall-clock time: "ten o'clock", "quarter past eleven", "half two", "quarter to three",
 * "twenty past four", "midnight". `short` drops "o'clock" (for opening hours: "nine to six").
 * 23:59, a day's last minute (the hours editor's latest closing time), is said as midnight.
 */
export function speakClock(hour: number, minute: number, options: { short?: boolean } = {}): string {
  if ((hour === 0 && minute === 0) || (hour === 23 && minute === 59)) return 'midnight';
  let spoken: string;
  if (minute === 0) spoken = options.short ? hourWord(hour) : `${hourWord(hour)} o'clock`;
  else if (minute === 15) spoken = `quarter past ${hourName(hour)}`;
  else if (minute === 30) spoken = `half ${hourWord(hour)}`;
  else if (minute === 45) spoken = `quarter to ${hourName(hour + 1)}`;
  else if (minute < 30) spoken = `${minute} past ${hourName(hour)}`;
  else spoken = `${60 - minute} to ${hourName(hour + 1)}`;
  if (spoken.endsWith('midnight')) return spoken;
  if (hour === 12 && minute === 0 && !options.short) return 'twelve noon';
  // Salons open in the day: only the edges need saying which half of the day it is.
  if (hour < 8) return `${spoken} in the morning`;
  if (hour >= 19) return `${spoken} in the evening`;
  return spoken;
}

export function speakTime(ms: number): string {
  const local = atInstant(ms);
  return speakClock(local.hour, local.minute);
}

/** "today", "tomorrow", "Saturday the 28th" (this month) or "Saturday the 28th of November". */
export function speakDate(date: string, now: number): string {
  const today = localDate(now);
  if (date === today) return 'today';
  const local = atInstant(Date.parse(`${date}T12:00:00Z`));
  const tomorrow = atInstant(now).plus({ days: 1 }).toISODate();
  if (date === tomorrow) return 'tomorrow';
  const weekday = WEEKDAYS[local.weekday - 1];
  const sameMonth = date.slice(0, 7) === today.slice(0, 7);
  return `${weekday} the ${ordinal(local.day)}${sameMonth ? '' : ` of ${MONTHS[local.month - 1]}`}`;
}

/** "today", "tomorrow", "on Saturday the 28th": a date inside a sentence. */
export function speakOnDate(date: string, now: number): string {
  const spoken = speakDate(date, now);
  return spoken === 'today' || spoken === 'tomorrow' ? spoken : `on ${spoken}`;
}

/** "Saturday the 28th of November at half two". */
export function speakDateTime(ms: number, now: number): string {
  return `${speakDate(localDate(ms), now)} at ${speakTime(ms)}`;
}

/** "€45", "€45.50": as the rest of the product writes money. */
export function speakEuro(cents: number): string {
  return formatEuro(cents);
}

export interface PricedService {
  priceCents: number | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
}

/** "€45", "€150 to €220", "from €60", "up to €90", or null when the salon gave no price. */
export function speakPrice(service: PricedService): string | null {
  const { priceCents, priceMinCents, priceMaxCents } = service;
  if (priceCents) return speakEuro(priceCents);
  if (priceMinCents && priceMaxCents)
    return priceMinCents === priceMaxCents ? speakEuro(priceMinCents) : `${speakEuro(priceMinCents)} to ${speakEuro(priceMaxCents)}`;
  if (priceMinCents) return `from ${speakEuro(priceMinCents)}`;
  if (priceMaxCents) return `up to ${speakEuro(priceMaxCents)}`;
  return null;
}

/** "45 minutes", "an hour", "an hour and a half", "2 hours and 15 minutes". */
export function speakDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} minutes`;
  const hourPart = hours === 1 ? 'an hour' : `${hours} hours`;
  if (rest === 0) return hourPart;
  if (rest === 30) return hours === 1 ? 'an hour and a half' : `${hours} and a half hours`;
  return `${hourPart} and ${rest} minutes`;
}

/** The article before a service's name: "an Upstyle", "a Balayage", "a Unisex cut" (said "you"). */
export const withArticle = (name: string) => `${/^[aeiou]/i.test(name) && !/^u[bcdfghjklmnpqrstvwxyz][aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/** "A, B and C"; "A or B" with `or`. */
export function speakList(items: readonly string[], joiner: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Opening hours, days with the same hours grouped: "Monday to Friday nine to six, Saturday nine
 * to five, closed on Sunday." Open 00:00 to 23:59 is "all day".
 */
export function speakOpeningHours(hours: Hours): string {
  const groups: { from: number; to: number; text: string }[] = [];
  DAYS.forEach((day, index) => {
    const { open, close, closed } = hours[day];
    const [openHour, openMinute] = open.split(':').map(Number) as [number, number];
    const [closeHour, closeMinute] = close.split(':').map(Number) as [number, number];
    const allDay = open === '00:00' && close === '23:59';
    const text = closed
      ? 'closed'
      : allDay
        ? 'all day'
        : `${speakClock(openHour, openMinute, { short: true })} to ${speakClock(closeHour, closeMinute, { short: true })}`;
    const last = groups[groups.length - 1];
    if (last && last.text === text && last.to === index - 1) last.to = index;
    else groups.push({ from: index, to: index, text });
  });
  const named = (group: { from: number; to: number }) => {
    const from = WEEKDAYS[group.from]!;
    if (group.from === group.to) return from;
    if (group.to === group.from + 1) return `${from} and ${WEEKDAYS[group.to]}`;
    return `${from} to ${WEEKDAYS[group.to]}`;
  };
  const open = groups.filter((group) => group.text !== 'closed').map((group) => `${named(group)} ${group.text}`);
  const closed = groups.filter((group) => group.text === 'closed').map(named);
  if (open.length === 0) return "We don't have any opening hours set at the moment.";
  const sentence = `We're open ${speakList(open)}${closed.length ? `, and closed on ${speakList(closed)}` : ''}.`;
  return capitalise(sentence);
}
