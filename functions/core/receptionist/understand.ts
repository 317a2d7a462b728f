import { DATE_WORDS, PARTS_OF_DAY } from '../../contracts/agent-tools.js';

/**
 * What a caller's sentence asks, for the sandbox receptionist: plain keyword rules, deterministic
 * and explainable (the real agent is a language model; this stands in for it without one).
 */
export type Intent = 'goodbye' | 'human' | 'cancel' | 'message' | 'book' | 'price' | 'hours' | 'directions' | 'yes' | 'no' | 'unknown';

const RULES: [Intent, RegExp][] = [
  ['goodbye', /\b(bye|goodbye|that'?s all|that is all|nothing else|no,? thanks?|cheers,? bye)\b/i],
  ['human', /\b(person|human|someone|somebody|real|staff|owner|manager|put me through|transfer|speak to)\b/i],
  ['cancel', /\b(cancel|can'?t make it|cannot make it)\b/i],
  ['message', /\b(message|call me back|ring me back|get back to me|pass (it |this )?on)\b/i],
  ['book', /\b(book|booking|appointment|available|availability|free|slot|any time|come in|get in)\b/i],
  ['price', /\b(price|prices|cost|costs|how much|charge|€|euro)\b/i],
  ['hours', /\b(open|opening|hours|close|closing|shut)\b/i],
  ['directions', /\b(where|address|directions|find you|located|parking|eircode)\b/i],
  ['yes', /^\s*(yes|yeah|yep|yup|sure|please|perfect|great|lovely|grand|ok|okay|that'?s (right|grand|perfect|great)|go (on|ahead)|book it)\b/i],
  ['no', /^\s*(no|nope|not really|neither)\b/i],
];

export function intentOf(text: string): Intent {
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? 'unknown';
}

export const isYes = (text: string) => RULES.find(([intent]) => intent === 'yes')![1].test(text);
export const isNo = (text: string) => RULES.find(([intent]) => intent === 'no')![1].test(text);

/** Agreement anywhere in the sentence ("that suits, yes"), unless it starts with a no. */
export const agrees = (text: string) =>
  isYes(text) || (!isNo(text) && /\b(yes|yeah|yep|suits|perfect|grand|lovely|sounds good|that'?s (fine|grand|great|perfect)|go ahead|book it)\b/i.test(text));

/** `today`, `tomorrow` or a weekday, as the tools take it. */
export function dateIn(text: string): string | undefined {
  const words = text.toLowerCase();
  return DATE_WORDS.find((word) => new RegExp(`\\b${word}\\b`).test(words));
}

export function partOfDayIn(text: string): (typeof PARTS_OF_DAY)[number] | undefined {
  return PARTS_OF_DAY.find((part) => new RegExp(`\\b${part}\\b`, 'i').test(text));
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/** A clock time in the sentence, as `HH:MM` (24-hour). Hours 1–7 without am/pm are afternoon: a salon's day. */
export function timeIn(text: string): string | undefined {
  const lower = text.toLowerCase();
  const asHour = (word: string) => NUMBER_WORDS[word] ?? Number(word);
  const clock = (hour: number, minute: number, meridiem?: string) => {
    let h = hour;
    if (meridiem === 'pm' && h < 12) h += 12;
    else if (meridiem === 'am' && h === 12) h = 0;
    else if (!meridiem && h >= 1 && h <= 7) h += 12;
    if (h > 23 || minute > 59 || Number.isNaN(h)) return undefined;
    return `${String(h).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  };
  let match = /\b(\d{1,2})[:.](\d{2})\s*(am|pm)?\b/.exec(lower);
  if (match) return clock(Number(match[1]), Number(match[2]), match[3]);
  match = /\b(\d{1,2})\s*(am|pm)\b/.exec(lower);
  if (match) return clock(Number(match[1]), 0, match[2]);
  match = /\bhalf (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/.exec(lower);
  if (match) return clock(asHour(match[1]!), 30);
  match = /\bquarter (past|to) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/.exec(lower);
  if (match) return match[1] === 'past' ? clock(asHour(match[2]!), 15) : clock(asHour(match[2]!) - 1, 45);
  match = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) o'?clock\b/.exec(lower);
  if (match) return clock(asHour(match[1]!), 0);
  match = /\b(?:at|around|about) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/.exec(lower);
  if (match) return clock(asHour(match[1]!), 0);
  return undefined;
}

/** A phone number in the sentence, as written. */
export function phoneIn(text: string): string | undefined {
  return /(\+?\d[\d\s()-]{6,}\d)/.exec(text)?.[1]?.trim();
}

/** The caller's name from "my name is Mary", "it's Mary Murphy", or a bare "Mary Murphy". */
export function nameIn(text: string): string | undefined {
  const cleaned = text
    .replace(/^\s*(hi|hello|yes|yeah|sure)[,!.\s]+/i, '')
    .replace(/^\s*(my name is|my name's|i'm|i am|it's|it is|this is|the name is|name's)\s+/i, '')
    .replace(/[.!?]+\s*$/, '')
    .trim();
  // A bare yes or no is an answer to something else, not a name.
  if (!cleaned || cleaned.length > 60 || /\d/.test(cleaned) || intentOf(cleaned) === 'yes' || intentOf(cleaned) === 'no') return undefined;
  return cleaned
    .split(/\s+/)
    .slice(0, 4)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The one name of `names` the sentence mentions (whole name, or a word of it longer than three letters). */
export function nameMentioned(text: string, names: readonly string[]): string | undefined {
  const said = normalise(text);
  const whole = names.filter((name) => said.includes(normalise(name)));
  if (whole.length) return whole.sort((a, b) => b.length - a.length)[0];
  const byWord = names.filter((name) =>
    normalise(name)
      .split(/[^a-z]+/)
      .some((word) => word.length > 3 && new RegExp(`\\b${word}`).test(said)),
  );
  return byWord.length === 1 ? byWord[0] : undefined;
}
