import { createHash, randomBytes } from 'node:crypto';
import { toolSay } from '../../contracts/agent-tools.js';
import type { Service, Stylist } from '../../contracts/setup.js';
import { toE164 } from '../../contracts/phone.js';
import type { Ports } from '../ports.js';
import type { Salon } from '../salon-profile.js';
import type { StoredSetup } from '../ports/setup-store.js';
import { ToolError } from './errors.js';
import { speakList } from './speak.js';

/**
 * What the booking core needs from the composition root (tests hand in their own). Payments,
 * billing and the site's address are needed only for deposits: without them a service's deposit
 * is not taken (deposit.ts); without the calendar mirrors every busy time is asked of the calendar live.
 */
/** What deposits need (deposit.ts, deposit-session.ts): Stripe, the salon's payment account, the site's address. */
export interface DepositDeps extends Pick<Ports, 'config'> {
  payments: Pick<Ports['payments'], 'createDepositCheckout' | 'expireDepositCheckout' | 'refundDeposit'>;
  subscriptions: Pick<Ports['subscriptions'], 'getPaymentAccount'>;
}

export type BookingDeps = Pick<Ports, 'salons' | 'setup' | 'googleStore' | 'calendar' | 'tokenCipher' | 'events' | 'bookings' | 'now'> &
  Partial<DepositDeps> &
  Partial<Pick<Ports, 'calendarMirrors'>>;

/** The salon as a tool call sees it: its profile and what the wizard saved. */
export interface SalonContext {
  salon: Salon;
  setup: StoredSetup;
}

/**
 * How long a warm instance reuses a salon's profile and setup (its services, stylists, hours and
 * calendar mappings). A conversation makes several tool calls a minute, each would otherwise read
 * them again. A few seconds is safe: an owner's edit reaches the agent within CONTEXT_TTL_MS (a
 * calendar mapping at once: the booking tools read it with the days, withMappingsRead), and
 * bookings never depend on it being fresh (the conditional write on the day item refuses a double
 * booking whatever the cache says; a stylist or service removed meanwhile is at worst booked as
 * the owner had it a few seconds before). Expiry follows the injected clock (`deps.now`).
 */
export const CONTEXT_TTL_MS = 5_000;
const contexts = new WeakMap<object, Map<string, { until: number; value: Promise<SalonContext> }>>();

export function loadSalonContext(deps: Pick<BookingDeps, 'salons' | 'setup'> & Partial<Pick<BookingDeps, 'now'>>, salonId: string): Promise<SalonContext> {
  const now = deps.now ? deps.now().getTime() : Date.now();
  let cache = contexts.get(deps.setup);
  if (!cache) contexts.set(deps.setup, (cache = new Map()));
  const hit = cache.get(salonId);
  if (hit && hit.until > now && hit.until - CONTEXT_TTL_MS <= now) return hit.value;
  const value = (async () => {
    const [salon, setup] = await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]);
    if (!salon) throw new ToolError('not_signed_in', 'unauthorized', toolSay.unauthorized, 'The salon of this agent secret no longer exists');
    return { salon, setup };
  })();
  cache.set(salonId, { until: now + CONTEXT_TTL_MS, value });
  value.catch(() => cache.delete(salonId));
  if (cache.size > 500) for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
  return value;
}

/**
 * The context with the calendar mappings of `stylistIds` as just read (with the booking's days):
 * a mapping the owner changed a moment ago counts at once, though the rest of the context may be
 * a few seconds old (CONTEXT_TTL_MS). The same context when nothing changed.
 */
export function withMappingsRead(context: SalonContext, stylistIds: readonly string[], read: Record<string, string>): SalonContext {
  if (stylistIds.every((stylistId) => context.setup.mappings[stylistId] === read[stylistId])) return context;
  const mappings = Object.fromEntries(Object.entries(context.setup.mappings).filter(([stylistId]) => !stylistIds.includes(stylistId)));
  for (const stylistId of stylistIds) if (read[stylistId]) mappings[stylistId] = read[stylistId];
  return { ...context, setup: { ...context.setup, mappings } };
}

/** Names as people say them: accents, case, punctuation and "&" do not matter. */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ANY_STYLIST = new Set([
  'any',
  'anyone',
  'any one',
  'anybody',
  'any stylist',
  'no preference',
  'whoever',
  'either',
  'doesn t matter',
  'does not matter',
  'first available',
  'whoever is free',
]);

const FILLER = new Set(['a', 'an', 'the', 'and', 'with', 'for', 'please', 'my', 'just', 'some', 'of', 'appointment', 'booking']);

/** A service or stylist by id, exact name, or the one name that contains every word said. */
function resolve<T extends { id: string; name: string }>(items: readonly T[], reference: string): { found: T } | { ambiguous: T[] } | null {
  const byId = items.find((item) => item.id === reference);
  if (byId) return { found: byId };
  const wanted = normaliseName(reference);
  if (!wanted) return null;
  const exact = items.filter((item) => normaliseName(item.name) === wanted);
  if (exact.length === 1) return { found: exact[0]! };
  // Every word said (filler words aside) must start a word of the name: "balayage", "a cut",
  // "blow dry". Words of one or two letters must match a whole word.
  const words = wanted.split(' ').filter((word) => !FILLER.has(word));
  if (words.length === 0) return null;
  const partial = items.filter((item) => {
    const name = normaliseName(item.name).split(' ');
    return words.every((word) => name.some((part) => (word.length >= 3 ? part.startsWith(word) : part === word)));
  });
  if (partial.length === 1) return { found: partial[0]! };
  if (partial.length > 1) return { ambiguous: partial };
  return null;
}

export function resolveService(context: SalonContext, reference: string): Service {
  const { services } = context.setup;
  if (services.length === 0) throw new ToolError('conflict', 'not_ready', toolSay.notReady, 'The salon has no services yet');
  const result = resolve(services, reference);
  if (result && 'found' in result) return result.found;
  if (result) {
    const names = result.ambiguous.slice(0, 4).map((service) => service.name);
    throw new ToolError('invalid', 'ambiguous_service', `Did you mean ${speakList(names, 'or')}?`, 'More than one service matches', { options: names });
  }
  const names = services.slice(0, 6).map((service) => service.name);
  throw new ToolError(
    'not_found',
    'unknown_service',
    `${toolSay.unknownService} We do ${speakList(names, 'and')}${services.length > 6 ? ', and more' : ''}.`,
    'No such service in this salon',
    {
      options: names,
    },
  );
}

/** A named stylist, or null when the caller has no preference ("anyone"). */
export function resolveStylist(context: SalonContext, reference: string | undefined): Stylist | null {
  if (reference === undefined || ANY_STYLIST.has(normaliseName(reference))) return null;
  const { stylists } = context.setup;
  const result = resolve(stylists, reference);
  if (result && 'found' in result) return result.found;
  const names = (result ? result.ambiguous : stylists).slice(0, 6).map((stylist) => stylist.name);
  if (result)
    throw new ToolError('invalid', 'ambiguous_stylist', `Did you mean ${speakList(names, 'or')}?`, 'More than one stylist matches', { options: names });
  throw new ToolError(
    'not_found',
    'unknown_stylist',
    names.length ? `${toolSay.unknownStylist} Our stylists are ${speakList(names)}.` : toolSay.unknownStylist,
    'No such stylist in this salon',
    {
      options: names,
    },
  );
}

export function requirePhone(value: string): string {
  const e164 = toE164(value);
  if (!e164) throw new ToolError('invalid', 'bad_phone', toolSay.badPhone, 'callerPhone is not a valid phone number');
  return e164;
}

/** The caller's phone as a key (no phone numbers in keys). */
export function phoneKey(salonId: string, e164: string): string {
  return createHash('sha256').update(`${salonId}:${e164}`).digest('base64url').slice(0, 32);
}

/** `bk_` and 20 base32hex characters (0-9, a-v): 100 random bits. */
export function newBookingId(): string {
  const bits = BigInt(`0x${randomBytes(13).toString('hex')}`);
  return `bk_${bits.toString(32).padStart(21, '0').slice(-20)}`;
}

/** Google wants client-chosen event ids in base32hex, 5–1024 long: the booking id serves as it is. */
export function calendarEventIdFor(bookingId: string): string {
  return bookingId.replace(/^bk_/, 'bk');
}

export function requestHash(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
