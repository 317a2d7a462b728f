import * as z from 'zod';
import type { Dependencies } from '../composition-root.js';
import { toE164 } from '../contracts/phone.js';
import { quarantineNumber, releaseSalonNumber } from '../core/numbers/release-number.js';
import { serveWaitingSalons } from '../core/numbers/give-number.js';
import { numberWebhooks, stockNumbers } from '../core/numbers/stock-numbers.js';
import { logger } from '../logger.js';

/**
 * The stage's numbers, as operators and support manage them (docs/operations.md): stock the pool
 * (Irish numbers bought with the account's regulatory bundle, or numbers it already owns),
 * assign one to a salon by hand for special cases, list them all, release a salon's number (30
 * days in quarantine, then back to the pool), hold a number out of use or free it again, and give
 * one back to Twilio. Salons normally get their number from the pool the moment setup is done.
 */
const salonId = z.string().regex(/^sal_[\w-]{10,40}$/, 'salonId looks wrong');
const phoneNumber = z.string().min(1);

export const assignNumberRequest = z.strictObject({ action: z.literal('assign-number'), salonId, phoneNumber });
export const listNumbersRequest = z.strictObject({ action: z.literal('list-numbers') });
export const releaseNumberRequest = z.strictObject({ action: z.literal('release-number'), salonId });
export const stockNumbersRequest = z.strictObject({
  action: z.literal('stock-numbers'),
  count: z.number().int().min(1).max(50),
  areaCode: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
});
export const addNumberRequest = z.strictObject({ action: z.literal('add-number'), phoneNumber });
export const quarantineNumberRequest = z.strictObject({
  action: z.literal('quarantine-number'),
  phoneNumber,
  days: z.number().int().min(1).max(365).optional(),
});
export const freeNumberRequest = z.strictObject({ action: z.literal('free-number'), phoneNumber });
export const retireNumberRequest = z.strictObject({ action: z.literal('retire-number'), phoneNumber });
export const poolStatusRequest = z.strictObject({ action: z.literal('pool-status') });

export type NumbersDeps = Pick<Dependencies, 'salons' | 'numbers' | 'setup' | 'telephony' | 'config' | 'events' | 'now'>;

type Refusal = { ok: false; error: string };
export type AssignResult = { ok: true; salonId: string; phoneNumber: string; voiceUrl?: string; replaced?: string } | Refusal;
export type ListResult = {
  ok: true;
  numbers: {
    phoneNumber: string;
    state: string;
    salonId: string | null;
    salonName: string | null;
    live: boolean;
    until: string | null;
    formerSalon: string | null;
  }[];
};
export type ReleaseResult = { ok: true; salonId: string; released: string; quarantinedUntil: string } | Refusal;
export type StockResult = { ok: true; bought: string[]; served: { salonId: string; number: string }[]; pool: { free: number; quarantined: number } } | Refusal;
export type NumberChangeResult = { ok: true; phoneNumber: string; state: string } | Refusal;
export type PoolStatusResult = { ok: true; free: number; quarantined: number; low: boolean; waiting: { salonId: string; since: string }[] };

const e164Of = (input: string) => toE164(input);
const refuse = (error: string): Refusal => ({ ok: false, error });

/** Points a number this account owns at the stage (a real Twilio account only); a refusal when it cannot. */
async function pointAtStage(deps: NumbersDeps, number: string): Promise<Refusal | { voiceUrl?: string }> {
  if ((await deps.telephony.provider()) !== 'twilio') return {};
  const webhooks = numberWebhooks(deps.config.SITE_URL);
  try {
    if (!(await deps.telephony.pointNumberAt(number, webhooks))) return refuse(`${number} is not a number of this Twilio account`);
  } catch (error) {
    return refuse(`Could not point ${number} at ${webhooks.voiceUrl}: ${(error as Error).message}`);
  }
  return { voiceUrl: webhooks.voiceUrl };
}

/** Support's assignment by hand: the number becomes the salon's, and a number it held before goes into quarantine. */
export async function assignNumber(deps: NumbersDeps, request: z.infer<typeof assignNumberRequest>): Promise<AssignResult> {
  const number = e164Of(request.phoneNumber);
  if (!number) return refuse('phoneNumber is not a valid phone number');
  const salon = await deps.salons.get(request.salonId, true);
  if (!salon) return refuse(`No salon ${request.salonId}`);
  // Pointed before it is assigned: a number this account does not own is never given to a salon.
  const pointed = await pointAtStage(deps, number);
  if ('ok' in pointed) return pointed;
  if (!(await deps.numbers.assign(number, request.salonId, deps.now()))) {
    const record = await deps.numbers.get(number);
    return refuse(
      record?.state === 'quarantined'
        ? `${number} is in quarantine${record.until ? ` until ${record.until}` : ''}`
        : `${number} is already assigned to another salon`,
    );
  }
  const set = await deps.salons.setAssignedNumber(request.salonId, number);
  if (!set) {
    await deps.numbers.giveBack(number, request.salonId, deps.now().toISOString());
    return refuse(`No salon ${request.salonId}`);
  }
  if (set.replaced) await quarantineNumber(deps, salon, await deps.setup.load(salon.id), set.replaced);
  if (salon.numberWaitingSince) await deps.numbers.stopWaiting(salon.id, salon.numberWaitingSince);
  // The number is assigned: a bus failure costs only the owner's email, which support can resend by assigning again.
  await deps.events
    .publish('salon.number-assigned', { salonId: request.salonId, phoneNumber: number, assignedAt: deps.now().toISOString() })
    .catch((error: unknown) => logger.error('number-assigned event not published', { salonId: request.salonId, name: (error as Error)?.name }));
  return { ok: true, salonId: request.salonId, phoneNumber: number, ...pointed, ...(set.replaced ? { replaced: set.replaced } : {}) };
}

export async function listNumbers(deps: NumbersDeps): Promise<ListResult> {
  const numbers = await deps.numbers.list();
  const salons = await Promise.all(numbers.map((number) => (number.salonId ? deps.salons.get(number.salonId) : null)));
  return {
    ok: true,
    numbers: numbers.map((number, index) => ({
      phoneNumber: number.phoneNumber,
      state: number.state,
      salonId: number.salonId,
      salonName: salons[index]?.name ?? null,
      live: Boolean(salons[index]?.liveAt),
      until: number.until,
      formerSalon: number.former?.name ?? null,
    })),
  };
}

/** The salon's number leaves it: 30 days in quarantine (its callers told whose it was), then back to the pool. */
export async function releaseNumber(deps: NumbersDeps, request: z.infer<typeof releaseNumberRequest>): Promise<ReleaseResult> {
  const salon = await deps.salons.get(request.salonId, true);
  if (!salon) return refuse(`No salon ${request.salonId}`);
  const released = await releaseSalonNumber(deps, salon, await deps.setup.load(salon.id));
  if (!released) return refuse(`Salon ${request.salonId} has no number`);
  return { ok: true, salonId: request.salonId, released, quarantinedUntil: (await deps.numbers.get(released))?.until ?? '' };
}

export async function stockPool(deps: NumbersDeps, request: z.infer<typeof stockNumbersRequest>): Promise<StockResult> {
  try {
    const stocked = await stockNumbers(deps, { count: request.count, ...(request.areaCode ? { areaCode: request.areaCode } : {}) });
    return { ok: true, ...stocked, pool: await deps.numbers.level(deps.now()) };
  } catch (error) {
    return refuse((error as Error).message);
  }
}

/** A number the account already owns joins the pool (pointed at the stage first). */
export async function addNumber(deps: NumbersDeps, request: z.infer<typeof addNumberRequest>): Promise<NumberChangeResult> {
  const number = e164Of(request.phoneNumber);
  if (!number) return refuse('phoneNumber is not a valid phone number');
  const pointed = await pointAtStage(deps, number);
  if ('ok' in pointed) return pointed;
  if (!(await deps.numbers.stock(number, deps.now().toISOString()))) return refuse(`${number} is already known: list-numbers shows its state`);
  await serveWaitingSalons(deps);
  return { ok: true, phoneNumber: number, state: (await deps.numbers.get(number))?.state ?? 'free' };
}

/** Holds a free number out of use (a number with a bad history, say), for `days` or until freed. */
export async function holdNumber(deps: NumbersDeps, request: z.infer<typeof quarantineNumberRequest>): Promise<NumberChangeResult> {
  const number = e164Of(request.phoneNumber);
  if (!number) return refuse('phoneNumber is not a valid phone number');
  const now = deps.now();
  const until = request.days ? new Date(now.getTime() + request.days * 24 * 60 * 60 * 1000).toISOString() : null;
  if (!(await deps.numbers.quarantine(number, { at: now.toISOString(), until, former: null })))
    return refuse(`${number} is not a free or quarantined number of the pool`);
  return { ok: true, phoneNumber: number, state: 'quarantined' };
}

export async function freeNumber(deps: NumbersDeps, request: z.infer<typeof freeNumberRequest>): Promise<NumberChangeResult> {
  const number = e164Of(request.phoneNumber);
  if (!number) return refuse('phoneNumber is not a valid phone number');
  if (!(await deps.numbers.free(number, deps.now().toISOString()))) return refuse(`${number} is not in quarantine`);
  await serveWaitingSalons(deps);
  return { ok: true, phoneNumber: number, state: (await deps.numbers.get(number))?.state ?? 'free' };
}

/** Gives a number no salon holds back to Twilio, and forgets it. */
export async function retireNumber(deps: NumbersDeps, request: z.infer<typeof retireNumberRequest>): Promise<NumberChangeResult> {
  const number = e164Of(request.phoneNumber);
  if (!number) return refuse('phoneNumber is not a valid phone number');
  const record = await deps.numbers.get(number);
  if (!record) return refuse(`${number} is not a number of the pool`);
  if (record.state === 'assigned') return refuse(`${number} belongs to salon ${record.salonId}: release it first`);
  try {
    if (!(await deps.telephony.releaseNumber(number))) logger.warn('retired number was not on the Twilio account', {});
  } catch (error) {
    return refuse(`Twilio did not release ${number}: ${(error as Error).message}`);
  }
  await deps.numbers.forget(number);
  return { ok: true, phoneNumber: number, state: 'retired' };
}

export async function poolStatus(deps: NumbersDeps): Promise<PoolStatusResult> {
  const [level, waiting] = await Promise.all([deps.numbers.level(deps.now()), deps.numbers.waiting(100)]);
  return { ok: true, ...level, low: level.free < deps.config.NUMBER_POOL_LOW, waiting };
}
