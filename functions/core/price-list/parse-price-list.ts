import { PRICE_LIST_LIMITS, type ExtractedServiceDraft } from '../../contracts/price-list.js';

/**
 * The rule parser: the text of an Irish salon price list → services.
 *
 * Each line is read as a run of tokens — prices, durations, "free"/"price on consultation"
 * markers, wide gaps — with plain text between them. A service is text (its name) followed by
 * its values; text that comes after a priced service starts the next one, so multi-column lines
 * ("Wash & Blow Dry €30   Cut & Finish €45") give one service per column.
 *
 * Decisions (the wizard takes whole euros):
 * - Amounts: €45, 45, 45.00, €45.50, 45€, 45 euro, €1,200. Cents are rounded to the nearest
 *   euro (half up) and the listed price is kept in the comment ("Listed as €24.50").
 * - Ranges €120–€180, 120-180, €120 to €180 → isRange with price_min/price_max; 'from €60',
 *   '€60+', 'starting at €60' → isRange with price_min only; 'up to €80' → price_max only.
 *   Several separate prices for one name (short/medium/long columns) → a range from the lowest
 *   to the highest, the prices listed in the comment.
 * - Bare numbers are prices only when the document does not mark its prices with € (or they
 *   carry cents, 45.00), and then only where a price stands: not in brackets, not before a
 *   unit or a lower-case word, not a year or a count ("No.3", "under 12").
 * - Durations: '1hr 30', '1 hr 30 mins', '90 mins', '45m', '2 hours', '1.5 hrs', '1½ hrs',
 *   '1:30 hrs' → minutes; a range ('2-3 hrs') takes the longer, so a booking never overruns.
 *   0 when the list gives none; values outside 5 min – 12 h are ignored.
 * - 'Free', 'POA', 'Price on consultation' → a service with no price, the words in its comment.
 * - Names are cleaned: dot leaders and anything after them, bullets, brackets (their text goes
 *   to the comment) and trailing separators go; ALL-CAPS names become Title Case.
 * - Section headings ("COLOUR", "Cutting & Styling:") are not glued onto names. A heading goes
 *   into the comment only where the name means little without it ("Full Head", "Short Hair",
 *   "T-Section" under "Highlights").
 * - A name on one line with its price alone on the next is joined up.
 * - Phone numbers, opening hours, addresses, web and social links, deposit and cancellation
 *   terms, notes and prose give no services.
 */
export type ParsedService = ExtractedServiceDraft;

export interface ParseOptions {
  maxServices?: number;
}

// ------------------------------------------------------------------------------------- patterns

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
    String.raw`(?<dhours>${NO_DIGIT_BEFORE}(?<h>\d{1,2}(?:[.,]\d{1,2})?\s?½?|½)\s*${HOURS_UNIT}(?:\s{0,2}(?:and\s+)?(?<hm>[0-5]?\d)(?![\d.,:])(?:\s*${MINUTES_UNIT})?)?)`,
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
const PHONE = /(?:\+353[\s-]?\(?0?\)?|\b0)\d{1,2}\)?[\s-]?\d{3}[\s-]?\d{3,4}\b/g;

const NOISE_LINE =
  /^(?:tel|telephone|phone|ph|mob|mobile|call|text|whatsapp|email|e-mail|web|website|www|https?|address|eircode|open|opening|hours|follow|like us|find us|visit|book|booking|bookings|instagram|facebook|tiktok|twitter|gift vouchers?|vouchers?|all prices|prices (?:are|may|subject|include|quoted|vary)|price list|terms|t&cs?|cancellation|deposit|deposits|note|notes|please|vat|walk-ins?|payment|we accept|cash)\b/i;
const DAY_LINE = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\b/i;
const CONTACT = /\S+@\S+\.\S+|www\.|https?:\/\/|\.(?:ie|com|net|org)\b/i;
const NOT_A_SERVICE_NAME = /\b(?:deposit|cancellation|cancel|vouchers?|discount|off\b|booking fee|terms|subject to|opening|phone|tel)\b/i;
const TABLE_HEADER_WORDS = new Set([
  'service', 'services', 'treatment', 'treatments', 'time', 'times', 'duration', 'length', 'price', 'prices', 'cost', 'costs',
  'from', 'approx', 'approx.', 'mins', 'minutes', 'description', 'item', 'items', 'euro', '€', 'rate', 'rates', 'name',
]);
const DOCUMENT_TITLE = /^(?:our\s+)?(?:(?:services|treatments)\s*(?:&|and)\s*)?(?:price\s*list|prices|price\s*menu|menu|tariffs?|services)(?:\s+\d{4})?$/i;
const GENERIC_NAME =
  /^(?:full|half|quarter|partial|t[- ]?section|t[- ]?bar|short|medium|mid[- ]?length|long|extra[- ]long|shoulder[- ]length|regrowth|re-growth|roots?|top up|refresh|add[- ]on)(?:\s+(?:head|hair|length|lengths))?$/i;
const SMALL_WORDS = new Set(['and', 'of', 'the', 'with', 'for', 'on', 'in', 'a', 'an', 'to', 'by', 'or', 'at', 'per']);
const ACRONYMS = new Set(['OAP', 'UV', 'GHD', 'VIP', 'LED', 'CND', 'OPI', 'HD', 'IGK', 'DIY', 'XL']);

// --------------------------------------------------------------------------------------- tokens

interface PriceToken {
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
type Token = PriceToken | DurationToken | FreeToken | TextToken | GapToken;

function amountValue(raw: string): number {
  const digits = raw.replace(/[€£\s]|eur(?:os?)?/gi, '');
  const value = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits) ? Number(digits.replace(/,/g, '')) : Number(digits.replace(',', '.'));
  return Number.isFinite(value) ? value : NaN;
}

const hasCurrency = (raw: string) => /[€£]|eur/i.test(raw);
/** No price list has lines this long; longer ones are cut (and cannot slow the parser down). */
const MAX_LINE_CHARS = 1_000;
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

function acceptBare(line: string, depths: Uint16Array, index: number, raw: string, euroMode: boolean): boolean {
  if (hasCurrency(raw)) return true;
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

function tokenize(line: string, euroMode: boolean): Token[] {
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
      const ok = (euroMode ? marked : true) && acceptBare(line, depths, firstAt, first, false) && acceptBare(line, depths, secondAt, second, false);
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
      if (!(value > 0) || !acceptBare(line, depths, at, amount, euroMode)) {
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

// --------------------------------------------------------------------------------------- names

function titleCase(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word, index) => {
      if (!/[A-Z]/.test(word) || ACRONYMS.has(word) || /\d/.test(word)) return word;
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-/(])([a-zà-ÿ])/g, (_, start: string, letter: string) => start + letter.toUpperCase());
    })
    .join('');
}

const isAllCaps = (text: string) => /[A-Z]{2}/.test(text) && !/[a-z]/.test(text);
const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** Removes dot leaders and what OCR made of them, brackets, bullets and separators. */
function cleanName(raw: string): { name: string; notes: string[] } {
  const notes: string[] = [];
  let text = raw.replace(/\s+/g, ' ');
  // Dot leaders: the name is what comes before them.
  const leader = /\s?(?:\.{2,}|…|_{2,}|-{3,}|·{2,}|(?:\.\s){2,})/.exec(text);
  if (leader && letters(text.slice(0, leader.index)) >= 2) text = text.slice(0, leader.index).replace(/\s+[.,:;·]\S{0,2}$/, '');
  text = text.replace(/[([]([^()[\]]*)[)\]]/g, (_, inner: string) => {
    if (letters(inner) >= 2) notes.push(inner.trim());
    return ' ';
  });
  // An unclosed bracket: what follows is a note.
  const open = /[([]/.exec(text);
  if (open) {
    const inner = text.slice(open.index + 1).replace(/[)\]]/g, '').trim();
    if (letters(inner) >= 2) notes.push(inner);
    text = text.slice(0, open.index);
  }
  text = text
    .replace(/[)\]]/g, ' ')
    .replace(/^[\s•·*>#~=:|,;.\-–—]+/, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/\s*\b(?:from|starting at|starts at|prices? from|price|at|approx\.?)\s*$/i, '')
    .replace(/[\s:;,|/\\=*+.\-–—]+$/, '')
    .replace(/\s+[-–—]\s+/g, ' – ')
    .replace(/\s+/g, ' ')
    .trim();
  if (isAllCaps(text)) text = titleCase(text);
  return {
    name: text,
    notes: notes
      .map((note) => note.replace(/\s+/g, ' ').replace(/\s*[-–—]\s*/g, '–').replace(/^(?:approx(?:imately)?\.?|about|around|ca\.?)(?:\s+|$)/i, '').trim())
      .filter((note) => letters(note) >= 2),
  };
}

function plausibleName(name: string): boolean {
  if (letters(name) < 2 || name.length > 80) return false;
  if (name.split(' ').length > 10) return false;
  if (NOT_A_SERVICE_NAME.test(name)) return false;
  // "Hair treatments are €15 with any service." is a sentence, not a service.
  if (/\s(?:is|are|costs?|will be)$/i.test(name)) return false;
  // OCR noise: long runs of letters with hardly a vowel.
  if (/[bcdfghjklmnpqrstvwxz]{6,}/i.test(name.replace(/\s/g, ''))) return false;
  return true;
}

function looksLikeNote(text: string): boolean {
  const trimmed = text.trim();
  return /^[a-z(\[*+]/.test(trimmed) || /^(?:incl\.?|includes|including|with|plus|per)\b/i.test(trimmed);
}

function isTableHeader(text: string): boolean {
  const words = text.toLowerCase().split(/[\s|/]+/).filter(Boolean);
  return words.length > 0 && words.every((word) => TABLE_HEADER_WORDS.has(word.replace(/[:()]/g, '')));
}

function headingOf(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ').replace(/:$/, '').trim();
  if (!trimmed || /\d/.test(trimmed) || /[,.!?;]$|,/.test(trimmed) || trimmed.length > 48) return null;
  if (DOCUMENT_TITLE.test(trimmed)) return null;
  const words = trimmed.split(' ').filter((word) => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 6) return null;
  const titled = words.every((word) => SMALL_WORDS.has(word.toLowerCase()) || /^[\p{Lu}\d&]/u.test(word));
  if (!(isAllCaps(trimmed) || text.trim().endsWith(':') || titled)) return null;
  return isAllCaps(trimmed) ? titleCase(trimmed) : trimmed;
}

function normalizeLine(line: string): string {
  return line
    .replace(/[\u200b-\u200f\u2060\ufeff]/g, '')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s[·•|]\s|\s[·•|]$|^[·•]\s/g, '   ')
    .replace(PHONE, (phone) => ' '.repeat(phone.length))
    .replace(/\s+$/, '');
}

// -------------------------------------------------------------------------------------- services

interface Group {
  texts: string[];
  notes: string[];
  prices: PriceToken[];
  durations: (number | null)[];
  free: string | null;
}

const newGroup = (): Group => ({ texts: [], notes: [], prices: [], durations: [], free: null });
const priced = (group: Group) => group.prices.length > 0 || group.free !== null;

function groupTokens(tokens: Token[]): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  for (const token of tokens) {
    if (token.type === 'gap') continue;
    if (token.type === 'text') {
      if (letters(token.text) < 1) continue;
      if (current && priced(current)) {
        if (looksLikeNote(token.text)) {
          current.notes.push(token.text);
          continue;
        }
        groups.push(current);
        current = newGroup();
        current.texts.push(token.text);
      } else if (current && (current.durations.length > 0 || current.prices.length > 0)) {
        current.notes.push(token.text);
      } else {
        current ??= newGroup();
        current.texts.push(token.text);
      }
      continue;
    }
    current ??= newGroup();
    if (token.type === 'price') current.prices.push(token);
    else if (token.type === 'duration') current.durations.push(token.minutes);
    else current.free = token.raw;
  }
  if (current) groups.push(current);
  return groups;
}

const euro = (value: number) => `€${Number.isInteger(value) ? value : value.toFixed(2)}`;

function pricesOf(group: Group, notes: string[]): Pick<ParsedService, 'price' | 'price_min' | 'price_max' | 'isRange'> {
  const none = { price: null, price_min: null, price_max: null, isRange: false };
  if (group.prices.length === 0) return none;
  for (const token of group.prices) {
    for (const value of [token.low, token.high]) {
      if (value !== null && !Number.isInteger(value)) {
        notes.push(`Listed as ${group.prices.map((each) => each.raw.replace(/^(\d)/, '€$1').replace(/\s?(?:eur(?:os?)?|€)$/i, '')).join(', ')}`);
        break;
      }
    }
    if (notes.some((note) => note.startsWith('Listed as'))) break;
  }
  const round = (value: number | null) => {
    if (value === null) return null;
    const rounded = Math.round(value);
    return rounded > 0 && rounded <= 100_000 ? rounded : null;
  };
  if (group.prices.length === 1) {
    const [token] = group.prices as [PriceToken];
    if (token.kind === 'single') {
      const price = round(token.low);
      return price === null ? none : { ...none, price };
    }
    const low = round(token.low);
    const high = round(token.high);
    if (low === null && high === null) return none;
    if (token.kind === 'range' && low !== null && low === high) return { ...none, price: low };
    return { price: null, price_min: low, price_max: high, isRange: true };
  }
  // Several prices for one name (sizes or lengths): the span from the lowest to the highest.
  const lows = group.prices.map((token) => round(token.low ?? token.high)).filter((value): value is number => value !== null);
  const open = group.prices.some((token) => token.kind === 'from');
  const highs = group.prices.map((token) => round(token.high ?? token.low)).filter((value): value is number => value !== null);
  if (lows.length === 0) return none;
  const low = Math.min(...lows);
  // A token whose high end is out of bounds gives no high, so the span's top never drops below its bottom.
  const high = open ? null : Math.max(low, ...highs);
  if (!notes.some((note) => note.startsWith('Listed as'))) {
    notes.push(group.prices.map((token) => (token.kind === 'from' ? `from ${euro(token.low!)}` : token.kind === 'range' ? `${euro(token.low!)}–${euro(token.high!)}` : euro(token.low ?? token.high!))).join(' / '));
  }
  if (high !== null && low === high) return { ...none, price: low };
  return { price: null, price_min: low, price_max: high, isRange: true };
}

function serviceOf(group: Group, heading: string | null): ParsedService | null {
  if (!priced(group)) return null;
  const { name, notes } = cleanName(group.texts.join(' '));
  if (!plausibleName(name)) return null;
  const comment: string[] = [];
  if (heading && GENERIC_NAME.test(name)) comment.push(heading);
  comment.push(...notes);
  for (const note of group.notes) {
    const cleaned = note
      .replace(/^[\s(\[*+,;:–-]+|[\s)\],;:–-]+$/g, '')
      .replace(/^(?:approx(?:imately)?\.?|about|around|ca\.?)(?:\s+|$)/i, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (letters(cleaned) >= 2) comment.push(cleaned);
  }
  const prices = pricesOf(group, comment);
  if (group.free) comment.push(group.free.charAt(0).toUpperCase() + group.free.slice(1).toLowerCase());
  const duration = group.durations.find((minutes): minutes is number => minutes !== null) ?? 0;
  if (prices.price === null && !prices.isRange && !group.free) return null;
  return { name: name.slice(0, 120), duration, ...prices, comment: [...new Set(comment)].join('; ').slice(0, 300) };
}

export function parsePriceList(text: string, options: ParseOptions = {}): ParsedService[] {
  const maxServices = options.maxServices ?? PRICE_LIST_LIMITS.maxServices;
  const source = text.slice(0, PRICE_LIST_LIMITS.maxTextChars).replace(/\r\n?/g, '\n');
  const euroMode = (source.match(EURO_MARKED)?.length ?? 0) >= 2;
  const services: ParsedService[] = [];
  const seen = new Set<string>();
  let heading: string | null = null;
  /** A line with a name but no price yet: its price may stand alone on the next line. */
  let carry: { group: Group; heading: string | null; previousHeading: string | null } | null = null;
  let lastLineServices: ParsedService[] = [];

  const add = (service: ParsedService) => {
    const key = JSON.stringify([service.name.toLowerCase(), service.price, service.price_min, service.price_max, service.duration, service.comment]);
    if (seen.has(key) || services.length >= maxServices) return;
    seen.add(key);
    services.push(service);
    lastLineServices.push(service);
  };

  for (const rawLine of source.split('\n')) {
    const line = normalizeLine(rawLine.length > MAX_LINE_CHARS ? rawLine.slice(0, MAX_LINE_CHARS) : rawLine);
    const trimmed = line.trim();
    if (!trimmed) {
      carry = null;
      continue;
    }
    const unbulleted = trimmed.replace(/^[•·*>\-–—\s]+/, '');
    if (NOISE_LINE.test(unbulleted) || DAY_LINE.test(unbulleted) || CONTACT.test(trimmed)) {
      carry = null;
      lastLineServices = [];
      continue;
    }
    if (/^[([].*[)\]]$/.test(trimmed) && lastLineServices.length > 0) {
      // "(Includes wash and finish)" under a service: a note on it.
      const last = lastLineServices.at(-1)!;
      const note = trimmed.slice(1, -1).replace(/\s+/g, ' ').trim();
      if (letters(note) >= 2 && note.length <= 120) last.comment = [last.comment, note].filter(Boolean).join('; ').slice(0, 300);
      carry = null;
      continue;
    }
    const tokens = tokenize(trimmed, euroMode);
    const hasValues = tokens.some((token) => token.type === 'price' || token.type === 'duration' || token.type === 'free');
    if (!hasValues) {
      const plain = tokens.map((token) => (token.type === 'text' ? token.text : '  ')).join('').trim();
      if (isTableHeader(plain)) {
        carry = null;
        continue;
      }
      if (looksLikeNote(plain) && !/^[*†]/.test(plain) && lastLineServices.length > 0) {
        const last = lastLineServices.at(-1)!;
        const note = plain.replace(/^[(\[*+\s]+|[)\]\s.]+$/g, '').replace(/\s+/g, ' ');
        if (letters(note) >= 2 && note.length <= 120) last.comment = [last.comment, note].filter(Boolean).join('; ').slice(0, 300);
        carry = null;
        continue;
      }
      const previousHeading = heading;
      const found = headingOf(plain);
      if (found) heading = found;
      const group = newGroup();
      group.texts.push(plain);
      carry = { group, heading: found, previousHeading };
      lastLineServices = [];
      continue;
    }
    const groups = groupTokens(tokens);
    const first = groups[0];
    if (first && first.texts.length === 0 && carry) {
      // "Full Head Highlights" / "€95": the line above names this price.
      first.texts.push(...carry.group.texts);
      first.durations.unshift(...carry.group.durations);
      if (carry.heading) heading = carry.previousHeading;
    }
    carry = null;
    lastLineServices = [];
    groups.forEach((group, index) => {
      const service = serviceOf(group, heading);
      if (service) add(service);
      else if (index === groups.length - 1 && group.texts.length > 0 && !priced(group)) {
        carry = { group, heading: null, previousHeading: heading };
      }
    });
  }
  return services;
}
