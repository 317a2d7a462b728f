import { PRICE_LIST_LIMITS, type ExtractedServiceDraft } from '../../contracts/price-list.js';
import { headingOf, holdsPhoneNumber, isNoiseLine, isNoteLine, isTableHeader, letters, looksLikeNote, normalizeLine } from './parse/names.js';
import { groupTokens, newGroup, priced, serviceOf, type Group } from './parse/services.js';
import { marksPricesWithEuro, tokenize } from './parse/tokens.js';

/**
 * The rule parser: the text of an Irish salon price list → services.
 *
 * Each line is read as a run of tokens — prices, durations, "free"/"price on consultation"
 * markers, wide gaps — with plain text between them. A service is text (its name) followed by
 * its values; text that comes after a priced service starts the next one, so multi-column lines
 * ("Wash & Blow Dry €30   Cut & Finish €45") give one service per column.
 *
 * Decisions (the wizard takes euro and cent, the store keeps cents):
 * - Amounts: €45, 45, 45.00, €45.50, 45€, 45 euro, €1,200. Cents are kept as listed: €24.50 is
 *   24.5 euros (2450 cents), never rounded to €25.
 * - Ranges €120–€180, 120-180, €120 to €180 → isRange with price_min/price_max; 'from €60',
 *   '€60+', 'starting at €60' → isRange with price_min only; 'up to €80' → price_max only.
 *   Several separate prices for one name (short/medium/long columns) → a range from the lowest
 *   to the highest, the prices listed in the comment.
 * - Bare numbers are prices only when the document does not mark its prices with € (or they
 *   carry cents, 45.00), and then only where a price stands: not in brackets, not before a
 *   unit or a lower-case word, not a year or a count ("No.3", "under 12").
 * - An amount in a bracketed note ("Student Cut (€5 off with ID) €20") is the note's, not a
 *   second price, when the line has a price of its own; a bracket of a price's words alone
 *   ("(from €65)") is the price.
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
 *
 * The stages: parse/tokens.ts reads a line's values, parse/services.ts turns them into
 * services, parse/names.ts judges the words; this file walks the lines and carries what one
 * line leaves to the next (a heading, a name waiting for its price, a note on the last service).
 */
export type ParsedService = ExtractedServiceDraft;

export interface ParseOptions {
  maxServices?: number;
}

/** No price list has lines this long; longer ones are cut (and cannot slow the parser down). */
const MAX_LINE_CHARS = 1_000;

export function parsePriceList(text: string, options: ParseOptions = {}): ParsedService[] {
  const maxServices = options.maxServices ?? PRICE_LIST_LIMITS.maxServices;
  const source = text.slice(0, PRICE_LIST_LIMITS.maxTextChars).replace(/\r\n?/g, '\n');
  const euroMode = marksPricesWithEuro(source);
  const services: ParsedService[] = [];
  const seen = new Set<string>();
  let heading: string | null = null;
  /** A line with a name but no price yet: its price may stand alone on the next line. */
  let carry: { group: Group; heading: string | null; previousHeading: string | null } | null = null;
  let lastLineServices: ParsedService[] = [];
  /** A blank line since the last service: a note below it is the list's, not that service's. */
  let afterBlank = false;
  const noteOn = (service: ParsedService, note: string) => {
    service.comment = [service.comment, note].filter(Boolean).join('; ').slice(0, 300);
  };

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
      afterBlank = true;
      continue;
    }
    const noteMayJoin = !afterBlank;
    afterBlank = false;
    if (isNoiseLine(trimmed) || holdsPhoneNumber(rawLine)) {
      carry = null;
      lastLineServices = [];
      continue;
    }
    if (isNoteLine(trimmed)) {
      // A note, priced or not ("Senior Stylist prices +€5"), is never a service: right under one it is that service's comment.
      const note = trimmed.replace(/^[(\[*•·\-–\s]+|[)\]\s.]+$/g, '').replace(/\s+/g, ' ');
      const last = noteMayJoin ? lastLineServices.at(-1) : undefined;
      if (last && letters(note) >= 2 && note.length <= 120) noteOn(last, note);
      else lastLineServices = [];
      carry = null;
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
      const plain = tokens
        .map((token) => (token.type === 'text' ? token.text : '  '))
        .join('')
        .trim();
      if (isTableHeader(plain)) {
        carry = null;
        continue;
      }
      if (looksLikeNote(plain) && !/^[*†]/.test(plain) && lastLineServices.length > 0) {
        const last = lastLineServices.at(-1)!;
        const note = plain.replace(/^[(\[*+\s]+|[)\]\s.]+$/g, '').replace(/\s+/g, ' ');
        if (letters(note) >= 2 && note.length <= 120) noteOn(last, note);
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
