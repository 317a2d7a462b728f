import * as z from 'zod';

/**
 * Going live (the "Go Live Now" action on /test) and the dashboard's AI status: what must be true
 * before calls reach the receptionist, and how each missing piece is told, once for server and
 * browser.
 */
export const READINESS_ITEMS = ['setup', 'number', 'billing'] as const;
export type ReadinessItem = (typeof READINESS_ITEMS)[number];

/**
 * The receptionist's state in one word, as the dashboard and the test page show it: answering
 * calls, paused by the owner (it takes messages), ready for Go Live Now, or something missing.
 */
export type ReceptionistState = 'live' | 'paused' | 'ready' | 'not-ready';

export const RECEPTIONIST_STATE_LABELS: Record<ReceptionistState, string> = {
  live: 'Active & Ready',
  paused: 'Paused',
  ready: 'Ready to go live',
  'not-ready': 'Not answering calls yet',
};

export interface Readiness {
  setupComplete: boolean;
  numberAssigned: boolean;
  billingActive: boolean;
  live: boolean;
  state: ReceptionistState;
  /** What stops the salon going live, in the order the owner can act on it. */
  missing: ReadinessItem[];
  trialEndsAt: string;
  /** Billing is missing because a paid plan ended (not the free trial): said as such. */
  planEnded?: boolean;
  /** Paused until this instant (a day off, a holiday), when the owner gave one; null otherwise. */
  pausedUntil: string | null;
  /** Setup is done but the pool was empty: since when the salon has waited for its number. */
  numberWaitingSince: string | null;
}

export const READINESS_MESSAGES: Record<ReadinessItem, string> = {
  setup: 'Finish the setup first: business details, calendar and services, voice and number.',
  number: 'Your receptionist gets its own phone number the moment setup is finished.',
  billing: 'Your free trial has ended: choose a plan to keep your receptionist answering.',
};

export const PLAN_ENDED_MESSAGE = 'Your plan has ended: choose a plan to keep your receptionist answering.';

/** How long a salon may wait for a number when the pool ran dry: operators are alarmed at once (docs/operations.md). */
export const NUMBER_WAIT_PROMISE = 'within one working day';
export const NUMBER_WAITING_MESSAGE = `Your receptionist's number is on its way: we add it ${NUMBER_WAIT_PROMISE} and email you the moment it's ready.`;

/** The sentence for one missing item, true to why it is missing (a trial that ran out, or a plan that ended; a number on its way). */
export function readinessMessage(readiness: Pick<Readiness, 'planEnded' | 'numberWaitingSince'>, item: ReadinessItem): string {
  if (item === 'billing' && readiness.planEnded) return PLAN_ENDED_MESSAGE;
  if (item === 'number' && readiness.numberWaitingSince) return NUMBER_WAITING_MESSAGE;
  return READINESS_MESSAGES[item];
}

export const GO_LIVE_MESSAGES = {
  live: 'Your receptionist is live and answering calls.',
  paused: "Your receptionist is paused: it takes callers' messages.",
  notLive: 'Your receptionist is not live yet, so there is nothing to pause.',
  nothingToCheck: "There is nothing to check yet: your salon's line forwards to your receptionist once it has its number and you have dialled the code.",
  pauseFailed: 'We could not pause your receptionist just now. Please try again in a few minutes.',
  failed: 'We could not switch your receptionist on just now. Please try again in a few minutes.',
} as const;

export interface GoLiveAnswer {
  live: true;
  liveAt: string;
  agentId: string;
}

/** `POST /api/agent/pause`: optionally until a day (the receptionist is back by itself at its start, Irish time). */
export const pauseRequest = z
  .strictObject({
    until: z.iso.date({ error: 'until must be a date (YYYY-MM-DD)' }).optional(),
  })
  .optional();
export type PauseRequest = z.infer<typeof pauseRequest>;

/** How far ahead a pause may be set to end. */
export const PAUSE_MAX_DAYS = 90;

export const PAUSE_MESSAGES = {
  untilPast: 'Choose a day after today for your receptionist to come back.',
  untilTooFar: `A pause can end at most ${PAUSE_MAX_DAYS} days ahead: leave the day empty to pause until you switch it back on.`,
} as const;

/** The dashboard's line for a pause, in the owner's words. */
export function pausedLine(pausedUntilLabel: string | null): string {
  return pausedUntilLabel
    ? `Paused: your receptionist takes messages until ${pausedUntilLabel}, then answers calls again by itself.`
    : 'Paused: your receptionist takes messages until you switch it back on.';
}
