import type { ExtractedServiceDraft } from '../../../contracts/price-list.js';
import { cleanName, isGenericName, letters, looksLikeNote, plausibleName } from './names.js';
import type { PriceToken, Token } from './tokens.js';

/**
 * A line's tokens → services: which text names which values, and how a name's prices become
 * the whole-euro price, range and comment the wizard takes. This is where the pricing decisions
 * of parse-price-list.ts are carried out.
 */

const FREE = /^(?:free(?: of charge)?|complimentary|f\.?o\.?c\.?)$/i;

export interface Group {
  texts: string[];
  notes: string[];
  prices: PriceToken[];
  durations: (number | null)[];
  free: string | null;
}

export const newGroup = (): Group => ({ texts: [], notes: [], prices: [], durations: [], free: null });
export const priced = (group: Group) => group.prices.length > 0 || group.free !== null;

export function groupTokens(tokens: Token[]): Group[] {
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

function pricesOf(group: Group, notes: string[]): Pick<ExtractedServiceDraft, 'price' | 'price_min' | 'price_max' | 'isRange'> {
  const none = { price: null, price_min: null, price_max: null, isRange: false };
  if (group.prices.length === 0) return none;
  // To the cent, as listed: the product keeps prices in cents, so €24.50 stays €24.50 (issue 45).
  const round = (value: number | null) => {
    if (value === null) return null;
    const cents = Math.round(value * 100);
    return cents > 0 && cents <= 10_000_000 ? cents / 100 : null;
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
  notes.push(
    group.prices
      .map((token) =>
        token.kind === 'from'
          ? `from ${euro(token.low!)}`
          : token.kind === 'range'
            ? `${euro(token.low!)}–${euro(token.high!)}`
            : euro(token.low ?? token.high!),
      )
      .join(' / '),
  );
  if (high !== null && low === high) return { ...none, price: low };
  return { price: null, price_min: low, price_max: high, isRange: true };
}

export function serviceOf(group: Group, heading: string | null): ExtractedServiceDraft | null {
  if (!priced(group)) return null;
  const { name, notes } = cleanName(group.texts.join(' '));
  if (!plausibleName(name)) return null;
  const comment: string[] = [];
  if (heading && isGenericName(name)) comment.push(heading);
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
  // A price the salon gives on the day ("POA", "on consultation", "on request"), not a free service.
  const consultation = prices.price === null && !prices.isRange && group.free !== null && !FREE.test(group.free);
  return { name: name.slice(0, 120), duration, ...prices, ...(consultation ? { consultation } : {}), comment: [...new Set(comment)].join('; ').slice(0, 300) };
}
