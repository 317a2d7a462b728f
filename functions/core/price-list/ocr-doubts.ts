import { HOUR_MISREAD, mendWord, trailingNoise } from './ocr-mends.js';
import { tokenize } from './parse/tokens.js';
import { isSalonWord, nearSalonWord, offSalonWord, SALON_WORDS } from './salon-words.js';

/**
 * What OCR read that is better left out than turned into a service. The owner adds a missing
 * row in review more easily than spotting a wrong one, so:
 * - a word tesseract read twice, as a second line over the first ("Gents ents Cut Cu"), is read once;
 * - a service whose name holds a word tesseract doubted, that is no salon word nor one letter off
 *   one ("OAF Cut & Set", "Grey Biending"), gives no row at all, with its price and duration;
 * - a cell between a name and its price that tesseract doubted and that holds no value ("nr 15"
 *   for "1hr 15", "3s" for "3h") is dropped, so it is not glued onto the name.
 */

interface Boxed {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Below this confidence (0..100) a word that is no salon word is taken as misread. Higher than
 * review.ts's 60 (a word shown to the owner): on the tuning photos, names misread at 60–70
 * ("Hall Head Foils") outnumbered names read right there that no salon word covers.
 */
const DOUBTFUL = 70;
/**
 * Below this confidence a priced name's word one letter off a salon word without being one, that
 * nearSalonWord cannot mend ("Biow Dry" 88, "Occasion Hall" 80, "Lash Tim" 91 on tuning seeds
 * 450–453), is taken as misread: words printed plainly are read at 94–96.
 */
const NEAR_DOUBTFUL = 93;

const overlap = (a: Boxed['bbox'], b: Boxed['bbox']) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
const heightOf = (word: Boxed) => word.bbox.y1 - word.bbox.y0;

/**
 * A row's words without the echoes: a word whose box lies mostly over a word of the same row that
 * contains its text ("ents" over "Gents") is a second reading of the same print; the taller
 * (the whole letters) is kept.
 */
export function withoutEchoes<T extends Boxed>(words: readonly T[]): T[] {
  return words.filter(
    (word) =>
      !words.some((other) => {
        if (other === word || !other.text.toLowerCase().includes(word.text.toLowerCase())) return false;
        if (overlap(word.bbox, other.bbox) <= 0.5 * Math.min(word.bbox.x1 - word.bbox.x0, other.bbox.x1 - other.bbox.x0)) return false;
        return heightOf(other) > heightOf(word) || (heightOf(other) === heightOf(word) && words.indexOf(other) < words.indexOf(word));
      }),
  );
}

/** A value or a word of one: an amount, a duration, a unit, a range's or a "from" price's word. */
const VALUE = /^(?:[€£]?\d{1,4}(?:[.,]\d{1,2})?\+?(?:m|h|hrs?|hours?|mins?|minutes?)?|from|to|up|approx|starting|at|m|h|hrs?|hours?|mins?|minutes?)$/i;
const readsAsDuration = (text: string) => tokenize(text, true).some((token) => token.type === 'duration' && token.minutes !== null);
/** The small words a name is joined by, read with little ink and often doubted. */
const JOINING = /^(?:&|and|with|or|of|the|a|\+|-|–|\/)$/i;

/**
 * Whether tesseract doubted the word and it is no value, nor a salon word (or one letter off one)
 * in all its parts; or, in a priced name, it was not sure of a word one letter off a salon word.
 */
function doubtedWord(word: Boxed, inName: boolean, priced: boolean): boolean {
  if (word.confidence >= (inName && priced ? NEAR_DOUBTFUL : DOUBTFUL)) return false;
  const text = mendWord(word.text.replace(HOUR_MISREAD, '1'), undefined).replace(/^[([{'"]+|[)\]}'".,:;!?]+$/g, '');
  if (!text || VALUE.test(text) || JOINING.test(text)) return false;
  if (word.confidence >= DOUBTFUL) return offSalonWord(text);
  // Digits are the parser's to judge, but for digits and letters in a duration's cell that make
  // no value the parser reads ("3s", "1hrld" for "1hr 15"; not "1hr15mns") and digits among a
  // name's letters ("Full H291 Tint", "Ki8 Treatment") that are no product's number ("K18", "No.3").
  if (/\d/.test(text))
    return inName
      ? /\p{L}/u.test(text) && !/^(?:\p{L}\d{1,2}|\p{L}{2}\.\d)$/u.test(text)
      : /\p{L}/u.test(text) && !text.split(' ').every((part) => VALUE.test(part)) && !readsAsDuration(text);
  return !text
    .split(/[\s\-/&']/)
    .filter(Boolean)
    .every((part) => /^\p{L}+$/u.test(part) && (part.length === 1 || isSalonWord(part.toLowerCase()) || nearSalonWord(part) !== null));
}

/**
 * A price of one digit is rare, and it is what OCR leaves of a blurred bold "€27" when it loses
 * the sign and a digit with it ("«7", "€7" read at 78, a bare "4"). In a list that marks its
 * prices with €, such a price is trusted only when read with its sign and sure: on the hard band
 * of tuning seeds 470–476, the 19 right ones were read at 88–93 but one (64), the 21 wrong at 78
 * or under, or without the sign.
 */
const SURE_PRICE = 85;
/** With any sign before it: a "“3" is a € misread, and no surer than a bare 3. */
const ONE_DIGIT_AMOUNT = /^[^\p{L}\p{N}\s]?\d(?:[.,]\d{2})?\+?$/u;
const untrustedAmount = (words: readonly Boxed[], text: string) =>
  ONE_DIGIT_AMOUNT.test(text) && !(words.length === 1 && /^€\d/.test(words[0]!.text) && words[0]!.confidence >= SURE_PRICE);

/**
 * A name whose first word is a lower-case scrap that is no salon word ("pard Trim", "azz Cut",
 * "d Foils"): a shadow or a blur took the name's start, and what is left may be another service's
 * name ("Lash" for Lash Tint).
 */
function lostItsStart(first: string): boolean {
  const letters = first.replace(/[.,:;'"]+$/, '');
  return /^\p{Ll}+$/u.test(letters) && !JOINING.test(letters) && !isSalonWord(letters) && nearSalonWord(letters) === null;
}

const SALON_WORD_STARTS = new Set([...SALON_WORDS].map((word) => word.slice(0, 2)));
/** A capitalised word of a name, or the start of one ("Ha" of "Hair"), not two letters of a leader's specks ("Ee"). */
const lostWord = (text: string) => /^\p{Lu}\p{Ll}{2,}[.,:;]*$/u.test(text) || (/^\p{Lu}\p{Ll}$/u.test(text) && SALON_WORD_STARTS.has(text.toLowerCase()));

/** A cell that starts with letters that are no value's ("from€38" is a price). */
const startsName = (text: string) => /^\p{L}/u.test(text) && !VALUE.test(text.split(' ')[0]!) && !/^(?:from|approx|starting|up)(?!\p{L})/iu.test(text);
const hasValue = (text: string) => /[€£\d]/.test(text);

/**
 * The texts of a row's cells with the unreadable ones blanked: a name with a doubted word (all
 * its cells), and its values up to the next name; a name whose price cannot be trusted, with its
 * values; a doubted cell without a price after a name. Each service left out is added to
 * `leftOut` as it was read, so the owner is told of it (review.ts). `euroDocument`: the page
 * marks its prices with € (ocr-rows.ts).
 */
export function readableCells(
  cells: readonly { words: Boxed[] }[],
  texts: readonly string[],
  { leftOut, euroDocument = false }: { leftOut?: string[]; euroDocument?: boolean } = {},
): string[] {
  const out = [...texts];
  let first = 0;
  let dropping = false;
  let run: string[] = [];
  const close = () => {
    if (run.length) leftOut?.push(run.filter(Boolean).join(' '));
    run = [];
  };
  const priced = texts.some(hasValue);
  texts.forEach((text, index) => {
    const words = cells[index]!.words;
    const kept = words.length - trailingNoise(words);
    const inName = startsName(text);
    // A name ends at its brackets (a duration or a note) or its dot leader, as the parser reads it.
    const end = words.findIndex((word) => /^[([]|\.{2,}|…/.test(word.text));
    const judged = words
      .slice(0, inName && end >= 0 ? Math.min(end + 1, kept) : kept)
      .map((word) => ({ ...word, text: word.text.replace(/^[([].*|(?:\.{2,}|…).*$/, '') }));
    // A capitalised word trailingNoise took for specks at a name's end was a word of it ("Full Head
    // Folds", or its start: "Communion Ha"), unless it is as flat as a dot leader, which is what
    // OCR read ("Plaits & Braids Lio").
    const letterHeight = Math.max(...judged.map(heightOf));
    const startsService = inName && (index === 0 || hasValue(texts[index - 1]!));
    const doubted =
      judged.some((word) => doubtedWord(word, inName, priced)) ||
      (inName && words.slice(kept).some((word) => lostWord(word.text) && heightOf(word) > letterHeight / 2)) ||
      (startsService && lostItsStart(judged[0]?.text ?? ''));
    if (inName) {
      // A name that runs on into a further cell (no value between them) is one name.
      if (startsService) {
        close();
        first = index;
        dropping = false;
      }
      if (doubted && !dropping) {
        dropping = true;
        run = texts.slice(first, index);
        out.fill('', first, index);
      }
    } else if (euroDocument && !dropping && untrustedAmount(words, text)) {
      // The service's price, unless it has one before or after it and this is a speck read as a
      // digit (a scrap of its dot leader: "OAP Cut & Set 5 €31").
      const before = texts.slice(first, index);
      const after = texts.slice(index + 1);
      const nextName = after.findIndex(startsName);
      const ownValues = nextName < 0 ? after : after.slice(0, nextName);
      if (before.some(startsName) && ![...before, ...ownValues].some((each) => /[€£]\d/.test(each))) {
        dropping = true;
        run = texts.slice(first, index);
        out.fill('', first, index);
      } else out[index] = '';
    } else if (doubted && !/[€£]/.test(text)) out[index] = '';
    if (dropping) {
      run.push(text);
      out[index] = '';
    }
  });
  close();
  return withoutOrphanedValues(cells, texts, out, leftOut);
}

/**
 * The values of a service whose name was read as noise or doubted away (a cell of letters with a
 * capital, blanked, with no name before it) are blanked too, and the service told as left out:
 * alone on their line under a heading they would be taken for the heading's ("Barbering" 15 min
 * €13). Lower-case scraps before a price ("oo €12", a dot leader) are no name: that price may
 * belong to the line above.
 */
function withoutOrphanedValues(cells: readonly { words: Boxed[] }[], texts: readonly string[], out: string[], leftOut?: string[]): string[] {
  let named = false;
  let orphaned: string[] | null = null;
  const close = () => {
    if (orphaned && orphaned.length > 1) leftOut?.push(orphaned.join(' '));
    orphaned = null;
  };
  out.forEach((text, index) => {
    const words = cells[index]!.words;
    const read = words.map((word) => word.text).join(' ');
    if (text && startsName(text)) {
      close();
      named = true;
    } else if (!text && !named && /\p{Lu}/u.test(read) && /\p{L}{2}/u.test(read) && !words.some((word) => VALUE.test(word.text) || /[€£]/.test(word.text))) {
      close();
      orphaned = [read];
    } else if (orphaned && text && hasValue(text)) {
      orphaned.push(texts[index]!);
      out[index] = '';
    } else if (text && hasValue(text)) named = false;
  });
  close();
  return out;
}
