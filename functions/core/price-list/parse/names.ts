/**
 * What the words of a price list are, apart from its numbers: a service name (and how to tidy
 * it), a section heading, a note on the service above, a table header, or a line that gives no
 * service at all (contact details, opening hours, terms). The word lists that decide it live
 * here, so a new kind of heading or noise line is added in one place.
 */

/** An Irish phone number however its digits are grouped ("066 712 3456", "01 234 5678", "074 76 1247", "+353 66 712 3456"). */
const PHONE = /(?:\+353[\s-]?\(?0?\)?|\b0)\d{1,3}\)?[\s-]?\d{2,4}[\s-]?\d{3,4}\b/g;
/** A phone number's last groups, its middle one read as a price ("074 €2 8842", "U0 «7 46735"): no price is followed by four digits. */
const PHONE_TAIL = /[€£«]\d{1,2}\s+\d{4,5}\s*$/;
const NOISE_LINE =
  /^(?:tel|telephone|phone|ph|mob|mobile|call|text|whatsapp|email|e-mail|web|website|www|https?|address|eircode|open|opening|hours|follow|like us|find us|visit|book|booking|bookings|instagram|facebook|tiktok|twitter|gift vouchers?|vouchers?|all prices|prices (?:are|may|subject|include|quoted|vary)|price list|terms|t&cs?|cancellation|deposit|deposits|note|notes|please|vat|walk-ins?|payment|we accept|cash)\b/i;
const DAY_LINE = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\b/i;
const CONTACT = /\S+@\S+\.\S+|www\.|https?:\/\/|\.(?:ie|com|net|org)\b/i;
/**
 * A street and a county ("41 Castle Street, Tralee, Co. Kerry") or a town ("11 Market Square,
 * Athlone, Tc. Wesuneath"), or a county after a comma or a full stop whatever OCR made of the
 * rest ("4 Castle Served. Portlaoise, Co. aoe", "57 Bride Sweet, Traits. Co. Kerry", "Enis, Co,
 * Clare", "Tralee, Co. le.ty"): an address, whatever digits follow it.
 */
const ADDRESS =
  /\b(?:street|st|road|rd|square|sq|quay|lane|avenue|ave|terrace|place|parade|row|mall)\b\.?,(?:.*\bco\.?\s+\p{Lu}|\s*\p{Lu}\p{Ll}+,)|[,.]\s*co(?:[.,]\s*\p{L}{2}|\s+\p{L}{3})/iu;
const NOT_A_SERVICE_NAME = /\b(?:deposit|cancellation|cancel|vouchers?|discount|off\b|booking fee|terms|subject to|opening|phone|tel)\b/i;
/** A table header's words that name a column, never a service… */
const COLUMN_WORDS = new Set([
  'service',
  'services',
  'time',
  'times',
  'duration',
  'length',
  'price',
  'prices',
  'cost',
  'costs',
  'mins',
  'minutes',
  'description',
  'item',
  'items',
  'euro',
  'rate',
  'rates',
  'name',
]);
/** …and all its words, some of which may also name a service ("Treatment" under a heading). */
const TABLE_HEADER_WORDS = new Set([...COLUMN_WORDS, 'treatment', 'treatments', 'from', 'approx', 'approx.', '€']);
const DOCUMENT_TITLE = /^(?:our\s+)?(?:(?:services|treatments)\s*(?:&|and)\s*)?(?:price\s*list|prices|price\s*menu|menu|tariffs?|services)(?:\s+\d{4})?$/i;
const GENERIC_NAME =
  /^(?:full|half|quarter|partial|t[- ]?section|t[- ]?bar|short|medium|mid[- ]?length|long|extra[- ]long|shoulder[- ]length|regrowth|re-growth|roots?|top up|refresh|add[- ]on)(?:\s+(?:head|hair|length|lengths))?$/i;
const SMALL_WORDS = new Set(['and', 'of', 'the', 'with', 'for', 'on', 'in', 'a', 'an', 'to', 'by', 'or', 'at', 'per']);
const ACRONYMS = new Set(['OAP', 'UV', 'GHD', 'VIP', 'LED', 'CND', 'OPI', 'HD', 'IGK', 'DIY', 'XL']);

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
export const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/** Removes dot leaders and what OCR made of them, brackets, bullets and separators. */
export function cleanName(raw: string): { name: string; notes: string[] } {
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
    const inner = text
      .slice(open.index + 1)
      .replace(/[)\]]/g, '')
      .trim();
    if (letters(inner) >= 2) notes.push(inner);
    text = text.slice(0, open.index);
  }
  text = text
    .replace(/[)\]]/g, ' ')
    .replace(/^[\s•·*>#~=:|,;.\-–—]+/, '')
    // A quote mark that opens nothing ("“Beard Trim"): a speck OCR read as one.
    .replace(/^["“”]+(?=[^"“”]*$)/, '')
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
      .map((note) =>
        note
          .replace(/\s+/g, ' ')
          .replace(/\s*[-–—]\s*/g, '–')
          .replace(/^(?:approx(?:imately)?\.?|about|around|ca\.?)(?:\s+|$)/i, '')
          .trim(),
      )
      .filter((note) => letters(note) >= 2),
  };
}

export function plausibleName(name: string): boolean {
  if (letters(name) < 2 || name.length > 80) return false;
  if (name.split(' ').length > 10) return false;
  if (NOT_A_SERVICE_NAME.test(name)) return false;
  // "Service Time" given the first row's price: a table's header misread is no service. A word
  // that also names services ("Treatment" under a heading) is one.
  if (isTableHeader(name) && name.split(' ').some((word) => COLUMN_WORDS.has(word.toLowerCase()))) return false;
  // "Toner & Gloss €Q27w": a price OCR glued to the name's end; what is left is no name.
  if (/[€£]/.test(name)) return false;
  // "Hair treatments are €15 with any service." is a sentence, not a service.
  if (/\s(?:is|are|costs?|will be)$/i.test(name)) return false;
  // "Depasit of €20 required…" (a misread "Deposit"): a name never ends on a word that needs more.
  if (/\s(?:of|for|to|the|an?|on|by)$/i.test(name)) return false;
  // "& Gloss" (its "Toner" lost to OCR): nor starts on a word that joins it to another.
  if (/^(?:&|\+|and|with|or)(?:\s|$)/i.test(name)) return false;
  // OCR noise: long runs of letters with hardly a vowel.
  if (/[bcdfghjklmnpqrstvwxz]{6,}/i.test(name.replace(/\s/g, ''))) return false;
  return true;
}

/** "Full Head", "Short Hair", "T-Section": names that mean little without their heading. */
export const isGenericName = (name: string) => GENERIC_NAME.test(name);

/**
 * A salon's note rather than a service, whatever price it mentions (issue 46, point 6: "Patch test
 * required" and "Senior Stylist prices +€5" were imported as services): tests a service needs, a
 * surcharge added to other prices, terms that qualify the list.
 */
const NOTE_LINE =
  /^\W*(?:patch|skin|allergy|strand)[- ]tests?\b.*\b(?:required|needed|necessary|essential)\b|\bprices?\b[^€\d]*\+\s*€?\s*\d|^[^€\d]*\+\s*€\s*\d+(?:\.\d{2})?\s*$/i;

export const isNoteLine = (line: string) => NOTE_LINE.test(line);

export function looksLikeNote(text: string): boolean {
  const trimmed = text.trim();
  return /^[a-z(\[*+]/.test(trimmed) || /^(?:incl\.?|includes|including|with|plus|per)\b/i.test(trimmed);
}

/**
 * A line holding a phone number is contact details, whatever else OCR made of it ("22 Recipe
 * Sweet, Lsnerkanny, €2 Donegal · 074 76 1247": an address misread, its "Co." taken for a price).
 */
export const holdsPhoneNumber = (line: string) => new RegExp(PHONE.source).test(line) || PHONE_TAIL.test(line);

/** Phone numbers, opening hours, addresses, links, terms: lines that never hold a service. */
export function isNoiseLine(line: string): boolean {
  const unbulleted = line.replace(/^[•·*>\-–—\s]+/, '');
  return NOISE_LINE.test(unbulleted) || DAY_LINE.test(unbulleted) || CONTACT.test(line) || ADDRESS.test(line);
}

export function isTableHeader(text: string): boolean {
  const words = text
    .toLowerCase()
    .split(/[\s|/]+/)
    .filter(Boolean);
  return words.length > 0 && words.every((word) => TABLE_HEADER_WORDS.has(word.replace(/[:()]/g, '')));
}

export function headingOf(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ').replace(/:$/, '').trim();
  if (!trimmed || /\d/.test(trimmed) || /[,.!?;]$|,/.test(trimmed) || trimmed.length > 48) return null;
  if (DOCUMENT_TITLE.test(trimmed)) return null;
  const words = trimmed.split(' ').filter((word) => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 6) return null;
  const titled = words.every((word) => SMALL_WORDS.has(word.toLowerCase()) || /^[\p{Lu}\d&]/u.test(word));
  if (!(isAllCaps(trimmed) || text.trim().endsWith(':') || titled)) return null;
  return isAllCaps(trimmed) ? titleCase(trimmed) : trimmed;
}

/** Typographic variants made plain, and phone numbers blanked so their digits are never prices. */
export function normalizeLine(line: string): string {
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
