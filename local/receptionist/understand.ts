import { sameWord } from './match.js';

/**
 * What a caller's sentence asks, for the sandbox receptionist: plain rules over the words,
 * deterministic and explainable (the real agent is a language model; this stands in for it
 * without one). A sentence can ask several things; the receptionist decides which comes first.
 */
export type Ask = 'goodbye' | 'person' | 'message' | 'policy' | 'cancel' | 'move' | 'book' | 'price' | 'duration' | 'hours' | 'directions';

const RULES: [Ask, RegExp][] = [
  [
    'goodbye',
    /\b(bye|goodbye|that'?s all|that is all|nothing else|no,? thanks?|cheers,? bye|i'?ll ring back|i'?ll call back|i'?ll (have a )?think about it)\b/i,
  ],
  [
    'message',
    /\b(leave|take|pass on|give) (a |him |her |them )?message\b|\bmessage for\b|\b(call|ring|phone) me back\b|\b(give|get) me a (call|ring|bell)\b|\bget back to me\b|\blet (her|him|them|the \w+) know\b/i,
  ],
  [
    'person',
    /\b(speak|talk|chat),?( like,?)? (to|with)\b|\bput me (through|on)\b|\btransfer me\b|\b(real|actual) (person|human)\b|\bhuman\b|\bsomeone in the salon\b/i,
  ],
  [
    'policy',
    /\b(cancel\w*|reschedul\w*|chang\w*|mov\w*)\b.{0,40}\b(charg\w*|fee|cost|pay|policy|notice|penalt\w*|deposit back|refund)\b|\b(charg\w*|fee|policy|notice|penalt\w*)\b.{0,40}\bcancel\w*|\bif i (had|have|need) to cancel\b|\b(patch|skin|allergy) test\b|\b(should|need to) know\b/i,
  ],
  ['cancel', /\bcancel\b|\bcan'?t make it\b|\bcannot make it\b|\bwon'?t make it\b|\bnot able to make it\b/i],
  [
    'move',
    /\b(move|moving|change|changing|reschedule|switch|swap|push (it |that )?back|bring (it |that )?forward)\b.{0,60}\b(appointment|booking|it|that|one|to)\b|\b(push|put|bring)\b.{0,40}\b(appointment|booking)\b.{0,30}\b(back|forward|later|earlier)\b/i,
  ],
  ['price', /\b(price|prices|cost|costs|how much|charge|€|euro)\b/i],
  ['duration', /\bhow long\b.{0,40}\b(take|takes|last|lasts|is|be)\b/i],
  ['hours', /\b(open|opening|hours|close|closing|shut)\b/i],
  ['directions', /\b(where|address|directions|find you|located|based|park|parking|eircode)\b/i],
  ['book', /\b(book|booking|appointment|available|availability|free|slot|any time|anytime|come in|get in|have you anything|anything (on|for))\b/i],
];

export function asksIn(text: string): Set<Ask> {
  const asks = new Set(RULES.filter(([, pattern]) => pattern.test(text)).map(([ask]) => ask));
  if (asks.has('policy')) {
    asks.delete('cancel');
    asks.delete('move');
  }
  if (asks.has('message')) asks.delete('person');
  return asks;
}

const YES_START =
  /^\s*(yes|yeah|yep|yup|ya|sure|please|perfect|great|lovely|grand|ok|okay|alright|right|correct|that'?s (right|grand|perfect|great|fine|it|lovely)|go (on|ahead)|book it|it does|it is|that one|fab|brilliant|super|deadly|sound)\b/i;
const YES_ANYWHERE =
  /\b(yes|yeah|yep|suits|perfect|grand|lovely|sounds good|that'?s (fine|grand|great|perfect|right)|(that )?(would|'d) be (great|lovely|grand|perfect|brilliant|fine|class)|go ahead|book it|please do|that works|works for me)\b/i;
const NO_START = /^\s*(no|nope|nah|not really|neither|don'?t|do not)\b/i;
/** Words that take back a yes: a reply with any of them is not a clear yes. */
const HEDGES = /\b(no|not|actually|hang on|hold on|wait|sorry|but|instead|rather|change|make it|scratch that|i mean|maybe|not sure|don'?t know|dunno)\b|\?/i;

/** A plain yes, with nothing that takes it back ("yeah, actually no, hang on" is no yes). */
/** "Grand, I'll check with work and ring back": the caller is going for now, whatever "grand" opened it. */
export const goingForNow = (text: string) => /\bi'?ll\b.{0,40}\b(ring|call|phone) (you )?back\b|\bi'?ll (have a )?think about it\b/i.test(text);
export const clearYes = (text: string) => (YES_START.test(text) || YES_ANYWHERE.test(text)) && !HEDGES.test(text);
export const saysNo = (text: string) => NO_START.test(text) || /\b(leave it|forget it|don'?t bother|never mind|no thanks|no thank you)\b/i.test(text);
/** "no", "actually" and the like anywhere: whatever slot the reply names is reopened. */
export const hedges = (text: string) => HEDGES.test(text);

const DIGIT_WORDS: Record<string, string> = {
  oh: '0',
  o: '0',
  zero: '0',
  nought: '0',
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT = `(?:${Object.keys(DIGIT_WORDS).join('|')}|\\d)`;
const SPOKEN_RUN = new RegExp(`\\b(?:(?:double|triple)\\s+)?${DIGIT}(?:[\\s,.-]+(?:(?:double|triple)\\s+)?${DIGIT})+\\b`, 'gi');

/**
 * A number said digit by digit in words ("oh eight six, one two three, four five six seven",
 * "double two"), as digits: only a run of seven or more, so "the first one" or "two or three"
 * stay words. The groups the caller made are kept, so the number reads back as they said it.
 */
export function digitsSaid(text: string): string {
  return text.replace(SPOKEN_RUN, (run) => {
    const groups = run.split(/\s*[,.-]\s*|\s{2,}/).map((group) => {
      const words = group.toLowerCase().split(/\s+/).filter(Boolean);
      let digits = '';
      for (let at = 0; at < words.length; at += 1) {
        const times = words[at] === 'double' ? 2 : words[at] === 'triple' ? 3 : 1;
        const word = times > 1 ? words[(at += 1)] : words[at];
        digits += (DIGIT_WORDS[word!] ?? word!).repeat(times);
      }
      return digits;
    });
    const all = groups.join('');
    return /^\d{7,}$/.test(all) && /[a-z]/i.test(run) ? groups.join(' ') : run;
  });
}

/** A phone number in the sentence, as written (seven digits or more). */
export function phoneIn(text: string): { value: string; index: number; end: number } | undefined {
  const match = /(\+?\d[\d\s()-]{5,}\d)/.exec(text);
  if (!match || match[1]!.replace(/\D/g, '').length < 7) return undefined;
  return { value: match[1]!.trim(), index: match.index, end: match.index + match[1]!.length };
}

const NAME_WORD = "\\p{L}[\\p{L}'’-]+";
/** Irish and other surname particles that are half a name: "Ní Bhriain", "Ó Súilleabháin", "Mac Cárthaigh", "de Búrca". */
const PARTICLE = '(?:n[ií]|nic|[oó]|u[ií]|mac|mc|mhic|bean|de|van|von|da|di|le)';
const NOT_NAMES =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|hi|hello|yes|no|just|only|ringing|calling|looking|wondering|after|on|for|about|a|an|the|my|me|not|in|at|to|so|very|really|grand|fine|ok|okay|booked|free|too|that|this|there|here|i|going|still|all|yeah|actually|half|quarter|could|can|would|will|and|please|from|is|was|with|tomorrow|today|me|myself|her|him|ringing|trying|hoping)$/i;

/**
 * A name the caller gives unasked: "my name is Mary", "it's Siobhán here", "this is Mary Murphy",
 * "hi it's mary murphy": one or two words after the introduction that are no everyday word.
 */
export function namedIn(text: string): { value: string; index: number; end: number } | undefined {
  // The first introduction followed by a name ("I'm looking for a cut, my name is Ellen Fahy").
  const match = [
    ...text.matchAll(
      new RegExp(
        `\\b(?:my name is|my name's|name's|the name is|it's|it is|this is|i'm|i am)\\s+(${NAME_WORD})((?:\\s+(?:${PARTICLE}\\s+)?${NAME_WORD}){0,2})`,
        'giud',
      ),
    ),
  ].find(
    // "I'm" and "it is" are followed by too much else to take a lower-case word for a name.
    (each) => !NOT_NAMES.test(each[1]!) && (/^\p{Lu}/u.test(each[1]!) || !/^(i'm|i am|it is)/i.test(each[0])),
  );
  if (!match) return undefined;
  const lowerFirst = !/^\p{Lu}/u.test(match[1]!);
  const words = [match[1]!];
  const rest = match[2]!.trim().split(/\s+/).filter(Boolean);
  for (let at = 0; at < rest.length; at += 1) {
    const word = rest[at]!;
    // A particle counts only with the word it belongs to ("Ní Bhriain"); after it, a capital is not needed.
    const particle = new RegExp(`^${PARTICLE}$`, 'iu').test(word) && rest[at + 1] !== undefined && !NOT_NAMES.test(rest[at + 1]!);
    if (particle) {
      words.push(word, rest[at + 1]!);
      at += 1;
    } else if (!NOT_NAMES.test(word) && (/^\p{Lu}/u.test(word) || lowerFirst) && words.length < 2) words.push(word);
    else break;
  }
  const index = match.indices![1]![0];
  const value = words.map(nameCase).join(' ');
  return { value, index, end: index + words.join(' ').length };
}

/** A word of a name as it is written: capitalised, but for the particles kept small ("de Búrca", "van"). */
const nameCase = (word: string) => (/^(de|van|von|da|di|le)$/i.test(word) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1));

/** "like" said as a filler ("at like 10", "this day like week"), not "I'd like" or "like to". */
export const FILLER_LIKE =
  /(?<!\b(?:i'd|i|would|we'd|you'd|she'd|he'd|they'd|you|we|they|really|also|look|looks|looked|feel|something|anything|nothing|what's|whats|is|was|it's|be|just))\s*,?\s+like,?(?=\s)(?!\s+to\b)/gi;

/** Sounds and words that open a turn and mean nothing: "ehm", "right", "so", "hiya", "yeah no". */
export const LEADING_FILLER = /^\s*(?:(?:ehm+|em+|erm+|uh+|um+|ah+|so|right|well|hiya|hi there|hi|hello|ok so|okay so|like|yeah no)[,!.]?\s+)+/i;

/** Sounds and words that answer nothing: no name, no yes. */
const NOT_AN_ANSWER = /^(hm+|h?u+h|eh|what|pardon|sorry|wait|hold on|hang on|one sec(ond)?|sec|ok|okay|right|hello|hi)\b/i;

/** The caller's name as the answer to "can I take your name?": "Mary", "it's mary murphy". */
export function nameAnswer(text: string): string | undefined {
  const cleaned = text
    .replace(LEADING_FILLER, '')
    .replace(/^\s*(yes|yeah|sure|ok|okay)[,!.\s]+/i, '')
    .replace(/^\s*(my name is|my name's|i'm|i am|it's|it is|this is|the name is|name's|put it under|under)\s+/i, '')
    .replace(/\s+(here|please|thanks)\s*[.!]*$/i, '')
    // "Nessa Gallagher, 086…" with its number taken out leaves the comma behind.
    .replace(/[\s,;:.!?]+$/, '')
    .trim();
  if (!cleaned || cleaned.length > 40 || /\d/.test(cleaned) || cleaned.split(/\s+/).length > 4) return undefined;
  if (YES_START.test(cleaned) || NO_START.test(cleaned) || NOT_AN_ANSWER.test(cleaned) || clearYes(cleaned) || asksIn(cleaned).size) return undefined;
  const words = cleaned.split(/\s+/);
  // "That would be great" is no name: a name is not made of everyday words.
  const everyday = words.filter((word) => NOT_NAMES.test(word.replace(/[,.!?]+$/, '')));
  if (NOT_NAMES.test(words[0]!) || everyday.length >= 2) return undefined;
  return words.map(nameCase).join(' ');
}

const COUNTS: Record<string, number> = { two: 2, '2': 2, three: 3, '3': 3, four: 4, '4': 4, both: 2 };

/** How many people the caller is booking for, when more than one. */
export function partyIn(text: string): number | undefined {
  const lower = text.toLowerCase();
  const counted =
    /\b(two|three|four|[234]|both)\b(?:\s+\w+){0,2}?\s+(of us|of them|lads|boys|girls|kids|children|sons|daughters|people|cuts|kids'? cuts|blow-?dries|appointments|of my \w+)\b/.exec(
      lower,
    );
  if (counted) return COUNTS[counted[1]!];
  if (/\b(myself|me) and (my|her|his|a) \w+|\bfor (the two of us|both of us|us both)\b/.test(lower)) return 2;
  return undefined;
}

/** "the first", "the second one", "the last": a place in what was offered. */
export function placeIn(text: string): number | undefined {
  const match = /\b(first|second|third|last|earliest|latest)\b(?!\s+(of|thing)\b)/i.exec(text);
  if (!match) return undefined;
  return { first: 0, earliest: 0, second: 1, third: 2, last: -1, latest: -1 }[match[1]!.toLowerCase()];
}

/** Words a typed call depends on, put right when a letter slipped ("Firday", "tomrorow", "cacnel"); none that a slip turns into another real word. */
const KEY_WORDS = [
  ...[
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'january',
    'february',
    'august',
    'september',
    'october',
    'november',
    'december',
  ],
  ...['tomorrow', 'morning', 'afternoon', 'evening', 'quarter', 'eleven', 'twelve', 'second', 'third', 'myself', 'number', 'prices', 'notice'],
  ...['cancel', 'reschedule', 'appointment', 'actually', 'message', 'change'],
  // Ordinals two slips or more from any number ("eighth" is one from "eight", "seventh" from "seventy": left out).
  ...['eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth', 'thirtieth'],
];
/** Real words one slip away from a key word, left as they are. */
const REAL_WORDS = new Set(['massage', 'chance', 'charge', 'looking', 'cooking', 'seconds', 'thirds', 'numbers', 'notices', 'messages']);

export function spellingFixed(text: string): string {
  return text.replace(/[A-Za-z]{5,}/g, (word) => {
    const lower = word.toLowerCase();
    if (KEY_WORDS.includes(lower) || REAL_WORDS.has(lower)) return word;
    return KEY_WORDS.find((key) => lower.length >= 5 && sameWord(lower, key)) ?? word;
  });
}
