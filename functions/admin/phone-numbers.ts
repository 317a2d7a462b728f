import * as z from 'zod';
import type { Dependencies } from '../composition-root.js';
import { toE164 } from '../contracts/phone.js';
import { voiceWebhookUrl } from '../core/telephony/inbound-call.js';
import type { NumberWebhooks } from '../providers/telephony-port.js';
import { logger } from '../logger.js';

/**
 * Support's numbers (spec section 1: support staff assign each salon its inbound number): assign,
 * list, release. With a real Twilio account, assigning also points the number's voice webhook at
 * this stage and its status callback with it (through the site, as Twilio's signature is then
 * checked against it).
 */
const salonId = z.string().regex(/^sal_[\w-]{10,40}$/, 'salonId looks wrong');

export const assignNumberRequest = z.strictObject({ action: z.literal('assign-number'), salonId, phoneNumber: z.string().min(1) });
export const listNumbersRequest = z.strictObject({ action: z.literal('list-numbers') });
export const releaseNumberRequest = z.strictObject({ action: z.literal('release-number'), salonId });

export type NumbersDeps = Pick<Dependencies, 'salons' | 'telephony' | 'config' | 'events' | 'now'>;

export type AssignResult = { ok: true; salonId: string; phoneNumber: string; voiceUrl?: string } | { ok: false; error: string };
export type ListResult = { ok: true; numbers: { phoneNumber: string; salonId: string; salonName: string | null; live: boolean }[] };
export type ReleaseResult = { ok: true; salonId: string; released: string } | { ok: false; error: string };

/** Where Twilio posts calls to the stage's numbers, and their end. */
export function numberWebhooks(siteUrl: string): NumberWebhooks {
  const voiceUrl = voiceWebhookUrl(siteUrl);
  return { voiceUrl, statusCallbackUrl: `${voiceUrl}?stage=status` };
}

export async function assignNumber(deps: NumbersDeps, request: z.infer<typeof assignNumberRequest>): Promise<AssignResult> {
  const phoneNumber = toE164(request.phoneNumber);
  if (!phoneNumber) return { ok: false, error: 'phoneNumber is not a valid phone number' };
  if (!(await deps.salons.get(request.salonId))) return { ok: false, error: `No salon ${request.salonId}` };
  let voiceUrl: string | undefined;
  // Pointed before it is assigned: a number this account does not own is never given to a salon.
  // Every number points at the same webhook, so pointing one another salon then keeps is harmless.
  if ((await deps.telephony.provider()) === 'twilio') {
    const webhooks = numberWebhooks(deps.config.SITE_URL);
    voiceUrl = webhooks.voiceUrl;
    try {
      if (!(await deps.telephony.pointNumberAt(phoneNumber, webhooks))) return { ok: false, error: `${phoneNumber} is not a number of this Twilio account` };
    } catch (error) {
      return { ok: false, error: `Could not point ${phoneNumber} at ${voiceUrl}: ${(error as Error).message}` };
    }
  }
  try {
    await deps.salons.assignNumber(request.salonId, phoneNumber);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  // The number is assigned: a bus failure costs only the owner's email, which support can resend by assigning again.
  await deps.events
    .publish('salon.number-assigned', { salonId: request.salonId, phoneNumber, assignedAt: deps.now().toISOString() })
    .catch((error: unknown) => logger.error('number-assigned event not published', { salonId: request.salonId, name: (error as Error)?.name }));
  return { ok: true, salonId: request.salonId, phoneNumber, ...(voiceUrl ? { voiceUrl } : {}) };
}

export async function listNumbers(deps: NumbersDeps): Promise<ListResult> {
  const numbers = await deps.salons.listNumbers();
  const salons = await Promise.all(numbers.map((number) => deps.salons.get(number.salonId)));
  return {
    ok: true,
    numbers: numbers.map((number, index) => ({ ...number, salonName: salons[index]?.name ?? null, live: Boolean(salons[index]?.liveAt) })),
  };
}

export async function releaseNumber(deps: NumbersDeps, request: z.infer<typeof releaseNumberRequest>): Promise<ReleaseResult> {
  if (!(await deps.salons.get(request.salonId))) return { ok: false, error: `No salon ${request.salonId}` };
  const released = await deps.salons.releaseNumber(request.salonId);
  if (!released) return { ok: false, error: `Salon ${request.salonId} has no number` };
  return { ok: true, salonId: request.salonId, released };
}
