import * as chrono from 'chrono-node/en';
import { DateTime } from 'luxon';
import { ordinal } from '../../functions/core/booking/speak.js';
import { ZONE } from '../../functions/core/booking/time.js';
import type { Said } from './clock-times.js';

/**
 * The day a caller means, on the salon's calendar (Europe/Dublin). chrono (en-GB: day before
 * month) reads the usual forms ("11 December", "10/12", "December 3rd", "tomorrow", weekdays);
 * the Irish ones are read here first ("Friday week", "this day week", "the day after tomorrow",
 * "the 11th" alone). A day that contradicts itself ("Thursday the 11th" when the 11th is a
 * Friday), one that could be either of two ("next Friday" in a week that has a Friday still to
 * come, today's weekday said today), one gone by, or a whole week, is given back as a problem to
 * ask about, never guessed.
 */
export type DayProblem =
  | { kind: 'contradiction'; said: string; options: string[] }
  | { kind: 'ambiguous'; options: string[] }
  /** Today's weekday said on that day: today, or the same day next week. */
  | { kind: 'today'; options: [string, string] }
  | { kind: 'past'; date: string }
  | { kind: 'vague'; said: string };

export type DaySaid = { date: string } | { problem: DayProblem };

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = '(mon|tues|wednes|thurs|fri|satur|sun)day';
const ORDINAL_WORDS = [
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
  'twenty first',
  'twenty second',
  'twenty third',
  'twenty fourth',
  'twenty fifth',
  'twenty sixth',
  'twenty seventh',
  'twenty eighth',
  'twenty ninth',
  'thirtieth',
  'thirty first',
];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';

interface Today {
  date: DateTime;
}

const iso = (date: DateTime) => date.toISODate()!;
const weekdayIndex = (word: string) => WEEKDAYS.findIndex((day) => day.startsWith(word.slice(0, 3)));

/** The next such weekday from today on (today itself when it is that day). */
function coming(today: Today, weekday: number): DateTime {
  return today.date.plus({ days: (weekday + 1 - today.date.weekday + 7) % 7 });
}

/** A weekday said alone: the coming one; said on that very day, today or a week on (the receptionist asks while today has time left). */
function weekdayAlone(today: Today, weekday: number, plain: boolean): DaySaid {
  const date = coming(today, weekday);
  if (date.equals(today.date) && plain) return { problem: { kind: 'today', options: [iso(date), iso(date.plus({ days: 7 }))] } };
  return { date: iso(date) };
}

/** A day of the month with no month: this month's, or next month's once it has gone by. */
function dayOfMonth(today: Today, day: number): DateTime | undefined {
  for (let months = 0; months < 3; months += 1) {
    const month = today.date.startOf('month').plus({ months });
    if (day <= month.daysInMonth! && (months > 0 || day >= today.date.day)) return month.set({ day });
  }
  return undefined;
}

/** A day and month with no year: this year's, next year's when it is months gone, a problem when just gone. */
function dayAndMonth(today: Today, month: number, day: number): DaySaid | undefined {
  const thisYear = DateTime.fromObject({ year: today.date.year, month, day }, { zone: ZONE });
  if (!thisYear.isValid) return undefined;
  if (thisYear >= today.date) return { date: iso(thisYear) };
  if (today.date.diff(thisYear, 'months').months < 6) return { problem: { kind: 'past', date: iso(thisYear) } };
  return { date: iso(thisYear.plus({ years: 1 })) };
}

/** "Thursday the 11th": the weekday must be the date's; if not, both readings are offered. */
function withWeekday(said: string, weekday: number, day: DaySaid): DaySaid {
  if (!('date' in day)) return day;
  const date = DateTime.fromISO(day.date, { zone: ZONE });
  if (date.weekday === weekday + 1) return day;
  const sameWeek = date.plus({ days: weekday + 1 - date.weekday });
  return { problem: { kind: 'contradiction', said, options: [day.date, iso(sameWeek)] } };
}

type Found = Said<DaySaid> & { weekday?: number };

/** The forms chrono does not know, read first (each span then hidden from chrono). */
function irishForms(lower: string, today: Today): Found[] {
  const found: Found[] = [];
  const add = (pattern: RegExp, read: (match: RegExpExecArray) => DaySaid | undefined) => {
    for (const match of lower.matchAll(pattern)) {
      const index = match.index;
      const end = index + match[0].length;
      if (found.some((other) => index < other.end && other.index < end)) continue;
      const value = read(match as RegExpExecArray);
      if (value) found.push({ value, index, end });
    }
  };
  const plus = (days: number) => ({ date: iso(today.date.plus({ days })) });
  add(/\b(the )?day after tomorrow\b/g, () => plus(2));
  add(/\b(this day|today) week\b|\ba week (from )?today\b|\bthis day next week\b/g, () => plus(7));
  add(/\btomorrow week\b|\ba week (from )?tomorrow\b/g, () => plus(8));
  add(new RegExp(`\\b(?:a week on |a week from )${WEEKDAY}\\b|\\b${WEEKDAY} week\\b`, 'g'), (m) => ({
    date: iso(coming(today, weekdayIndex(m[1] ?? m[2]!)).plus({ days: 7 })),
  }));
  add(new RegExp(`\\b${WEEKDAY} fortnight\\b`, 'g'), (m) => ({ date: iso(coming(today, weekdayIndex(m[1]!)).plus({ days: 14 })) }));
  add(/\bin (\d{1,2}|two|three|four|five|six) days\b/g, (m) => plus(Number({ two: 2, three: 3, four: 4, five: 5, six: 6 }[m[1]!] ?? m[1])));
  add(new RegExp(`\\bnext ${WEEKDAY}\\b`, 'g'), (m) => {
    const next = coming(today, weekdayIndex(m[1]!));
    // Later this week, "next Friday" is this Friday to some and Friday week to others.
    if (next.weekday > today.date.weekday) return { problem: { kind: 'ambiguous', options: [iso(next), iso(next.plus({ days: 7 }))] } };
    return { date: iso(next.equals(today.date) ? next.plus({ days: 7 }) : next) };
  });
  add(new RegExp(`\\bthis ${WEEKDAY}\\b`, 'g'), (m) => ({ date: iso(coming(today, weekdayIndex(m[1]!))) }));
  add(
    /\b(next|this|the following) week\b|\b(the |this |at the )?weekend\b|\bin (a|one|two|three|\d) (weeks?|fortnight)\b|\bin a fortnight\b|\bend of the (week|month)\b/g,
    (m) => ({ problem: { kind: 'vague', said: m[0] } }),
  );
  // "the 11th" with no month after it (chrono reads "the 11th of December" itself).
  const ordinalWords = ORDINAL_WORDS.map((word) => word.replace(' ', '[ -]')).join('|');
  const notMonth = `(?!\\s*(?:of\\s+)?${MONTH}\\b)(?!\\s+one\\b)`;
  add(new RegExp(`\\b(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b${notMonth}`, 'g'), (m) => {
    const date = dayOfMonth(today, Number(m[1]));
    return date ? { date: iso(date) } : undefined;
  });
  add(new RegExp(`(?<=\\b${WEEKDAY},?\\s+)(?:the\\s+)?(${ordinalWords})\\b${notMonth}`, 'g'), (m) => {
    const date = dayOfMonth(today, ORDINAL_WORDS.indexOf(m[2]!.replace('-', ' ')) + 1);
    return date ? { date: iso(date) } : undefined;
  });
  return found;
}

// Words chrono reads as days that callers mean otherwise ("I sat", "this day" of "this day week" said apart).
const IGNORED = new Set(['sat', 'sun', 'wed', 'now', 'may', 'mar', 'a week', 'this day']);

/** What chrono reads in what is left: month names, numeric dates, weekdays, today and tomorrow. */
function chronoForms(text: string, today: Today, original: string): Found[] {
  const reference = new Date(today.date.year, today.date.month - 1, today.date.day, 12, 0);
  const found: Found[] = [];
  for (const result of chrono.GB.parse(text, reference)) {
    const start = result.start;
    const said = result.text.trim().replace(/[,.]$/, '').toLowerCase();
    if (IGNORED.has(said)) continue;
    const index = result.index;
    let end = index + result.text.length;
    // "Monday to Wednesday" is two days, the second said after "to" (a move's new day), never one range.
    const range = result.end?.isCertain('weekday') ? /\s+(?:to|till|until|-)\s+/.exec(result.text) : null;
    if (range) {
      const second = index + range.index + range[0].length;
      found.push({
        value: weekdayAlone(today, (result.end!.get('weekday')! + 6) % 7, true),
        index: second,
        end,
        weekday: (result.end!.get('weekday')! + 6) % 7,
      });
      end = index + range.index;
    }
    // chrono reads "the afternoon Friday" as one result without a weekday: the weekday said in it is the day.
    const named = new RegExp(`\\b${WEEKDAY}\\b`).exec(said);
    const weekday = start.isCertain('weekday') ? (start.get('weekday')! + 6) % 7 : named ? weekdayIndex(named[0]) : undefined;
    let value: DaySaid | undefined;
    if (start.isCertain('day') && start.isCertain('month')) {
      value = start.isCertain('year')
        ? { date: iso(DateTime.fromObject({ year: start.get('year')!, month: start.get('month')!, day: start.get('day')! }, { zone: ZONE })) }
        : dayAndMonth(today, start.get('month')!, start.get('day')!);
      if (value && weekday !== undefined) value = withWeekday(original.slice(index, end).trim().replace(/[,.]$/, ''), weekday, value);
    } else if (weekday !== undefined) {
      value = weekdayAlone(today, weekday, !/^this\b/.test(said));
      found.push({ value, index, end, weekday });
      continue;
    }
    if (value) found.push({ value, index, end });
  }
  return found;
}

/** A weekday followed by a date ("Friday the 11th", "Thursday, the 11th of December") is one day, checked. */
function glue(found: Found[], lower: string, text: string): Found[] {
  const glued: Found[] = [];
  for (const item of found) {
    const last = glued.at(-1);
    if (last?.weekday !== undefined && item.weekday === undefined && /^[\s,~]*(the\s+)?$/.test(lower.slice(last.end, item.index))) {
      glued[glued.length - 1] = { value: withWeekday(text.slice(last.index, item.end), last.weekday, item.value), index: last.index, end: item.end };
    } else glued.push(item);
  }
  return glued;
}

/**
 * Every day said in the sentence, in order. `hidden` spans (clock times, phone numbers) are
 * not read as days. A day said after "not" is left out.
 */
export function daysIn(text: string, now: number, hidden: readonly { index: number; end: number }[] = []): Said<DaySaid>[] {
  const today: Today = { date: DateTime.fromMillis(now, { zone: ZONE }).startOf('day') };
  let lower = text.toLowerCase().replace(/[’‘]/g, "'");
  // Hidden with a mark chrono reads as punctuation: runs of spaces change how it reads a month ("december,   ").
  const blank = (span: { index: number; end: number }) => {
    lower = lower.slice(0, span.index) + '~'.repeat(span.end - span.index) + lower.slice(span.end);
  };
  hidden.forEach(blank);
  const irish = irishForms(lower, today);
  irish.forEach(blank);
  const all = glue(
    [...irish, ...chronoForms(lower, today, text)].sort((a, b) => a.index - b.index),
    lower,
    text,
  );
  return all
    .filter((day) => !/(\bnot|n't)\s+(on\s+|for\s+)?$/.test(lower.slice(Math.max(0, day.index - 10), day.index)))
    .map(({ value, index, end }) => ({ value, index, end }));
}

const LATER =
  /\bnext (week|one)\b|\b(the )?(later|second|other) one\b|\ba week (today|on|from today)\b|\bnot (today|this week)\b|\bthe one after\b|\bnext \w+day\b/i;
const SOONER = /\btoday\b|\bthis (week|one)\b|\b(the )?(sooner|earlier|first) one\b|\bthis \w+day\b/i;

/** Which of two days the words say: "next week", "not today", "the one after" the later; "today", "this one" the sooner. */
export function whichOfTwo(text: string): 'later' | 'sooner' | undefined {
  if (LATER.test(text)) return 'later';
  if (SOONER.test(text)) return 'sooner';
  return undefined;
}

/** Today's weekday with the words that say which ("Saturday, not today, the one after"): that one, unasked. */
export function todaySaid(day: DaySaid, text: string): DaySaid {
  if (!('problem' in day) || day.problem.kind !== 'today') return day;
  const which = whichOfTwo(text);
  return which ? { date: day.problem.options[which === 'later' ? 1 : 0] } : day;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Friday the 11th of December": the whole date, always with its month, for reading back. */
export function speakFullDate(date: string): string {
  const day = DateTime.fromISO(date, { zone: ZONE });
  return `${WEEKDAYS[day.weekday - 1]!.replace(/^./, (c) => c.toUpperCase())} the ${ordinal(day.day)} of ${MONTHS[day.month - 1]}`;
}
