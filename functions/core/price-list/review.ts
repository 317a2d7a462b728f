import { priceListMessages, type ExtractedServiceDraft, type ServiceReview } from '../../contracts/price-list.js';
import { parsePriceList } from './parse-price-list.js';
import { holdsPhoneNumber, isNoiseLine, letters, normalizeLine } from './parse/names.js';
import { marksPricesWithEuro, tokenize } from './parse/tokens.js';
import { nearSalonWord } from './salon-words.js';

/**
 * What an import was unsure of, for the owner to check (issue 20 #2). Whichever adapter read the
 * services (the rule parser or Bedrock), they are compared with the text the file gave:
 * - low-confidence: a word of the service's line that OCR read with low confidence;
 * - unlike-service: a name that starts mid-word, holds a word one letter off a salon word
 *   ("Dccasion"), odd signs, or reads like a sentence ("A patch test is needed…");
 * - price-without-name: a line holding only a price that no service took;
 * - line-dropped: a line holding a price and words that gave no service ("Olaplex Treatment €30"
 *   misread past recognition), or a service OCR left out because it doubted its name (ocr-doubts.ts:
 *   a wrong row would be harder to spot than a missing one, but the owner must know it is missing).
 * A line's flags go on the service read just before it (or the first one), so each shows where
 * the owner is looking. Nothing here changes a service, it only says what to look at.
 */
export interface ReadingNotes {
  /** Words OCR read with low confidence (images only). */
  unsure?: readonly string[];
  /** Services OCR left out because it doubted their names, as read (images only). */
  leftOut?: readonly string[];
  /** The photo's print is small for OCR (images only). */
  smallPrint?: boolean;
  /** OCR read the photo with little confidence throughout (images only). */
  readBadly?: boolean;
  /** The file as the owner named it, for the advice on retaking a photo. */
  fileName?: string;
}

/**
 * A photo that left this share of its services out (and two or more) is worth taking again. On the
 * saved readings of 268 generated photos it picks 17 of the 24 read less than 80% right, 2 of the
 * 24 read 80–95% right and 1 of the 220 read better (at 20%: 13, 1 and 1; at 10%: 18, 3 and 1).
 */
const RETAKE_SHARE = 0.15;

/**
 * What to tell the owner when so much of a photo was left out, or it was read so badly throughout
 * (its services may be garbled rather than left out), that another photo would serve better.
 */
export function retakeAdvice(fileName: string, reading: { leftOut: number; found: number; smallPrint: boolean; readBadly: boolean }): string | null {
  const { leftOut, found, smallPrint, readBadly } = reading;
  const retake = smallPrint ? priceListMessages.retakeCloser : priceListMessages.retakeSharper;
  if (leftOut >= 2 && leftOut >= RETAKE_SHARE * (leftOut + found)) {
    return smallPrint
      ? `The print is small in ${fileName}, so ${leftOut} lines were too hard to read. ${retake}`
      : `${leftOut} lines of ${fileName} were too hard to read. ${retake}`;
  }
  if (!readBadly) return null;
  return `${smallPrint ? `The print is small in ${fileName}, so it` : `${fileName}`} was hard to read: services may be missing or misread. ${retake}`;
}

const MAX_FLAGS = 6;
/** Words of a note, never of a service's name. */
const SENTENCE_WORDS = new Set([
  'is',
  'are',
  'must',
  'please',
  'will',
  'needed',
  'required',
  'before',
  'our',
  'we',
  'you',
  'your',
  'may',
  'all',
  'prior',
  'any',
  'should',
  'be',
]);

const wordsOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\d'’]+/u)
    .map((word) => word.replace(/['’]s?$/, ''))
    .filter(Boolean);

const readsLikeNote = (words: readonly string[]) => words.length >= 7 || words.filter((word) => SENTENCE_WORDS.has(word)).length >= 2;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Why a name does not read like a salon service, or null when it does. */
export function unlikeService(name: string): string | null {
  const trimmed = name.trim();
  if (/^\p{Ll}/u.test(trimmed)) return `"${trimmed}" starts in the middle of a word: part of the name may be missing.`;
  if (/[^\p{L}\d\s&'’+\-–/().,!]/u.test(trimmed)) return `"${trimmed}" has signs a service name rarely has.`;
  const words = wordsOf(trimmed);
  if (readsLikeNote(words)) return `"${trimmed}" reads like a note, not a service.`;
  for (const word of words) {
    const near = nearSalonWord(word);
    if (near) return `"${capitalised(word)}" may be a misreading of "${capitalised(near)}".`;
  }
  return null;
}

const shownPrices = (line: string) => (line.match(/(?:€\s?)?\d+(?:[.,]\d{2})?(?:\s?[-–]\s?(?:€\s?)?\d+)?/g) ?? []).join(', ');

/**
 * The line each service was read from (-1 when none holds its name's words): the next line in
 * document order holding them that no service took yet (two "Blow Dry" rows are two lines).
 */
function linesOfServices(services: readonly ExtractedServiceDraft[], lines: readonly string[]): number[] {
  const lineWords = lines.map((line) => new Set(wordsOf(line)));
  const used = new Set<number>();
  let from = 0;
  return services.map((service) => {
    const wanted = wordsOf(service.name).filter((word) => letters(word) >= 2);
    const holds = (index: number) => wanted.length > 0 && wanted.every((word) => lineWords[index]!.has(word));
    const order = [...lines.keys()].slice(from).concat([...lines.keys()].slice(0, from));
    const found = order.find((index) => holds(index) && !used.has(index)) ?? order.find(holds) ?? -1;
    if (found >= 0) {
      used.add(found);
      from = found;
    }
    return found;
  });
}

export function reviewServices(services: readonly ExtractedServiceDraft[], text: string, notes: ReadingNotes = {}): ExtractedServiceDraft[] {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const lines = raw.map(normalizeLine);
  const euroMode = marksPricesWithEuro(text);
  const flags = services.map((): ServiceReview[] => []);
  const at = linesOfServices(services, lines);
  const taken = new Set(at);
  const unsure = new Set((notes.unsure ?? []).flatMap(wordsOf).filter((word) => word.length >= 2));

  services.forEach((service, index) => {
    const why = unlikeService(service.name);
    if (why) flags[index]!.push({ reason: 'unlike-service', detail: why });
    const line = at[index]! >= 0 ? lines[at[index]!]! : service.name;
    const doubtful = wordsOf(line).filter((word) => unsure.has(word));
    if (doubtful.length) {
      const what = doubtful.some((word) => /\d/.test(word)) ? 'the name and price' : 'the name';
      flags[index]!.push({ reason: 'low-confidence', detail: `The photo was hard to read at "${doubtful.slice(0, 3).join('", "')}": please check ${what}.` });
    }
  });

  const owner = (lineIndex: number) => {
    let best = services.length ? 0 : -1;
    at.forEach((line, index) => {
      if (line >= 0 && line <= lineIndex && line >= (at[best] ?? -1)) best = index;
    });
    return best;
  };
  lines.forEach((line, index) => {
    // Contact details, opening hours and sentences are left out on purpose.
    if (taken.has(index) || !line.trim() || isNoiseLine(line.trim()) || holdsPhoneNumber(raw[index]!) || readsLikeNote(wordsOf(line))) return;
    const tokens = tokenize(line.trim(), euroMode);
    if (!tokens.some((token) => token.type === 'price')) return;
    const words = tokens
      .filter((token) => token.type === 'text')
      .map((token) => token.text)
      .join(' ');
    const hasPrice = (text: string) => tokenize(text.trim(), euroMode).some((token) => token.type === 'price');
    const target = owner(index);
    if (target < 0) return;
    if (letters(words) < 2) {
      // A price alone right under a service's unpriced name is that service's price (the parser joins them).
      if (taken.has(index - 1) && !hasPrice(lines[index - 1]!)) return;
      flags[target]!.push({ reason: 'price-without-name', detail: `A price with no name (${shownPrices(line)}) was left out.` });
    } else flags[target]!.push({ reason: 'line-dropped', detail: `A line was left out: "${line.trim().replace(/\s+/g, ' ').slice(0, 120)}".` });
  });

  // Where such a line stood is not known once it is left out: the first service, at the top of the
  // review, says so first. One a service was read from all the same (Bedrock reads the photo itself) is not missing.
  const readFrom = (line: string) => linesOfServices(services, [line]).some((found) => found === 0);
  // Only what would have been a service as read: a footer or an address OCR doubted is no missing service.
  const missing = (notes.leftOut ?? []).filter((each) => !readFrom(each) && parsePriceList(each).length > 0);
  for (const line of [...missing].reverse()) {
    flags[0]?.unshift({
      reason: 'line-dropped',
      detail: `A line was too hard to read, so it was left out: "${line.trim().replace(/\s+/g, ' ').slice(0, 120)}". Add it if it is one of your services.`,
    });
  }
  const advice = retakeAdvice(notes.fileName ?? 'the photo', {
    leftOut: missing.length,
    found: services.length,
    smallPrint: notes.smallPrint ?? false,
    readBadly: notes.readBadly ?? false,
  });
  if (advice) flags[0]?.unshift({ reason: 'hard-photo', detail: advice });

  return services.map((service, index) => {
    const found = flags[index]!.slice(0, MAX_FLAGS);
    return found.length ? { ...service, review: found } : service;
  });
}
