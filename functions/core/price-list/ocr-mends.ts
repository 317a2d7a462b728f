import { isSalonWord, nearSalonWord } from './salon-words.js';

/**
 * Single words OCR commonly misreads on a blurred, noisy photo, mended before the rows are parsed:
 * a minutes unit with its i lost or turned ("45 mans", "15 mens", "60mns"), an hours unit with
 * its h read as b ("3 brs"), the 1 of an hour's minutes read as a letter ("1hrl5", "hrlS"), a
 * range's "to" glued to both amounts ("€31to€71"), salon words run together ("GentsCut"), a speck
 * read as "!" after a salon word ("Towel!"), and a word of a service name one letter off
 * the salon word it was meant to be ("Curty" → "Curly", "Tnm" → "Trim").
 */

/** Below this confidence (0..100) tesseract was unsure of a word (as review.ts counts it). */
const DOUBTFUL = 60;
const MINUTES_MISREAD = /^(\d{0,3})m[ae]?ns\.?$/;
const HOURS_MISREAD = /^(\d{0,2})brs?\.?$/;
const HOUR_MINUTES_MISREAD = /^(\d{0,2}\s?(?:hrs?|h))[lI|]([\dSO])$/;
/** An hour and its minutes with the space read as a letter or a sign ("1hri15", "1hr.30"). */
const HOUR_GLUED_MINUTES = /^(\d{1,2}\s?(?:hrs?|h))[i|.,:;]?([0-5]\d)$/;
/**
 * Hours and a half with the point lost ("15hrs", "(25 hrs)"): no service takes 15 hours, and the
 * parser would read no duration in it at all.
 */
const HOURS_POINT_LOST = /^([([]?)([1-4])5(\s?(?:hrs?|hours)[)\]]?)$/;
/** Whether a number is such hours, read apart from its unit ("15 | hrs"). */
export const hoursPointLost = (text: string, next: string | undefined) => /^[1-4]5$/.test(text) && /^(?:hrs?|hours)[)\]]?$/.test(next ?? '');
const GLUED_RANGE = /^([€£]?\d{1,4})t[o0]([€£]?\d{1,4})$/;
const NUMBER = /^\d{1,3}(?:[.,]\d)?$/;
/** Two words glued at their ampersand ("Cut&Beard"). */
const GLUED_AMPERSAND = /^(\p{L}{2,})&(\p{L}{2,})$/u;
/** Capitalised words run together where OCR lost the spaces ("GentsCut", "CurlyBlowDry", "Children'sCut"). */
const GLUED_WORDS = /\p{Lu}\p{Ll}+(?:['’]s)?/gu;

/** A price whose 1 was read as a letter l or I, or a bar ("€l4+", "€2I"). */
const PRICE_ONE_MISREAD = /^([€£])([\dlI|]{1,4})((?:[.,]\d{2})?\+?)$/;

/**
 * "1hr" with its 1 read as a letter l, I, t or a bar ("lhr", "1lhr 15", "Ihour", "Thr 30"), and
 * "1h" read as a word of its own, its 1 a capital or a bar ("Th", "Ih": layouts apart, tuning
 * photo T7-3); "th" alone is left, a word's ending more often than an hour.
 */
export const HOUR_MISREAD = /^1?[lI|tT](?=(?:hrs?|hours?)(?:\d|$))|^[lI|T](?=h$)/;

/** A price's € with a speck glued before it ("From ¢€17.00": layouts apart, tuning photo T7-15). */
const SPECK_BEFORE_EURO = /^[¢©«<](?=€\d)/;
/**
 * A price in euro and cent with a third decimal, a speck of its leader read as a 0 ("€11.000",
 * tuning photo T7-15): no salon price has tenths of a cent, and with two or three digits before
 * the point it is no thousands either.
 */
const PRICE_THIRD_DECIMAL = /^([€£]\d{2,3}[.,]\d{2})[0oO]$/;

/** A range's "to" glued to its first amount ("€55to €85", "€351t0 €75" where the space was read as a 1). */
const GLUED_TO = /^([€£]?)(\d{1,4})t[o0]$/;

/**
 * A range's "to" read as "10" and glued to its first amount ("€24810 €273", "€7410€99"): only
 * between two amounts marked €, where the range runs upwards without the "10" and backwards with it.
 */
function lowerOfRangeWithTen(first: string, upper: string): string | null {
  const glued = /^([€£])(\d{1,3})1[o0O]$/.exec(first);
  const amount = /^[€£](\d{1,4})$/.exec(upper);
  if (!glued || !amount) return null;
  const [low, high, whole] = [Number(glued[2]), Number(amount[1]), Number(first.slice(1).replace(/[oO]$/, '0'))];
  return low < high && whole > high ? `${glued[1]}${glued[2]}` : null;
}

/** The first amount of a range whose "to" OCR glued on, or null when the word is not one. */
export function gluedTo(word: string, next: string | undefined): string | null {
  const lower = lowerOfRangeWithTen(word, next ?? '');
  if (lower) return `${lower} to`;
  const glued = GLUED_TO.exec(word);
  const upper = /^[€£]?(\d{1,4})$/.exec(next ?? '');
  if (!glued || !upper) return null;
  let amount = glued[2]!;
  // A 1 before the "t" that makes the range run backwards was the space.
  if (amount.length > 1 && amount.endsWith('1') && Number(amount) > Number(upper[1]) && Number(amount.slice(0, -1)) <= Number(upper[1]))
    amount = amount.slice(0, -1);
  return `${glued[1]}${amount} to`;
}

const inCaseOf = (model: string, word: string) =>
  model.length > 1 && model === model.toUpperCase() ? word.toUpperCase() : /^\p{Lu}/u.test(model) ? word.charAt(0).toUpperCase() + word.slice(1) : word;

/** A unit read after a number, or with its own digits. */
const afterNumber = (digits: string | undefined, previous: string | undefined) => Boolean(digits) || NUMBER.test(previous ?? '');

/**
 * Salon words run together, parted ("GentsCut" → "Gents Cut"), with the dot leader OCR glued to
 * the last ("BuzzCut..........." → "Buzz Cut..."); null when the word is not such a run.
 */
function partedSalonWords(text: string): string | null {
  const [, letters = text, leader = ''] = /^(.*?)(\.{2,}|…)?$/u.exec(text) ?? [];
  const glued = letters.match(GLUED_WORDS);
  if (!glued || glued.length < 2 || glued.join('') !== letters || !glued.every((part) => isSalonWord(part.toLowerCase().replace(/['’]s$/, '')))) return null;
  return glued.join(' ') + (leader ? '...' : '');
}

export function mendWord(text: string, previous: string | undefined): string {
  const minutes = MINUTES_MISREAD.exec(text);
  if (minutes && afterNumber(minutes[1], previous)) return `${minutes[1]}mins`;
  const hours = HOURS_MISREAD.exec(text);
  if (hours && afterNumber(hours[1], previous)) return `${hours[1]}hrs`;
  if (text === 'how' && NUMBER.test(previous ?? '')) return 'hour';
  const hourMinutes = HOUR_MINUTES_MISREAD.exec(text);
  if (hourMinutes && afterNumber(/\d/.test(hourMinutes[1]!) ? '1' : '', previous))
    return `${hourMinutes[1]} 1${hourMinutes[2]!.replace('S', '5').replace('O', '0')}`;
  const pointLost = HOURS_POINT_LOST.exec(text);
  if (pointLost) return `${pointLost[1]}${pointLost[2]}.5${pointLost[3]}`;
  const hourAndMinutes = HOUR_GLUED_MINUTES.exec(text);
  if (hourAndMinutes) return `${hourAndMinutes[1]} ${hourAndMinutes[2]}`;
  // "{45 min)": a bracket read as a brace before a duration.
  if (/^\{\d/.test(text)) return `(${text.slice(1)}`;
  if (SPECK_BEFORE_EURO.test(text)) return text.replace(SPECK_BEFORE_EURO, '');
  const cents = PRICE_THIRD_DECIMAL.exec(text);
  if (cents) return cents[1]!;
  const price = PRICE_ONE_MISREAD.exec(text);
  if (price && /\d/.test(price[2]!) && /[lI|]/.test(price[2]!)) return `${price[1]}${price[2]!.replace(/[lI|]/g, '1')}${price[3]}`;
  const range = GLUED_RANGE.exec(text);
  if (range) return `${range[1]} to ${range[2]}`;
  const [, first = '', upper = ''] = /^([€£]\d+[oO0])([€£]\d+)$/.exec(text) ?? [];
  const lower = first && lowerOfRangeWithTen(first, upper);
  if (lower) return `${lower} to ${upper}`;
  const ampersand = GLUED_AMPERSAND.exec(text);
  if (ampersand) return `${partedSalonWords(ampersand[1]!) ?? ampersand[1]} & ${partedSalonWords(ampersand[2]!) ?? ampersand[2]}`;
  // An ampersand glued to the end of a salon word or words ("Cut&", "LadiesCut&").
  const before = /^(\p{L}{2,})&$/u.exec(text)?.[1];
  const words = before && (isSalonWord(before.toLowerCase()) ? before : partedSalonWords(before));
  if (words) return `${words} &`;
  // A speck read as "!" after a salon word ("Hot Towel! Shave").
  if (/^\p{L}+!$/u.test(text) && isSalonWord(text.slice(0, -1).toLowerCase())) return text.slice(0, -1);
  // An l read as "!" at a word's end ("Brida! Trial").
  if (/^\p{L}{2,}!$/u.test(text) && isSalonWord(`${text.slice(0, -1)}l`.toLowerCase())) return `${text.slice(0, -1)}l`;
  const parted = partedSalonWords(text);
  if (parted) return parted;
  const near = nearSalonWord(text);
  return near ? inCaseOf(text, near) : text;
}

/** Words a row may end on that are not noise: a unit or a range's joining word. */
const KEPT_LAST = /^(?:to|from|and|&|[-–+]|m|h|hrs?|hours?|mins?|minutes?)\.?$/i;

/**
 * How many of a cell's last words are noise (dot leaders or specks read as letters: "Perm i",
 * "Blow Dry RMR"): words without a digit that are one or two lower-case letters or signs, or
 * that tesseract read with little confidence and are no salon word nor one letter off one. A
 * cell may be all noise (then the count is its length).
 */
export function trailingNoise(words: readonly { text: string; confidence: number }[]): number {
  let count = 0;
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const { text, confidence } = words[index]!;
    if (/\d|[€£]/.test(text) || KEPT_LAST.test(text.replace(/^[([]+|[)\].,:;]+$/g, ''))) break;
    const scrap = /^[\p{Ll}.,:;'"·…~_-]{1,2}$/u.test(text) || /^[.,:;·…~_-]*\p{L}?[.,:;·…~_-]+\p{L}*$/u.test(text);
    const letters = text.toLowerCase().replace(/[^\p{L}]/gu, '');
    // Salon words run together are a name however unsure tesseract was of them ("SkinFade" at 49).
    if (!scrap && !(confidence < DOUBTFUL && !isSalonWord(letters) && nearSalonWord(letters) === null && partedSalonWords(text) === null)) break;
    count += 1;
  }
  return count;
}

/**
 * The words OCR read with confidence under `below`, each also as mended (mendWord), so the
 * review still finds a doubtful word in the line after it was mended ("Curty" read as "Curly").
 */
export function doubtfulWords(words: readonly { text: string; confidence: number }[], below: number): string[] {
  return words
    .filter((word) => word.confidence < below && /[\p{L}\d]{2}/u.test(word.text))
    .flatMap((word) => [...new Set([word.text, mendWord(word.text, undefined)])]);
}
