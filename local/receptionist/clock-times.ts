/**
 * Clock times as Irish callers say them, read in a salon's day: "half two" is 14:30 (half past
 * two, never 1:30), "quarter to eleven", "twenty past four", "11am", "14:30", "ten in the morning",
 * "Friday 10", "at 3" (three in the afternoon: an hour from one to seven without am or pm is the
 * afternoon, as a salon's day runs).
 * Each time comes with where it was said, so the last one said wins and "not at ten" is no time.
 */
export interface Said<T> {
  value: T;
  index: number;
  end: number;
}

const HOURS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const MINUTES: Record<string, number> = { five: 5, ten: 10, quarter: 15, twenty: 20, 'twenty five': 25, 'twenty-five': 25, half: 30 };
const HOUR = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const MERIDIEM = '(a\\.?m\\.?|p\\.?m\\.?)';
/** What follows a number that is no clock time: "for 2 people", "the 11th", "10/12", "for 18 December". */
const NOT_A_TIME =
  '(?!\\s*(?:people|persons?|of us|kids|lads|boys|girls|children|weeks?|days?|months?|minutes?|mins?|hours?|euros?|th\\b|st\\b|nd\\b|rd\\b|/|-\\d|\\d|(?:of\\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\b))';

type Reading = (match: RegExpExecArray) => { hour: number; minute: number; meridiem?: string } | undefined;

const asHour = (word: string) => HOURS[word] ?? Number(word);

const PATTERNS: [RegExp, Reading][] = [
  [new RegExp(`\\b(\\d{1,2})[:.](\\d{2})\\s*${MERIDIEM}?(?![\\d/])`, 'g'), (m) => ({ hour: Number(m[1]), minute: Number(m[2]), meridiem: m[3] })],
  [new RegExp(`\\b(\\d{1,2})\\s*${MERIDIEM}(?![a-z])`, 'g'), (m) => ({ hour: Number(m[1]), minute: 0, meridiem: m[2] })],
  [
    new RegExp(`\\b(five|ten|quarter|twenty(?:[- ]five)?|half|\\d{1,2})\\s+(past|after|to)\\s+${HOUR}\\b`, 'g'),
    (m) => {
      const minutes = MINUTES[m[1]!] ?? Number(m[1]);
      return m[2] === 'to' ? { hour: asHour(m[3]!), minute: -minutes } : { hour: asHour(m[3]!), minute: minutes };
    },
  ],
  [new RegExp(`\\bhalf\\s+${HOUR}\\b${NOT_A_TIME}`, 'g'), (m) => ({ hour: asHour(m[1]!), minute: 30 })],
  [new RegExp(`\\b${HOUR}\\s*o'?\\s?clock\\b`, 'g'), (m) => ({ hour: asHour(m[1]!), minute: 0 })],
  [/\b(twelve noon|noon|midday|mid-day)\b/g, () => ({ hour: 12, minute: 0, meridiem: 'pm' })],
  [
    new RegExp(`\\b(?:at|around|about|say|for|after|from|by|to|do|make it)\\s+(?:about\\s+|around\\s+)?${HOUR}(?:ish)?\\b${NOT_A_TIME}`, 'g'),
    (m) => ({ hour: asHour(m[1]!), minute: 0 }),
  ],
  [new RegExp(`\\b${HOUR}ish\\b`, 'g'), (m) => ({ hour: asHour(m[1]!), minute: 0 })],
  // "ten in the morning": the part of the day makes a bare hour a time (and says am or pm).
  [new RegExp(`\\b${HOUR}(?=\\s+in the (?:morning|afternoon|evening)\\b)`, 'g'), (m) => ({ hour: asHour(m[1]!), minute: 0 })],
  // "Wednesday 10", "tomorrow 3": an hour right after a day (the day itself is left to be read as one).
  [
    new RegExp(`(?<=\\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tomorrow),?\\s+)${HOUR}\\b${NOT_A_TIME}`, 'g'),
    (m) => ({ hour: asHour(m[1]!), minute: 0 }),
  ],
];

/** A salon's reading of an hour said without am or pm. */
function salonHour(hour: number, meridiem: string | undefined, after: string): number | undefined {
  const half =
    meridiem?.startsWith('p') || /^\s*(in the (afternoon|evening)|tonight|this evening)/.test(after)
      ? 'pm'
      : meridiem?.startsWith('a') || /^\s*in the morning/.test(after)
        ? 'am'
        : undefined;
  if (hour > 23) return undefined;
  if (hour > 12) return half === 'am' ? undefined : hour;
  if (half === 'pm') return hour === 12 ? 12 : hour + 12;
  if (half === 'am') return hour === 12 ? 0 : hour;
  return hour >= 1 && hour <= 7 ? hour + 12 : hour;
}

const NEGATED = /(\bnot|n't)\s+(?:at\s+|for\s+|on\s+)?$/;

/** Every clock time in the sentence, in the order said, as HH:MM; a time said with "not" is left out. */
export function timesIn(text: string): Said<string>[] {
  const lower = text.toLowerCase();
  const found: Said<string>[] = [];
  for (const [pattern, read] of PATTERNS) {
    for (const match of lower.matchAll(pattern)) {
      const index = match.index;
      const end = index + match[0].length;
      if (found.some((other) => index < other.end && other.index < end)) continue;
      const reading = read(match as RegExpExecArray);
      if (!reading) continue;
      const hour = salonHour(reading.hour, reading.meridiem, lower.slice(end, end + 20));
      if (hour === undefined) continue;
      const total = hour * 60 + reading.minute;
      if (reading.minute >= 60 || total < 0 || total >= 24 * 60) continue;
      if (NEGATED.test(lower.slice(Math.max(0, index - 12), index))) {
        found.push({ value: '', index, end });
        continue;
      }
      found.push({ value: `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`, index, end });
    }
  }
  return found.filter((time) => time.value).sort((a, b) => a.index - b.index);
}

/** A bare hour given as the answer to "what time?" or while choosing: "10", "the 11 one", "2 is grand". */
export function bareHourIn(text: string): string | undefined {
  const match = new RegExp(`^\\s*(?:(?:yeah|yes|ok|okay|grand|em+|ehm|uh+)[,.]?\\s+)*(?:the\\s+)?${HOUR}\\b(?!\\s*(?:th|st|nd|rd|/|:))`).exec(
    text.toLowerCase(),
  );
  if (!match) return undefined;
  const hour = salonHour(asHour(match[1]!), undefined, '');
  return hour === undefined ? undefined : `${String(hour).padStart(2, '0')}:00`;
}

/** Morning, afternoon or evening, if said ("first thing" is the morning, "after work" the evening). */
export function partOfDayIn(text: string): 'morning' | 'afternoon' | 'evening' | undefined {
  const lower = text.toLowerCase();
  if (/\b(morning|first thing|early)\b/.test(lower)) return 'morning';
  if (/\b(afternoon|after lunch|lunchtime)\b/.test(lower)) return 'afternoon';
  if (/\b(evening|after work|tonight|late)\b/.test(lower)) return 'evening';
  return undefined;
}
