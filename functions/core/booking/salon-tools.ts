import { randomUUID } from 'node:crypto';
import { FLOOD_LIMITS, toolSay, type ToolAnswer, type ToolInput } from '../../contracts/agent-tools.js';
import { TWILIO_CALL_SID } from '../../contracts/calls.js';
import { logger } from '../../logger.js';
import { fixedWindow, type RateLimits } from '../ports/rate-limits.js';
import { loadSalonContext, phoneKey, requirePhone, type BookingDeps } from './context.js';
import { ToolError } from './errors.js';
import { transferScript } from '../telephony/call-script.js';
import type { TelephonyPort } from '../ports/telephony.js';
import type { CallStore } from '../ports/call-store.js';
import type { DiallingStore } from '../ports/dialling-store.js';
import { speakDuration, speakList, speakOpeningHours, speakPrice } from './speak.js';
import { euroToCents, servicePriceCents } from '../money.js';
import { toE164 } from '../../contracts/phone.js';

/** The tools that answer from what the owner set up: salon info, services, messages, transfer. */

export async function salonInfo(deps: BookingDeps, salonId: string): Promise<ToolAnswer> {
  const { salon } = await loadSalonContext(deps, salonId);
  const business = salon.business;
  const address = [business?.address_line, business?.town_city, business?.county].filter((part) => part && part.trim()).join(', ');
  const hours = salon.hours ? speakOpeningHours(salon.hours) : "I don't have the opening hours to hand.";
  const directions = business?.directions?.trim() ?? '';
  const callerNotes = business?.caller_notes?.trim() ?? '';
  const say = [`${salon.name}${address ? ` is at ${address}` : ''}.`, hours, directions].filter(Boolean).join(' ');
  return {
    ok: true,
    say,
    name: salon.name,
    phone: salon.phone,
    address: { line: business?.address_line ?? '', town: business?.town_city ?? '', county: business?.county ?? '', eircode: business?.eircode ?? '' },
    directions,
    callerNotes,
    openingHours: salon.hours,
    spokenHours: hours,
  };
}

export async function listServices(deps: BookingDeps, salonId: string): Promise<ToolAnswer> {
  const { setup } = await loadSalonContext(deps, salonId);
  const services = setup.services.map((service) => {
    const priced = servicePriceCents(service);
    return {
      id: service.id,
      name: service.name,
      durationMinutes: service.duration,
      spokenDuration: speakDuration(service.duration),
      ...priced,
      spokenPrice: speakPrice(priced),
      // "Price on consultation" (issue 45): no number is quoted, and the receptionist says why.
      consultation: Boolean(service.consultation),
      // Taken by a texted link when booked, only while the salon's payment account is Active.
      depositCents: service.deposit ? euroToCents(service.deposit) : null,
      comment: service.comment,
    };
  });
  if (services.length === 0) return { ok: true, say: "I don't have the salon's price list to hand. Would you like me to take a message?", services };
  const spoken = services
    .slice(0, 8)
    .map(
      (service) =>
        `${service.name}${service.spokenPrice ? ` ${service.spokenPrice}` : service.consultation ? ' (price on consultation)' : ''}${service.depositCents ? ` (with a ${speakPrice({ priceCents: service.depositCents, priceMinCents: null, priceMaxCents: null })} deposit to book)` : ''}`,
    );
  const more = services.length > 8 ? ', and a few more' : '';
  return { ok: true, say: `We do ${speakList(spoken)}${more}. Would you like to book one?`, services };
}

const HOUR = 3_600_000;

/** What storing a caller's message needs: the message store, the bus and the hourly caps. */
export type MessageDeps = Pick<BookingDeps, 'bookings' | 'events' | 'now'> & { rateLimits: RateLimits };

/** Withheld callers share one cap per salon: none of them can be told apart. */
const WITHHELD = 'withheld';

/**
 * Keeps a caller's message for the salon within the hourly caps (RELIABILITY 37): over a cap, a
 * 429 and nothing stored. The caller's number is kept when it is one (a spoken message from a
 * withheld number keeps none); the owner hears of it at once (`message.left`). The caller has
 * found the salon already.
 */
export async function storeCallerMessage(
  deps: MessageDeps,
  salonId: string,
  input: { id: string; callerName: string; callerPhone: string; message: string },
): Promise<{ id: string }> {
  const callerPhone = toE164(input.callerPhone) ?? '';
  const now = deps.now();
  const hour = fixedWindow(now, HOUR);
  // The caller's cap first: one phone over its cap must not use up what the salon takes from everyone.
  const phoneHash = phoneKey(salonId, callerPhone || WITHHELD);
  if (!(await deps.rateLimits.take({ kind: 'caller-messages', salonId, phoneHash }, hour, FLOOD_LIMITS.messagesPerCallerPerHour))) {
    throw new ToolError('too_many_requests', 'too_many_messages', toolSay.tooManyMessages, 'This phone has left too many messages this hour');
  }
  if (!(await deps.rateLimits.take({ kind: 'salon-messages', salonId }, hour, FLOOD_LIMITS.messagesPerSalonPerHour))) {
    throw new ToolError('too_many_requests', 'salon_messages_full', toolSay.messagesFull, 'The salon has taken too many messages this hour');
  }
  const message = { id: input.id, callerName: input.callerName, callerPhone, message: input.message, createdAt: now.toISOString() };
  await deps.bookings.messages.put(salonId, message);
  // The message is stored: a bus failure only costs the dashboard line, never the caller's message.
  await deps.events
    .publish('message.left', { salonId, messageId: message.id, callerName: message.callerName, createdAt: message.createdAt })
    .catch((error: unknown) => logger.error('message event not published', { salonId, messageId: message.id, name: (error as Error)?.name }));
  return { id: message.id };
}

/** The take-message tool: the caller's number must be one (the agent asks for it). */
export async function takeMessage(deps: BookingDeps & { rateLimits: RateLimits }, salonId: string, input: ToolInput<'take-message'>): Promise<ToolAnswer> {
  const callerPhone = requirePhone(input.callerPhone);
  await loadSalonContext(deps, salonId);
  const { id } = await storeCallerMessage(deps, salonId, { id: randomUUID(), callerName: input.callerName, callerPhone, message: input.message });
  return { ok: true, say: "Thanks, I'll pass your message on to the salon and someone will get back to you.", messageId: id };
}

/**
 * How long the agent's "putting you through" line (spoken before the tool call) gets to play
 * before the call leaves the agent: redirecting a call cuts its audio stream at once.
 */
export const TRANSFER_DELAY_MS = 1_500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A transfer's `<Dial>` rings for Twilio's default 30 s; a call back through it may come a little after. */
const TRANSFER_RING_SECONDS = 60;

/**
 * The escalation number from the voice settings, else the salon's own phone (never one that
 * forwards to us). With the live call's SID, the call itself is transferred: redirected (Twilio
 * REST) to a short line and a `<Dial>` whose outcome the voice webhook takes. The SID comes from
 * the request, so only a call of this salon's own (its call record, written when the call rang)
 * is ever redirected: any other SID is refused and no call is touched.
 */
export async function transfer(
  deps: BookingDeps & { telephony?: Pick<TelephonyPort, 'redirectCall'>; calls?: Pick<CallStore, 'get'>; dialling?: Pick<DiallingStore, 'start'> },
  salonId: string,
  callSid?: string,
  options: { wait?: (ms: number) => Promise<void> } = {},
): Promise<ToolAnswer> {
  // Only a Twilio call can be moved; the sandbox test call's is answered with the number alone.
  const live = callSid && TWILIO_CALL_SID.test(callSid) && deps.telephony && deps.config ? callSid : undefined;
  const [{ salon, setup }, call, { afterTransferUrl, transferTarget, voiceWebhookUrl, whisperUrl }] = await Promise.all([
    loadSalonContext(deps, salonId),
    live && deps.calls ? deps.calls.get(salonId, live) : null,
    import('../telephony/inbound-call.js'),
  ]);
  const phoneNumber = transferTarget(salon, setup);
  if (!phoneNumber)
    throw new ToolError(
      'conflict',
      'no_transfer_number',
      toolSay.noTransferNumber,
      'The salon has no escalation or salon phone number that does not forward to us',
    );
  const answer = { ok: true as const, say: "I'll put you through to the salon now. One moment.", phoneNumber };
  if (!live || !deps.telephony || !deps.config) return answer;
  if (!call) throw new ToolError('not_found', 'unknown_call', toolSay.noTransferNumber, 'No call of this salon has that call id');
  // The salon's number is what the phone we ring is shown (call-script.ts, CallerId); a live call came in on it.
  const callerId = salon.assignedNumber;
  if (!callerId)
    throw new ToolError('conflict', 'no_transfer_number', toolSay.noTransferNumber, 'The salon has no number of ours to present to the phone it rings');
  await (options.wait ?? pause)(TRANSFER_DELAY_MS);
  // Before the call moves: should the number we ring forward it straight back, that call is known for ours and refused.
  const expiresAt = new Date(deps.now().getTime() + TRANSFER_RING_SECONDS * 1000).toISOString();
  await deps.dialling?.start(salonId, { callSid: live, to: phoneNumber, caller: call.callerPhone, expiresAt });
  try {
    await deps.telephony.redirectCall(
      live,
      transferScript(
        { to: phoneNumber, callerId, whisperUrl: whisperUrl(voiceWebhookUrl(deps.config.SITE_URL), { salonId, callSid: live }) },
        afterTransferUrl(deps.config.SITE_URL),
      ),
    );
  } catch (error) {
    throw new ToolError('provider_failed', 'transfer_failed', toolSay.noTransferNumber, `The call could not be transferred: ${(error as Error).message}`);
  }
  return { ...answer, transferred: true };
}
