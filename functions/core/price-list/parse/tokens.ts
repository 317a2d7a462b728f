/**
 * The parser's first stage: one line → prices, durations, "free" markers, column gaps and the
 * text between them. It holds every decision about what an amount or a duration looks like,
 * so the way Irish price lists write numbers changes here and nowhere else.
 */

const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,6}(?:[.,]\d{1,2})?)`;
const CURRENCY = String.raw`[€£]`;
const CURRENCY_WORD = String.raw`(?:eur|euros?)(?![a-z])`;
/** An amount: currency before, after, or none; never a digit run glued to a word. */
const AMOUNT = String.raw`(?:(?:${CURRENCY}|\beur\b\.?)\s?${NUM}|(?<![\w.,/:€£'])${NUM}(?:\s?(?:${CURRENCY}|${CURRENCY_WORD}))?)(?![\d%]|[.,]\d|:\d|[a-z])`;
const UNIT_AHEAD = String.raw`(?!\s*(?:hours?|hrs?|h|minutes?|mins?|m)(?![a-z]))`;
const HOURS_UNIT = String.raw`(?:hours?|hrs?|h)(?![a-z])\.?`;
const MINUTES_UNIT = String.raw`(?:minutes?|mins?|m)(?![a-z])\.?`;
const NO_DIGIT_BEFORE = String.raw`(?<![\w.,/:€£])`;

const TOKEN = new RegExp(
  [
    // 2-3 hrs, 45-60 mins
    String.raw`(?<drange>${NO_DIGIT_BEFORE}(?<d1>\d{1,3}(?:[.,]\d)?)\s*(?:-|to)\s*(?<d2>\d{1,3}(?:[.,]\d)?)\s*(?<dunit>hours?|hrs?|h|minutes?|mins?|m)(?![a-z])\.?)`,
    // 1:30 hrs
    String.raw`(?<dcolon>${NO_DIGIT_BEFORE}(?<ch>\d{1,2}):(?<cm>[0-5]\d)\s*${HOURS_UNIT})`,
    // 1hr 30, 1 hr 30 mins, 2 hours, 1.5 hrs, 1½ hrs, 1h30
    String.raw`(?<dhours>${NO_DIGIT_BEFORE}(?<h>\d{1,2}(?:[.,]\d{1,2})?\s?½?|½)\s*${HOURS_UNIT}(?:[^\S\t]{0,2}(?:and\s+)?(?<hm>[0-5]?\d)(?![\d.,:])(?:\s*${MINUTES_UNIT})?)?)`,
    // 90 mins, 45m
    String.raw`(?<dmins>${NO_DIGIT_BEFORE}(?<m>\d{1,3})\s*${MINUTES_UNIT})`,
    // €120–€180, 120-180, €120 to €180, from €120 - €180
    String.raw`(?<prange>(?:\b(?:from|starting at|starts at|prices? from)\s*)?(?<p1>${AMOUNT})\s*(?:-|to)\s*(?<p2>${AMOUNT})${UNIT_AHEAD})`,
    // €45, from €60, €60+, up to €80
    String.raw`(?<price>(?:\b(?<lead>from|starting at|starts at|prices? from|up to|upto)\s*)?(?<p>${AMOUNT})${UNIT_AHEAD}(?<plus>\s?\+|\s+(?:upwards|onwards|and up)(?![a-z]))?)`,
    // Free, POA, price on consultation
    String.raw`(?<free>\b(?:free(?: of charge)?|complimentary|f\.?o\.?c\.?|p\.?o\.?a\.?|price on (?:consultation|request|application)|priced on consultation|on consultation|on request|quote on consultation|ask (?:in salon|for (?:a )?quote))(?![a-z]))`,
    // a wide gap between columns
    String.raw`(?<gap>\t+|\s{3,})`,
  ].join('|'),
  'gi',
);

const EURO_MARKED = /(?:[€£]|\beur\b)\s?\d|\d\s?(?:[€£]|eur(?:os?)?(?![a-z]))/gi;

/** A document that marks its prices with € (twice or more) has its bare numbers read strictly. */
export function marksPricesWithEuro(text: string): boolean {
  return (text.match(EURO_MARKED)?.length ?? 0) >= 2;
}

export interface PriceToken {
  type: 'price';
  /** Lower and upper bound in euros (unrounded); null = open. */
  low: number | null;
  high: number | null;
  kind: 'single' | 'range' | 'from' | 'upto';
  raw: string;
}
interface DurationToken {
  type: 'duration';
  minutes: number | null;
}
interface FreeToken {
  type: 'free';
  raw: string;
}
interface TextToken {
  type: 'text';
  text: string;
}
interface GapToken {
  type: 'gap';
}
export type Token = PriceToken | DurationToken | FreeToken | TextToken | GapToken;

function amountValue(raw: string): number {
  const digits = raw.replace(/[€£\s]|eur(?:os?)?/gi, '');
  const value = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits) ? Number(digits.replace(/,/g, '')) : Number(digits.replace(',', '.'));
  return Number.isFinite(value) ? value : NaN;
}

const hasCurrency = (raw: string) => /[€£]|eur/i.test(raw);
const hasCents = (raw: string) => /[.,]\d{2}\s*(?:[€£]|eur(?:os?)?)?$/i.test(raw.trim());

function hoursValue(raw: string): number {
  const text = raw.replace(/\s/g, '');
  const half = text.includes('½') ? 0.5 : 0;
  const whole = text.replace('½', '');
  return (whole ? Number(whole.replace(',', '.')) : 0) + half;
}

function validMinutes(minutes: number): number | null {
  const rounded = Math.round(minutes);
  return rounded >= 5 && rounded <= 12 * 60 ? rounded : null;
}

function durationOf(groups: Record<string, string | undefined>): number | null {
  if (groups.drange) {
    const unitHours = /^h/i.test(groups.dunit ?? '');
    const longer = Math.max(Number(groups.d1!.replace(',', '.')), Number(groups.d2!.replace(',', '.')));
    return validMinutes(unitHours ? longer * 60 : longer);
  }
  if (groups.dcolon) return validMinutes(Number(groups.ch) * 60 + Number(groups.cm));
  if (groups.dhours) return validMinutes(hoursValue(groups.h!) * 60 + (groups.hm ? Number(groups.hm) : 0));
  return validMinutes(Number(groups.m));
}

/** For each position of a line, how many brackets are open there. */
function bracketDepths(line: string): Uint16Array {
  const depths = new Uint16Array(line.length + 1);
  let depth = 0;
  for (let position = 0; position < line.length; position += 1) {
    depths[position] = depth;
    const char = line[position];
    if (char === '(' || char === '[') depth = Math.min(depth + 1, 1000);
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
  }
  depths[line.length] = depth;
  return depths;
}

/** Words before a number that make it a count, an age or a size rather than a price. */
const COUNT_BEFORE = /(?:\b(?:no|nr|number|under|over|aged|age|ages|size|step|level|grade|x|for|per|buy|get|of|up to|upto|top)|#)\.?\s*$/i;

/**
 * Words a bracket may hold beside a price and still be that price ("(from €65)", "(€40 approx.)").
 * Any other word makes the bracket an owner's note about the service ("(€5 off with ID)", "(€2
 * extra for wash)"), whose amount is no price of it.
 */
const PRICE_WORDS = /^(?:from|to|up|upto|starting|starts|at|approx|approximately|about|around|ca|only|just|and|or|eur|euros?|hours?|hrs?|h|minutes?|mins?|m)$/i;

/**
 * Whether the bracket open at `index` holds words that are not a price's, so it is a note. Its
 * amount is then left to the note when the line has a price of its own (tokenize).
 */
function inNote(line: string, depths: Uint16Array, index: number): boolean {
  const depth = depths[index] ?? 0;
  if (depth === 0) return false;
  let start = index;
  while (start > 0 && (depths[start - 1] ?? 0) >= depth) start -= 1;
  let end = index;
  while (end < line.length && (depths[end + 1] ?? 0) >= depth) end += 1;
  return line
    .slice(start, end)
    .split(/[^\p{L}]+/u)
    .some((word) => word.length > 1 && !PRICE_WORDS.test(word));
}

function acceptBare(line: string, depths: Uint16Array, index: number, raw: string, euroMode: boolean, notesPriced: boolean): boolean {
  if (hasCurrency(raw)) return notesPriced || !inNote(line, depths, index);
  // Where prices carry €, a bare number is a price only with cents, or alone at the end of the
  // line after a dot leader or a wide gap ("Cut & blow-dry ........ 48").
  if (euroMode && !hasCents(raw) && !(/(?:\.{2,}|…|_{2,}|\t|\s{3,})\s*$/.test(line.slice(0, index)) && !line.slice(index + raw.length).trim())) {
    return false;
  }
  if ((depths[index] ?? 0) > 0) return false;
  const value = amountValue(raw);
  if (!(value >= 1 && value <= 5000)) return false;
  if (!hasCents(raw) && Number.isInteger(value) && value >= 1900 && value <= 2100) return false;
  if (COUNT_BEFORE.test(line.slice(Math.max(0, index - 12), index))) return false;
  const after = line.slice(index + raw.length).trimStart();
  if (/^[a-z%/x:]/.test(after)) return false;
  return true;
}

/**
 * A line's tokens. An amount in an owner's note in brackets is the note's ("Student Cut (€5 off
 * with ID) €20"), unless the line has no other price ("Bridal Trial (€50 deposit)").
 */
export function tokenize(line: string, euroMode: boolean): Token[] {
  const tokens = tokensOf(line, euroMode, false);
  if (!/[([]/.test(line) || tokens.some((token) => token.type === 'price')) return tokens;
  return tokensOf(line, euroMode, true);
}

function tokensOf(line: string, euroMode: boolean, notesPriced: boolean): Token[] {
  const tokens: Token[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += text;
    else tokens.push({ type: 'text', text });
  };
  let position = 0;
  const depths = bracketDepths(line);
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(line); match; match = TOKEN.exec(line)) {
    const groups = match.groups ?? {};
    const raw = match[0];
    pushText(line.slice(position, match.index));
    position = match.index + raw.length;
    if (raw.length === 0) {
      TOKEN.lastIndex += 1;
      continue;
    }
    if (groups.gap !== undefined) {
      tokens.push({ type: 'gap' });
    } else if (groups.drange || groups.dcolon || groups.dhours || groups.dmins) {
      tokens.push({ type: 'duration', minutes: durationOf(groups) });
    } else if (groups.prange) {
      const first = groups.p1!;
      const second = groups.p2!;
      const firstAt = match.index + raw.indexOf(first);
      const secondAt = match.index + raw.lastIndexOf(second);
      const marked = hasCurrency(first) || hasCurrency(second) || (hasCents(first) && hasCents(second));
      const ok =
        (euroMode ? marked : true) &&
        acceptBare(line, depths, firstAt, first, false, notesPriced) &&
        acceptBare(line, depths, secondAt, second, false, notesPriced);
      const low = amountValue(first);
      const high = amountValue(second);
      if (ok && low > 0 && high > 0) {
        tokens.push({ type: 'price', kind: 'range', low: Math.min(low, high), high: Math.max(low, high), raw: `${first.trim()} – ${second.trim()}` });
      } else {
        pushText(raw);
      }
    } else if (groups.price) {
      const amount = groups.p!;
      const at = match.index + raw.indexOf(amount);
      const value = amountValue(amount);
      if (!(value > 0) || !acceptBare(line, depths, at, amount, euroMode, notesPriced)) {
        pushText(raw);
        continue;
      }
      const lead = groups.lead?.toLowerCase().replace(/\s+/g, ' ');
      if (lead === 'up to' || lead === 'upto') tokens.push({ type: 'price', kind: 'upto', low: null, high: value, raw: amount.trim() });
      else if (lead || groups.plus) tokens.push({ type: 'price', kind: 'from', low: value, high: null, raw: amount.trim() });
      else tokens.push({ type: 'price', kind: 'single', low: value, high: value, raw: amount.trim() });
    } else if (groups.free) {
      // Only a whole cell: "Consultation   Free", not "Free fringe trim between cuts".
      const after = line.slice(position).trimStart();
      const before = line.slice(0, match.index);
      if ((after === '' || /^[)\]\t]|^\s{2,}/.test(line.slice(position)) || after.startsWith('(')) && /[a-z]{2}/i.test(before)) {
        tokens.push({ type: 'free', raw });
      } else {
        pushText(raw);
      }
    }
  }
  pushText(line.slice(position));
  return tokens;
}
