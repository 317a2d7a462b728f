import type { Appointment } from '../../contracts/appointments.js';
import type { EmailAttachment, EmailMessage } from '../ports/email.js';
import { formatEuro } from '../money.js';
import { EXTRA_MINUTE_PRICE_CENTS, MINUTES_RULE } from '../plans.js';
import type { BillingState } from '../../contracts/billing.js';
import { duration, firstName, price, salonTime, spokenWhen } from './format.js';
import { displayPhone } from '../../contracts/phone.js';
import { escapeHtml } from '../escape-html.js';
import { CHECKLIST_STEPS, forwardingCodes, undoForwardingLine } from '../../contracts/forwarding.js';
import type { ForwardWhen } from '../../contracts/setup.js';
import { buildInvite, INVITE_FILENAME, inviteContentType, type InviteKind, type SalonContact } from './invite.js';

/**
 * The words of every booking message: short, plain Irish English, times on the salon's clock.
 * SMS texts keep to GSM characters where they can (a straight apostrophe), so they stay one part.
 */
export type BookingKind = InviteKind;

export type EmailContent = Pick<EmailMessage, 'subject' | 'text' | 'html' | 'attachments'>;

const withStylist = (appointment: Appointment) => (appointment.stylistName.trim() ? ` with ${appointment.stylistName.trim()}` : '');

/** Why a booking was cancelled when the caller did not cancel it. */
export type CancelReason = 'deposit_not_paid';

/** How to book again: by phone, else by a reply where one reaches us (a one-way sender's texts take none: docs/reminders.md). */
const bookAgain = (salon: SalonContact, twoWay: boolean) =>
  salon.phone ? `Call ${salon.phone} to book again.` : twoWay ? 'Reply to this message to book again.' : 'Call the salon to book again.';

/** "You're booked at Bláth Hair for Cut on Saturday 28 November at 14:30 with Aoife. Reply or call 01 234 5678 to change." */
export function bookingSms(kind: BookingKind, appointment: Appointment, salon: SalonContact, now: Date, reason?: CancelReason, twoWay = true): string {
  const when = spokenWhen(appointment.start, now);
  const service = appointment.service.name.trim();
  if (kind === 'confirmed') {
    const by = twoWay ? 'Reply or call' : 'Call';
    const change = salon.phone ? `${by} ${salon.phone} to change.` : twoWay ? 'Reply to this message to change.' : 'Call the salon to change it.';
    return `You're booked at ${salon.name} for ${service} on ${when}${withStylist(appointment)}. ${change}`;
  }
  const again = bookAgain(salon, twoWay);
  if (reason === 'deposit_not_paid') {
    return `The time held for your ${service} at ${salon.name} on ${when}${withStylist(appointment)} is released: the deposit wasn't paid in time. ${again}`;
  }
  return `Your ${service} at ${salon.name} on ${when}${withStylist(appointment)} is cancelled. ${again}`;
}

/** The deposit link: "Bláth Hair: to book your Balayage on Saturday 28 November at 14:30 with Aoife, pay the €20 deposit by 14:05 here: <link>" */
export function depositSms(
  appointment: Appointment,
  salon: Pick<SalonContact, 'name'>,
  deposit: { cents: number; payUrl: string; expiresAt: string },
  now: Date,
): string {
  const when = spokenWhen(appointment.start, now);
  const by = salonTime(deposit.expiresAt).toFormat('HH:mm');
  return `${salon.name}: to book your ${appointment.service.name.trim()} on ${when}${withStylist(appointment)}, pay the ${formatEuro(deposit.cents)} deposit by ${by} here: ${deposit.payUrl} The time is held until then. We never ask for card details by phone.`;
}

/** A payment that arrived after its booking ended: "Bláth Hair: your €20 deposit for Balayage on Saturday 28 November at 14:30 came after that time was released, so it is refunded in full. …" */
export function depositRefundSms(appointment: Appointment, salon: SalonContact, cents: number | null, now: Date, twoWay = true): string {
  const when = spokenWhen(appointment.start, now);
  const again = bookAgain(salon, twoWay);
  const deposit = cents ? `${formatEuro(cents)} deposit` : 'deposit';
  return `${salon.name}: your ${deposit} for ${appointment.service.name.trim()} on ${when}${withStylist(appointment)} came after that booking was cancelled or released, so it is refunded in full. It can take 5-10 days to reach your account. ${again}`;
}

function html(paragraphs: (string | { rows: [string, string][] })[]): string {
  const body = paragraphs
    .map((paragraph) =>
      typeof paragraph === 'string'
        ? `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`
        : `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${paragraph.rows
            .map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#4b5563;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join('')}</table>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en-IE"><head><meta charset="utf-8"></head><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2937;line-height:1.5;max-width:36rem">\n${body}\n</body></html>`;
}

function text(paragraphs: (string | { rows: [string, string][] })[]): string {
  return `${paragraphs.map((paragraph) => (typeof paragraph === 'string' ? paragraph : paragraph.rows.map(([label, value]) => `${label}: ${value}`).join('\n'))).join('\n\n')}\n`;
}

function details(appointment: Appointment, now: Date): [string, string][] {
  const rows: [string, string][] = [
    ['Service', appointment.service.name],
    ...(appointment.stylistName.trim() ? [['With', appointment.stylistName.trim()] as [string, string]] : []),
    ['When', `${spokenWhen(appointment.start, now)} (${duration(appointment.service.durationMinutes)})`],
  ];
  const cost = price(appointment.service);
  if (cost) rows.push(['Price', cost]);
  return rows;
}

/** The caller's email, with the calendar invite (REQUEST when booked, CANCEL when cancelled). */
export function callerEmail(kind: BookingKind, appointment: Appointment, salon: SalonContact, organizerEmail: string, now: Date): EmailContent {
  const when = spokenWhen(appointment.start, now);
  const greeting = `Hi ${firstName(appointment.callerName) || 'there'},`;
  const rows = { rows: [...details(appointment, now), ...(salon.address ? [['Where', salon.address] as [string, string]] : [])] };
  const paragraphs =
    kind === 'confirmed'
      ? [
          greeting,
          `You're booked at ${salon.name}.`,
          rows,
          `The calendar invite attached adds it to your calendar.${salon.phone ? ` To change or cancel, call ${salon.phone}.` : ''}`,
          `See you then,\n${salon.name}`,
        ]
      : [
          greeting,
          `Your booking at ${salon.name} is cancelled.`,
          rows,
          `The calendar invite attached takes it out of your calendar.${salon.phone ? ` To book again, call ${salon.phone}.` : ''}`,
          salon.name,
        ];
  const attachment: EmailAttachment = {
    filename: INVITE_FILENAME,
    contentType: inviteContentType(kind),
    content: buildInvite(kind, appointment, salon, organizerEmail),
  };
  return {
    subject: `${kind === 'confirmed' ? 'Booking confirmed' : 'Booking cancelled'}: ${appointment.service.name} at ${salon.name}, ${when}`,
    text: text(paragraphs),
    html: html(paragraphs),
    attachments: [attachment],
  };
}

const SOURCES: Record<Appointment['source'], string> = {
  'phone-agent': 'Your AI receptionist made this booking on a call.',
  owner: 'This booking was made from your dashboard.',
  'test-call': 'This booking was made during a test call.',
};

/** The owner's notice of a new or cancelled booking, with the caller's details to reach them. */
export function ownerEmail(kind: BookingKind, appointment: Appointment, salon: SalonContact, dashboardUrl: string, now: Date): EmailContent {
  const when = spokenWhen(appointment.start, now);
  const rows: [string, string][] = [
    ['Client', appointment.callerName.trim() || 'Not given'],
    ['Phone', appointment.callerPhone],
    ...(appointment.callerEmail ? [['Email', appointment.callerEmail] as [string, string]] : []),
    ...details(appointment, now),
  ];
  const paragraphs =
    kind === 'confirmed'
      ? [`New booking at ${salon.name}.`, { rows }, SOURCES[appointment.source], `See every upcoming appointment on your dashboard: ${dashboardUrl}`]
      : [`A booking at ${salon.name} was cancelled; the time is free again.`, { rows }, `See every upcoming appointment on your dashboard: ${dashboardUrl}`];
  const who = firstName(appointment.callerName) || 'A client';
  return {
    subject:
      kind === 'confirmed'
        ? `New booking: ${who}, ${appointment.service.name}${withStylist(appointment)}, ${when}`
        : `Booking cancelled: ${who}, ${appointment.service.name}${withStylist(appointment)}, ${when}`,
    text: text(paragraphs),
    html: html(paragraphs),
    attachments: [],
  };
}

/**
 * The owner's warning that the period's minutes are nearly (80%) or all (100%) used. Its account
 * of the plan, trial and minutes is BillingState's headline, word for word what Billing and the
 * dashboard say (issue 46 #1), with how minutes are counted.
 */
export function usageWarningEmail(warning: { threshold: 80 | 100 }, state: BillingState, salonName: string, billingUrl: string): EmailContent {
  const allowance = state.phase === 'trial' ? `your free trial's ${state.minutesIncluded} minutes` : `the ${state.minutesIncluded} minutes in your plan`;
  const after =
    state.phase !== 'trial'
      ? `Your receptionist keeps answering calls; each minute past your plan costs ${formatEuro(EXTRA_MINUTE_PRICE_CENTS)}. For more minutes each month, change your plan: ${billingUrl}`
      : state.plan && !state.cancelled
        ? `Your receptionist keeps answering calls, and nothing in the free trial is charged. Your plan and invoices: ${billingUrl}`
        : `Your receptionist keeps answering calls, and nothing in the free trial is charged. To keep it going after the trial, choose a plan: ${billingUrl}`;
  const paragraphs = [
    warning.threshold === 100
      ? `Your receptionist at ${salonName} has used all of ${allowance}.`
      : `Your receptionist at ${salonName} has used ${warning.threshold}% of ${allowance}.`,
    state.headline,
    after,
    MINUTES_RULE,
  ];
  return {
    subject:
      warning.threshold === 100
        ? `${salonName}: you've used all your receptionist minutes`
        : `${salonName}: you've used ${warning.threshold}% of your receptionist minutes`,
    text: text(paragraphs),
    html: html(paragraphs),
    attachments: [],
  };
}

/**
 * The owner's note that the receptionist has its number, with the going-live checklist in its
 * order (contracts/forwarding.ts): go live first, then forward the salon's line, then ring the
 * salon to check. A salon that gives out the new number has no forwarding to do.
 */
export function numberAssignedEmail(salonName: string, e164: string, dashboardUrl: string, forwarding: { when: ForwardWhen } | null): EmailContent {
  const number = displayPhone(e164);
  const codes = forwardingCodes(e164);
  const steps = forwarding
    ? [
        `1. ${CHECKLIST_STEPS.goLive} Your dashboard has the button: ${dashboardUrl}`,
        `2. ${CHECKLIST_STEPS.forward(codes[forwarding.when], forwarding.when)}${forwarding.when === 'unanswered' ? ` To send every call instead, dial ${codes.all.on} (${codes.all.off} stops it).` : ''}`,
        `3. ${CHECKLIST_STEPS.check}${forwarding.when === 'unanswered' ? ` ${CHECKLIST_STEPS.unansweredTip}` : ''}`,
        'These codes work on Eir, Vodafone and Three phones. On a landline, call forwarding may need switching on for the line first: your phone provider can do that.',
      ]
    : [`Make a test call from your dashboard, press Go Live Now, then give ${number} to your clients: ${dashboardUrl}`];
  const paragraphs = [`Good news: your receptionist at ${salonName} has its own phone number, ${number}.`, ...steps];
  return { subject: `${salonName}: your receptionist's number is ${number}`, text: text(paragraphs), html: html(paragraphs), attachments: [] };
}

/** The owner's message to support (the in-app form): who, which salon, about what, and what they wrote. */
export function supportRequestEmail(salon: { id: string; name: string }, ownerEmail: string | null, topic: string, message: string): EmailContent {
  const paragraphs = [
    {
      rows: [
        ['Salon', salon.name],
        ['Salon id', salon.id],
        ['Owner', ownerEmail ?? 'unknown'],
        ['About', topic],
      ] as [string, string][],
    },
    message,
  ];
  return { subject: `Support: ${topic} (${salon.name}, ${salon.id})`, text: text(paragraphs), html: html(paragraphs), attachments: [] };
}

/** Support's alert that a salon finished setup while the number pool was empty. */
export function numberWaitingEmail(salon: { id: string; name: string }, since: string): EmailContent {
  const paragraphs = [
    `${salon.name} (${salon.id}) finished setup at ${since} and is waiting for a number: the pool is empty.`,
    'Stock the pool (npm run admin -- stock-numbers <count>): waiting salons get their numbers at once, in the order they came. docs/operations.md has the steps.',
  ];
  return { subject: `Number pool empty: ${salon.name} is waiting for a number`, text: text(paragraphs), html: html(paragraphs), attachments: [] };
}

/** A caller's message, for the owner at once: who, their number, what they said. */
export function callerMessageEmail(
  salonName: string,
  message: { callerName: string; callerPhone: string; message: string },
  dashboardUrl: string,
): EmailContent {
  const who = message.callerName.trim() || 'A caller';
  const phone = callBackNumber(message.callerPhone);
  const paragraphs = [
    `${who} left a message for ${salonName} with your receptionist.`,
    {
      rows: [
        ['Caller', who],
        ['Phone', phone],
        ['Message', message.message],
      ] as [string, string][],
    },
    `Mark it done on your dashboard once you have called back: ${dashboardUrl}`,
  ];
  const subject = message.callerPhone ? `Message from ${who}: please call back on ${phone}` : `Message from ${who} (number withheld)`;
  return { subject, text: text(paragraphs), html: html(paragraphs), attachments: [] };
}

/** A message from a withheld number has none to call back: its words may say one. */
const callBackNumber = (callerPhone: string) => (callerPhone ? displayPhone(callerPhone) : 'withheld (any number is in the message)');

/** The same message as a short text to the owner's mobile. */
export function callerMessageSms(message: { callerName: string; callerPhone: string; message: string }): string {
  const who = message.callerName.trim() || 'A caller';
  const said = message.message.length > 200 ? `${message.message.slice(0, 197)}…` : message.message;
  return `SalonDesk: ${who} (${message.callerPhone ? displayPhone(message.callerPhone) : 'number withheld'}) left a message: "${said}"`;
}

/** The owner's confirmation that their account is gone, and what went with it. */
export function accountDeletedEmail(salonName: string | null): EmailContent {
  const paragraphs = [
    `Your SalonDesk account${salonName ? ` for ${salonName}` : ''} has been deleted, as you asked.`,
    "Your salon's setup, bookings, calls, messages and uploads are gone, any plan is cancelled so you won't be charged again, your receptionist's number is released and your calendar disconnected.",
    `For 30 days your old receptionist number tells callers who it belonged to and how to reach you. ${undoForwardingLine()}`,
    "If you didn't ask for this, reply to this email and we will help straight away.",
  ];
  return { subject: 'Your SalonDesk account has been deleted', text: text(paragraphs), html: html(paragraphs), attachments: [] };
}
