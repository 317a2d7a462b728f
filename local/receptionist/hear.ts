import { partOfDayIn, timesIn, type Said } from './clock-times.js';
import { daysIn, todaySaid, type DaySaid } from './days.js';
import { matchName, nearWord, tokens, type Heard } from './match.js';
import {
  asksIn,
  clearYes,
  digitsSaid,
  FILLER_LIKE,
  hedges,
  LEADING_FILLER,
  namedIn,
  partyIn,
  phoneIn,
  placeIn,
  saysNo,
  spellingFixed,
  type Ask,
} from './understand.js';

/**
 * One caller turn, read once: everything it says, each slot at the last place it was said (the
 * last thing said wins: "Friday at 10, actually no, make it Saturday" is Saturday at 10). The
 * spans of what was read first are hidden from what is read after, so a time ("half ten") is
 * never a service (Half head highlights), a caller's name (Siobhán) never a stylist, a phone
 * number never a date.
 */
export type StylistHeard = Heard | { kind: 'anyone'; index: number };

export interface Turn {
  /** What the caller said, as said (a message is taken in their words). */
  said: string;
  /** The same with slips of the keyboard put right and an opening "ehm" or "right" dropped: what is read. */
  text: string;
  asks: Set<Ask>;
  phone?: string;
  /** A name the caller gave unasked ("it's Siobhán here"). */
  name?: string;
  service?: Heard;
  stylist?: StylistHeard;
  /** Every day said, in order (a move names two). */
  days: Said<DaySaid>[];
  day?: DaySaid;
  times: Said<string>[];
  time?: string;
  partOfDay?: 'morning' | 'afternoon' | 'evening';
  party?: number;
  place?: number;
  yes: boolean;
  no: boolean;
  hedged: boolean;
  sameTime: boolean;
  rightAfter: boolean;
  /** "whenever's soonest", "the first free": any day will do. */
  soonest: boolean;
}

export interface SalonNames {
  services: readonly string[];
  stylists: readonly string[];
}

const NOT_STYLISTS =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|me|my|her|him|them|us|you|a|an|the|someone|anyone|anybody|whoever|whichever|friends?|family)$/i;
const NAMED_STYLIST = [
  /\b(?:with|ask for|see|by|want|prefer|usually have|always have|get)\s+(\p{L}[\p{L}'’-]+)/giu,
  /\b(\p{Lu}[\p{L}'’-]+)\s+(?:do|does|is free|is in|in on|working|available|free|if she's|if he's)\b/gu,
];

/** A stylist by name, "anyone", or a name the salon has not got (asked about, never dropped). */
function stylistIn(text: string, stylists: readonly string[], services: readonly string[]): StylistHeard | undefined {
  const anyone = /\b(any ?one|anybody|whoever|no preference|don'?t mind who|doesn'?t matter who|any stylist|first available)\b/i.exec(text);
  const named = matchName(text, stylists, { exact: true });
  if (named?.kind === 'name' && !(anyone && anyone.index > named.index)) return named;
  if (anyone) return { kind: 'anyone', index: anyone.index };
  const serviceWords = new Set(services.flatMap((service) => tokens(service).map((token) => token.word)));
  for (const pattern of NAMED_STYLIST) {
    for (const match of text.matchAll(pattern)) {
      const said = match[1]!;
      const word = tokens(said)[0]?.word;
      if (!word || NOT_STYLISTS.test(said) || serviceWords.has(word)) continue;
      // A name written with a capital may be a name the salon has not got; a lower-case word only if it sounds like one it has.
      const capital = /^\p{Lu}/u.test(said);
      const near = stylists.filter((stylist) => tokens(stylist).some((token) => nearWord(word, token.word, capital ? 2 : 1)));
      if (near.length) return { kind: 'options', options: near, index: match.index };
      if (capital) return { kind: 'unknown', said, index: match.index };
    }
  }
  return undefined;
}

const last = <T>(items: Said<T>[]): T | undefined => items.at(-1)?.value;

export function hear(said: string, salon: SalonNames, now: number): Turn {
  // Fillers first: "oh eight six, like, one two three…" is one number.
  const text = digitsSaid(spellingFixed(said).replace(LEADING_FILLER, '').replace(FILLER_LIKE, ''));
  const spans: { index: number; end: number }[] = [];
  const hide = (value: string) => spans.reduce((out, span) => out.slice(0, span.index) + ' '.repeat(span.end - span.index) + out.slice(span.end), value);
  const phone = phoneIn(text);
  if (phone) spans.push(phone);
  const times = timesIn(hide(text));
  spans.push(...times);
  const days = daysIn(text, now, spans).map((day) => ({ ...day, value: todaySaid(day.value, text) }));
  // Read before the days are hidden: chrono's "Monday afternoon" takes in the afternoon.
  const partOfDay = partOfDayIn(hide(text));
  spans.push(...days);
  const name = namedIn(hide(text));
  if (name) spans.push(name);
  const stylist = stylistIn(hide(text), salon.stylists, salon.services);
  if (stylist?.kind === 'name') {
    for (const token of tokens(hide(text)).filter((token) => tokens(stylist.name).some((part) => part.word === token.word)))
      spans.push({ index: token.index, end: token.index + token.word.length });
  }
  const service = matchName(hide(text), salon.services, { serviceWords: true });
  return {
    said,
    text,
    asks: asksIn(text),
    ...(phone ? { phone: phone.value } : {}),
    ...(name ? { name: name.value } : {}),
    ...(service ? { service } : {}),
    ...(stylist ? { stylist } : {}),
    days,
    ...(days.length ? { day: last(days) } : {}),
    times,
    ...(times.length ? { time: last(times) } : {}),
    ...(partOfDay ? { partOfDay } : {}),
    ...(partyIn(text) ? { party: partyIn(text) } : {}),
    ...(placeIn(hide(text)) !== undefined ? { place: placeIn(hide(text)) } : {}),
    yes: clearYes(text),
    no: saysNo(text),
    hedged: hedges(text),
    sameTime: /\bsame time\b/i.test(text),
    rightAfter: /\b(straight|right|just|directly) after\b|\bafter (that|him|her|them)\b|\bback to back\b/i.test(text),
    soonest: /\b(soonest|earliest|first (free|available|slot)|next (free|available)|as soon as|asap|any ?day|whatever day|whenever)\b/i.test(text),
  };
}

/** Whether the turn names anything a booking is made of. */
export const namesBookingSlots = (turn: Turn) => Boolean(turn.service || turn.stylist || turn.day || turn.time || turn.partOfDay || turn.party);
