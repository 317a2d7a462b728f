import type { EventType } from '../functions/contracts/events.js';
import type { Grant } from '../functions/routes.js';

/**
 * Which consumers each event fans out to. CDK turns every rule into an EventBridge rule with a
 * Lambda target and a dead-letter queue; the local bus applies the same table in-process.
 *
 * Next hop of a call (docs/architecture.md, "One call, end to end"): a booking's events reach
 * events/consumers/send-booking-sms.ts (the caller's text) and its siblings; a call's end,
 * events/consumers/meter-call-usage.ts.
 */
export interface EventRule {
  id: string;
  eventType: EventType;
  /** Module (relative to the repository root) exporting `handler(event: EventBridgeEvent)`. */
  consumer: string;
  grants: readonly Extract<Grant, 'table:read' | 'table:write' | 'uploads:write' | 'secrets:providers' | 'email:send' | 'events:put' | 'tokens:crypt'>[];
  /**
   * More detail-types for the same consumer on the same rule, where one job is done for several
   * events (a booking's text on its confirmation and on its cancellation). Two jobs never share a
   * consumer to save resources: the consumers are a nested stack of their own (infra/events.ts).
   */
  also?: readonly EventType[];
}

/** Every detail-type a rule matches. */
export function detailTypesOf(rule: Pick<EventRule, 'eventType' | 'also'>): EventType[] {
  return [rule.eventType, ...(rule.also ?? [])];
}

/** Booking messages read the salon and write their delivery claims (and, as a sandbox, the outbox). */
const MESSAGE_GRANTS = ['table:read', 'table:write'] as const;
/** The SMS consumers also read Twilio's credentials from the provider secret. */
const SMS_GRANTS = [...MESSAGE_GRANTS, 'secrets:providers'] as const;
/** The email consumers send through SES from the stage's sender address. */
const EMAIL_GRANTS = [...MESSAGE_GRANTS, 'email:send'] as const;

export const eventRules: readonly EventRule[] = [
  {
    id: 'erase-salon-uploads',
    eventType: 'salon.deleted',
    consumer: 'events/consumers/erase-salon-uploads.ts',
    grants: ['uploads:write'],
  },
  // Each booking event: a text and an email with the calendar invite to the caller, an email to the owner.
  { id: 'booking-sms', eventType: 'booking.confirmed', also: ['booking.cancelled'], consumer: 'events/consumers/send-booking-sms.ts', grants: SMS_GRANTS },
  {
    id: 'booking-email',
    eventType: 'booking.confirmed',
    also: ['booking.cancelled'],
    consumer: 'events/consumers/send-booking-email.ts',
    grants: EMAIL_GRANTS,
  },
  {
    id: 'booking-owner-email',
    eventType: 'booking.confirmed',
    also: ['booking.cancelled'],
    consumer: 'events/consumers/notify-owner.ts',
    grants: EMAIL_GRANTS,
  },
  // A time held for a deposit: the caller is texted the payment link; a deposit paid after its booking ended, that it is refunded.
  {
    id: 'booking-deposit-requested-sms',
    eventType: 'booking.deposit-requested',
    also: ['booking.deposit-refunded'],
    consumer: 'events/consumers/send-deposit-sms.ts',
    grants: SMS_GRANTS,
  },
  // A booking's reminder, when it is due; a freed time, offered to the callers waiting for that day.
  { id: 'booking-reminder-due-sms', eventType: 'booking.reminder-due', consumer: 'events/consumers/send-reminder-sms.ts', grants: SMS_GRANTS },
  { id: 'booking-slot-freed-offer', eventType: 'booking.slot-freed', consumer: 'events/consumers/offer-freed-slot.ts', grants: SMS_GRANTS },
  // The booking's event in the salon's calendar, written after the caller's answer (the Google client and the refresh token's key).
  {
    id: 'booking-calendar-event',
    eventType: 'booking.confirmed',
    also: ['booking.cancelled', 'booking.deposit-requested'],
    consumer: 'events/consumers/sync-calendar-event.ts',
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
  // The dashboard's recent activity and call figures: one rule for the four.
  {
    id: 'activity',
    eventType: 'booking.confirmed',
    also: ['booking.cancelled', 'call.completed', 'message.left'],
    consumer: 'events/consumers/record-activity.ts',
    grants: ['table:write'],
  },
  // A finished call's minutes are metered; metering writes the usage warnings with their records (the event outbox).
  { id: 'call-completed-usage', eventType: 'call.completed', consumer: 'events/consumers/meter-call-usage.ts', grants: ['table:read', 'table:write'] },
  // Minutes past a subscribed salon's plan go to its Stripe Billing Meter (the Stripe key is in the provider secret).
  {
    id: 'call-completed-overage',
    eventType: 'call.completed',
    consumer: 'events/consumers/report-overage.ts',
    grants: ['table:read', 'table:write', 'secrets:providers'],
  },
  // A caller nobody answered gets one text, when the salon turned it on.
  { id: 'call-completed-missed-text', eventType: 'call.completed', consumer: 'events/consumers/send-missed-call-text.ts', grants: SMS_GRANTS },
  { id: 'usage-warning-owner-email', eventType: 'usage.threshold-reached', consumer: 'events/consumers/send-usage-warning.ts', grants: EMAIL_GRANTS },
  // A caller's message reaches the owner at once: an email, and a text to their mobile if they gave one.
  {
    id: 'message-left-owner-notice',
    eventType: 'message.left',
    consumer: 'events/consumers/notify-owner-message.ts',
    grants: [...EMAIL_GRANTS, 'secrets:providers'],
  },
  // The owner learns their receptionist's number, and the going-live checklist (go live, forward the line, ring to check).
  { id: 'number-assigned-owner-email', eventType: 'salon.number-assigned', consumer: 'events/consumers/send-number-email.ts', grants: EMAIL_GRANTS },
  // A salon waits for a number (the pool is empty): support is emailed at once, beside the operators' alarm.
  {
    id: 'number-waiting-support-email',
    eventType: 'salon.number-waiting',
    consumer: 'events/consumers/notify-support-number-waiting.ts',
    grants: EMAIL_GRANTS,
  },
];
