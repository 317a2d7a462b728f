/**
 * Which of the salon's own services (or stylists) a caller named, scored on whole words:
 * - a name matches where every one of its words was said, close together ("cut and a blow
 *   dry"), a word typed one letter wrong still counting ("balyage");
 * - a name said inside a longer one ("blow-dry" in "cut and blow-dry") gives way to the longer;
 * - a name may be named by the words that set it apart, its last word (the kind of thing it
 *   is) left out: "roots" is Root colour, "half head" Half head highlights; but a word every
 *   such name shares ("cut", "highlights", "trim") is not enough, and the caller is asked
 *   which they meant;
 * - words that name a service the salon has not got ("beard trim", "perm") are said back as
 *   not offered, never matched to the nearest name.
 * Deterministic: the same words and list always give the same answer, and each is explainable.
 */
export type Heard =
  { kind: 'name'; name: string; index: number } | { kind: 'options'; options: string[]; index: number } | { kind: 'unknown'; said: string; index: number };

/** Caller words → the words salons write. */
const SYNONYMS: Record<string, string> = {
  haircut: 'cut',
  men: 'gent',
  mens: 'gent',
  man: 'gent',
  gentleman: 'gent',
  gentlemen: 'gent',
  gents: 'gent',
  barber: 'gent',
  kid: 'kid',
  child: 'kid',
  children: 'kid',
  childrens: 'kid',
  kiddie: 'kid',
  color: 'colour',
  dye: 'colour',
  tint: 'colour',
  blowdry: 'blow dry',
  blowout: 'blow dry',
  updo: 'upstyle',
  roots: 'root',
};

/** Words that say nothing about which service. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'and',
  'with',
  'of',
  'for',
  'my',
  'me',
  'some',
  'just',
  'please',
  'hair',
  'done',
  'get',
  'do',
  'have',
  'book',
  'in',
  'on',
  'at',
  'to',
  'i',
  'd',
  'like',
  'want',
  'need',
  'can',
  'could',
  'would',
  'you',
  'your',
  'is',
  'it',
  'one',
  'new',
  'quick',
  'little',
  'bit',
  'ye',
  'do',
  'does',
  'much',
  'how',
  'what',
  'whats',
  'cost',
  'price',
  'prices',
  'be',
  'so',
  'ah',
  'grand',
  'ok',
  'okay',
  'yes',
  'yeah',
  'no',
  'sorry',
  'actually',
  'young',
  'lad',
  'daughter',
  'son',
  'wife',
  'husband',
]);

/** Words that name a kind of salon service: said without a match, they are a service the salon lacks. */
const SERVICE_WORDS = new Set([
  'cut',
  'trim',
  'colour',
  'highlight',
  'lowlight',
  'balayage',
  'perm',
  'dry',
  'wash',
  'style',
  'upstyle',
  'treatment',
  'toner',
  'extension',
  'keratin',
  'straightening',
  'shave',
  'beard',
  'wax',
  'waxing',
  'brow',
  'eyebrow',
  'lash',
  'eyelash',
  'nail',
  'manicure',
  'pedicure',
  'facial',
  'massage',
  'fringe',
  'root',
  'bleach',
  'ombre',
  'curl',
  'tan',
  'threading',
  'shellac',
  'gel',
  'braid',
  'plait',
]);

interface Token {
  word: string;
  index: number;
}

/** Lower case, no accents, possessives and plurals off, synonyms in; each word keeps where it was said. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  // Letter by letter, so that every index still points into the caller's own sentence.
  const cleaned = [...text].map((letter) => (letter.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase() || ' ').slice(0, 1)).join('');
  for (const match of cleaned.matchAll(/[a-z]{2,}/g)) {
    let word = match[0];
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
    // "blow-dries" is two of Blow-dry (a name's own words are read the same way: "Ladies" is "lady" on both sides).
    const singular = /[^aeiou]ie$/.test(word) && !SYNONYMS[word] ? `${word.slice(0, -2)}y` : word;
    for (const part of (SYNONYMS[match[0]] ?? SYNONYMS[word] ?? singular).split(' ')) out.push({ word: part, index: match.index });
  }
  return out;
}

/** Damerau–Levenshtein distance, capped: only 0, 1, 2 or more matter here. */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The same word, or a slip of one letter in a word of five or more. */
export const sameWord = (said: string, word: string) => said === word || (word.length >= 5 && said.length >= 4 && distance(said, word) <= 1);

/** Irish names as they sound, so a name spelt as heard ("Shivaun", "Neeve", "Keera") can be asked about. */
function sound(word: string): string {
  return word
    .replace(/^siobh/, 'shiv')
    .replace(/[bm]h/g, 'v')
    .replace(/aoi|ao|ia/g, 'ee')
    .replace(/^c(?=[ie])/, 'k')
    .replace(/^c/, 'k');
}

/** Close enough to be asked about ("Shivaun" for Siobhán), never taken as said. */
export const nearWord = (said: string, word: string, most = 2) => said.length >= 3 && distance(sound(said), sound(word)) <= most;

interface Candidate {
  name: string;
  words: string[];
  /** Positions (in the caller's tokens) of each of the name's words that was said, or -1. */
  at: number[];
}

function candidate(name: string, said: Token[], exact: boolean): Candidate {
  const words = tokens(name)
    .map((token) => token.word)
    .filter((word) => !FILLER.has(word));
  // Each word at its last saying: the last thing said wins.
  const at = words.map((word) =>
    said.map((token, position) => ((exact ? token.word === word : sameWord(token.word, word)) ? position : -1)).reduce((a, b) => Math.max(a, b), -1),
  );
  return { name, words, at };
}

const span = (c: Candidate) => {
  const found = c.at.filter((position) => position >= 0);
  return { from: Math.min(...found), to: Math.max(...found) };
};
const whole = (c: Candidate) => c.at.every((position) => position >= 0) && span(c).to - span(c).from <= c.words.length + 2;
const inside = (a: Candidate, b: Candidate) => a !== b && span(b).from <= span(a).from && span(a).to <= span(b).to && b.words.length > a.words.length;

/** A name said by the words that set it apart among the list (its last word may be left out). */
function namedByModifiers(c: Candidate, all: Candidate[]): boolean {
  const modifiers = c.words.slice(0, -1);
  if (!modifiers.length) return false;
  const others = all.filter((other) => other !== c);
  const distinctive = modifiers.filter((word) => !others.some((other) => other.words.includes(word)));
  return distinctive.length > 0 && distinctive.every((word) => c.at[c.words.indexOf(word)]! >= 0) && c.at.slice(0, -1).every((position) => position >= 0);
}

const saidAt = (c: Candidate) => c.at.filter((position) => position >= 0);

/**
 * A name said but for one of its words that takes in every word of the name said whole, and more
 * ("cut and blow dry" is Ladies Cut & Blow Dry, not the Blow Dry inside it): the one meant. Only a
 * name of three words or more, its words said close together.
 */
function widerThan(named: Candidate, all: Candidate[]): Candidate | undefined {
  const words = new Set(saidAt(named));
  const wider = all.filter((c) => {
    const at = saidAt(c);
    if (c === named || c.words.length < 3 || at.length !== c.words.length - 1 || span(c).to - span(c).from > c.words.length + 1) return false;
    return at.length > words.size && [...words].every((position) => at.includes(position));
  });
  return wider.sort((a, b) => saidAt(b).length - saidAt(a).length)[0];
}

/** What the caller named among `names`; `undefined` when they named none of them and no other service. */
export function matchName(text: string, names: readonly string[], options: { serviceWords?: boolean; exact?: boolean } = {}): Heard | undefined {
  const said = tokens(text);
  if (!said.length) return undefined;
  const all = names.map((name) => candidate(name, said, options.exact ?? false));
  const indexOf = (c: Candidate) => said[span(c).to]!.index;
  const full = all.filter(whole);
  const longest = full.filter((c) => !full.some((other) => inside(c, other)));
  if (longest.length) {
    const last = longest.sort((a, b) => span(b).to - span(a).to || b.words.length - a.words.length)[0]!;
    const wider = widerThan(last, all);
    return { kind: 'name', name: (wider ?? last).name, index: indexOf(wider ?? last) };
  }
  const byModifiers = all.filter((c) => namedByModifiers(c, all));
  if (byModifiers.length === 1) return { kind: 'name', name: byModifiers[0]!.name, index: indexOf(byModifiers[0]!) };
  const sharing = all.filter((c) => c.at.some((position) => position >= 0 && !FILLER.has(said[position]!.word)));
  if (!options.serviceWords) return sharing.length ? { kind: 'options', options: sharing.map((c) => c.name), index: indexOf(sharing[0]!) } : undefined;

  // A run of service words ending in a kind of service ("beard trim", "perms") with a word no name has: not offered.
  const known = new Set(all.flatMap((c) => c.words));
  const isKnown = (word: string) => known.has(word) || [...known].some((name) => sameWord(word, name));
  for (let position = said.length - 1; position >= 0; position -= 1) {
    if (!SERVICE_WORDS.has(said[position]!.word)) continue;
    let from = position;
    while (from > 0 && (SERVICE_WORDS.has(said[from - 1]!.word) || isKnown(said[from - 1]!.word))) from -= 1;
    const phrase = said.slice(from, position + 1);
    if (phrase.some((token) => SERVICE_WORDS.has(token.word) && !isKnown(token.word))) {
      const end = said[position]!.index + said[position]!.word.length;
      return { kind: 'unknown', said: text.slice(phrase[0]!.index, end + 1).replace(/[^\p{L}]+$/u, ''), index: phrase[0]!.index };
    }
    position = from;
  }
  if (sharing.length) return { kind: 'options', options: sharing.map((c) => c.name), index: indexOf(sharing[0]!) };
  return undefined;
}
