import type { CallerTurn, Script } from './script.js';

/**
 * Unseen variants of the corpus: each caller turn said another way, chosen by a seeded random
 * generator (the same seed gives the same variants), the expected outcome unchanged. Fillers
 * ("ehm", "like", "yeah no"), typos (two letters swapped), lower case, no punctuation, and a
 * name and number run together in one breath. The receptionist was never tuned on these.
 */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPENERS = ['ehm, ', 'em ', 'so ', 'ok so ', 'right, ', 'hiya, ', 'ah ', 'hi there, '];
const ANSWER = /^\s*(yes|yeah|yep|no|nope|grand|perfect|lovely|ok|okay|that's grand)\b/i;
const PHONE = /^\s*\+?\d[\d\s]{6,}$/;

function typo(turn: string, next: () => number): string {
  // Never in a name (a capital, or a letter with an accent beside it): the caller's own name is not mistyped into another.
  const words = [...turn.matchAll(/(?<!\p{L})[a-z]{6,}(?!\p{L})/gu)];
  if (!words.length) return turn;
  const word = words[Math.floor(next() * words.length)]!;
  const at = 1 + Math.floor(next() * (word[0].length - 3));
  const swapped = word[0].slice(0, at) + word[0][at + 1] + word[0][at] + word[0].slice(at + 2);
  return turn.slice(0, word.index) + swapped + turn.slice(word.index + word[0].length);
}

function withLike(turn: string, next: () => number): string {
  const words = turn.split(' ');
  if (words.length < 5) return turn;
  const at = 2 + Math.floor(next() * (words.length - 3));
  // Never inside a time ("o like clock") or a number.
  if (/^(o|\d.*|half|quarter)$/i.test(words[at - 1]!)) return turn;
  return [...words.slice(0, at), 'like', ...words.slice(at)].join(' ');
}

function variantOf(says: CallerTurn[], next: () => number): CallerTurn[] {
  const out: CallerTurn[] = [];
  for (let index = 0; index < says.length; index += 1) {
    const said = says[index]!;
    if (typeof said !== 'string') {
      out.push({ ...said, say: variantOf([said.say], next)[0] as string });
      continue;
    }
    let turn = said;
    const following = says[index + 1];
    const isName = /^[A-ZÁÉÍÓÚ][\p{L}']+( [A-Z][\p{L}']+)?$/u.test(turn);
    if (isName && typeof following === 'string' && PHONE.test(following) && next() < 0.3) {
      turn = next() < 0.5 ? `${turn}, ${following}` : `it's ${turn} and my number is ${following}`;
      index += 1;
    }
    const answer = ANSWER.test(turn) || PHONE.test(turn) || turn.split(' ').length < 3;
    if (!answer && next() < 0.3) turn = typo(turn, next);
    if (!answer && next() < 0.3) turn = withLike(turn, next);
    if (next() < 0.35) turn = `${OPENERS[Math.floor(next() * OPENERS.length)]}${turn}`;
    else if (!answer && next() < 0.15) turn = `yeah no, ${turn}`;
    if (next() < 0.3) turn = turn.replace(/[,.!?]/g, '');
    if (next() < 0.4) turn = turn.toLowerCase();
    out.push(turn);
  }
  return out;
}

/** One variant of every script, from `seed`. */
export function variants(scripts: readonly Script[], seed: number): Script[] {
  const next = random(seed);
  return scripts.map((script) => ({ ...script, id: `${script.id} (variant)`, says: variantOf(script.says, next) }));
}
