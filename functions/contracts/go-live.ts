/**
 * Going live (the "Go Live Now" action on /test) and the dashboard's AI status: what must be true
 * before calls reach the receptionist, and how each missing piece is told, once for server and
 * browser.
 */
export const READINESS_ITEMS = ['setup', 'number', 'billing'] as const;
export type ReadinessItem = (typeof READINESS_ITEMS)[number];

/**
 * The receptionist's state in one word, as the dashboard and the test page show it: answering
 * calls, paused by the owner (calls go to the salon), ready for Go Live Now, or something missing.
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
}

export const READINESS_MESSAGES: Record<ReadinessItem, string> = {
  setup: 'Finish the setup first: business details, calendar and services, voice and number.',
  number: 'Your receptionist has no phone number yet: our support team assigns one, usually within a working day.',
  billing: 'Your free trial has ended: choose a plan to keep your receptionist answering.',
};

export const PLAN_ENDED_MESSAGE = 'Your plan has ended: choose a plan to keep your receptionist answering.';

/** The sentence for one missing item, true to why it is missing (a trial that ran out, or a plan that ended). */
export function readinessMessage(readiness: Pick<Readiness, 'planEnded'>, item: ReadinessItem): string {
  return item === 'billing' && readiness.planEnded ? PLAN_ENDED_MESSAGE : READINESS_MESSAGES[item];
}

export const GO_LIVE_MESSAGES = {
  live: 'Your receptionist is live and answering calls.',
  paused: 'Your receptionist is paused: calls go straight to your salon phone until you switch it back on.',
  notLive: 'Your receptionist is not live yet, so there is nothing to pause.',
  pauseFailed: 'We could not pause your receptionist just now. Please try again in a few minutes.',
  failed: 'We could not switch your receptionist on just now. Please try again in a few minutes.',
} as const;

export interface GoLiveAnswer {
  live: true;
  liveAt: string;
  agentId: string;
}
