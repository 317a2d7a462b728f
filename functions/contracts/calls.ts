import * as z from 'zod';
import type { Appointment } from './appointments.js';
import type { BillingState } from './billing.js';

/**
 * The owner's view of calls and messages: the call log, the messages callers left, and the
 * dashboard's figures. Shared with web/ so both sides agree on shapes and limits.
 */
export const CALL_LOG_PAGE_SIZE = 20;

/** How a call ended, as the owner reads it (functions/core/calls/call-outcome.ts decides). */
export const CALL_OUTCOMES = ['answered', 'forwarded', 'transferred', 'message', 'missed', 'abandoned', 'test-call'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What a call did through the receptionist's tools: a booking made, moved or cancelled, a message left. */
export const CALL_ACTIONS = ['booked', 'moved', 'cancelled', 'message'] as const;
export type CallAction = (typeof CALL_ACTIONS)[number];

/** Twilio's call ids, and the sandbox test call's. */
export const CALL_SID = /^(CA[0-9a-f]{32}|SB[0-9a-z_-]{8,64})$/i;
/** Twilio's alone: a call the telephony provider can act on. */
export const TWILIO_CALL_SID = /^CA[0-9a-f]{32}$/i;
/** The page cursor as the server gave it out (base64url); what it holds is checked where it is read. */
const cursor = z
  .string()
  .max(200, 'after is too long')
  .regex(/^[\w-]+$/, 'after is not a page cursor');

/** `GET /api/calls?after=…` (a page), or `?callSid=…` (one call with its transcript). */
export const listCallsQuery = z.strictObject({
  after: cursor.optional(),
  callSid: z.string().regex(CALL_SID, 'callSid is not a call id').optional(),
});

/** `POST /api/calls/delete` with `{callSid}`. */
export const deleteCallBody = z.strictObject({ callSid: z.string().regex(CALL_SID, 'callSid is not a call id') });

/** `GET /api/messages?after=…`. */
export const listMessagesQuery = z.strictObject({ after: cursor.optional() });
/** `POST /api/messages/done` with `{id, createdAt, done}`. */
export const messageDoneBody = z.strictObject({
  id: z.uuid('id is not a message id'),
  createdAt: z.iso.datetime({ error: 'createdAt must be the message time' }),
  done: z.boolean({ error: 'done must be true or false' }),
});

export interface CallView {
  callSid: string;
  startedAt: string;
  /** The caller's number as the owner dials it back, or null when withheld or a test call. */
  caller: string | null;
  durationSeconds: number | null;
  /** Null while the call is still going. */
  outcome: CallOutcome | null;
  summary: string | null;
  evaluation: 'success' | 'failure' | 'unknown' | null;
  /** What the call did, in the order of CALL_ACTIONS, each with the booking's or message's id to link to. */
  actions: CallActionView[];
  test: boolean;
}

export interface CallActionView {
  action: CallAction;
  id: string;
  /** The booking as it stands now (a later cancel shows), or null for a message or a booking no longer kept. */
  booking: { service: string; stylist: string; start: string; status: Appointment['status'] } | null;
}

export interface TranscriptLineView {
  role: 'agent' | 'caller';
  text: string;
  at: number;
}

export interface MessageView {
  id: string;
  createdAt: string;
  callerName: string;
  caller: string;
  message: string;
  doneAt: string | null;
}

/** The salon's calendar as the dashboard shows it (functions/core/calendar/calendar-health.ts). */
export interface CalendarHealth {
  state: 'none' | 'ok' | 'behind' | 'failing';
  /** Bookings whose calendar event is still to be written (or removed), up to 50. */
  waitingBookings: number;
  oldestWaitingSince: string | null;
  lastFailure: { kind: string; at: string } | null;
}

export interface DashboardSummary {
  /** False until the salon's first call: the cards say "Sample data" until then. */
  hasCalls: boolean;
  callsToday: number;
  missedToday: number;
  bookingsThisMonth: number;
  /** Share of this month's rated calls the agent's evaluation found successful, 0–100; null with none rated. */
  satisfaction: { percent: number; rated: number } | null;
  activity: { kind: 'call' | 'booking' | 'cancellation' | 'message'; id: string; at: string; text: string; test: boolean }[];
  /** The plan, trial and minutes, as Billing says them too. */
  usage: BillingState;
  calendar: CalendarHealth;
}

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  answered: 'Questions answered',
  forwarded: 'Forwarded to the salon',
  transferred: 'Put through to the salon',
  message: 'Message taken',
  missed: 'Missed',
  abandoned: 'Caller hung up',
  'test-call': 'Test call',
};
