/**
 * The capacity model: what one salon asks of the system in its busiest hour, and what that makes
 * at 100, 1,000 and 10,000 salons. Route throttles are sized from it (peak × 3) and
 * docs/operations.md's capacity table is worked from it; tests/infra/capacity.test.ts holds both.
 * The per-salon figures are assumptions for an Irish hair salon, stated in docs/operations.md:
 * change them there and here together.
 */
export const SALON_COUNTS = [100, 1_000, 10_000] as const;

/** Headroom of every route throttle over the route's peak at the stage's design size. */
export const THROTTLE_HEADROOM = 3;

/** A throttle never goes below this: one owner's setup session must never hit it. */
export const MIN_THROTTLE = { rateLimit: 5, burstLimit: 10 } as const;

/** One salon's busiest hour. */
export const BUSIEST_HOUR = {
  /** 30 calls a day, 15% of them in the busiest hour. */
  calls: 4.5,
  /** Answered by the receptionist (the rest the salon picks up first, or are forwarded). */
  agentShare: 0.8,
  /** Tool calls in a conversation the receptionist answers (availability, book, …). */
  toolCallsPerAgentCall: 5,
  /** Minutes a conversation with the receptionist lasts. */
  conversationMinutes: 3,
  /** Bookings per call the receptionist answers. */
  bookingsPerAgentCall: 0.4,
  /** SMS segments per booking: the confirmation (about 200 characters, two segments). */
  smsSegmentsPerBooking: 2,
  /** Emails per booking: the owner's notice, and the caller's when they give an address (one in three). */
  emailsPerBooking: 1.33,
  /** Seconds a voice webhook waits (register-call) and a tool call runs, for Lambda concurrency. */
  voiceWebhookSeconds: 1.5,
  toolCallSeconds: 0.4,
} as const;

/** A salon's calls in a day, for daily quotas (SES). */
export const CALLS_PER_DAY = 30;

const agentCalls = BUSIEST_HOUR.calls * BUSIEST_HOUR.agentShare;

/**
 * Requests one salon makes of each route in its busiest hour. Owners' routes assume an owner
 * glancing at the dashboard a few times an hour; setup routes are rare (a salon sets up once).
 * Every route in functions/routes.ts has an entry (tests/infra/capacity.test.ts).
 */
export const ROUTE_REQUESTS_PER_SALON_HOUR: Readonly<Record<string, number>> = {
  // The phone path: what callers wait on.
  'agent-tools': agentCalls * BUSIEST_HOUR.toolCallsPerAgentCall,
  // The ring, Twilio's status callback, and a <Dial>'s outcome for the calls rung through or forwarded.
  'twilio-voice': BUSIEST_HOUR.calls * 2 + BUSIEST_HOUR.calls * (1 - BUSIEST_HOUR.agentShare),
  'elevenlabs-post-call': agentCalls,
  // Callers' texts to the salon's number: a reply, and its YES, per reminder or freed-time offer at most (docs/reminders.md).
  'twilio-sms': agentCalls * BUSIEST_HOUR.bookingsPerAgentCall * 2,
  // Subscription events, Connect account updates and deposit checkouts.
  'stripe-webhook': 1,
  // Google's push notifications: each booking's own event written and removed, and the owner's own edits.
  'calendar-notifications': agentCalls * BUSIEST_HOUR.bookingsPerAgentCall * 2 + 2,
  // The owner's pages.
  'get-dashboard': 3,
  'list-appointments': 3,
  // The owner's moves, cancels and no-shows: a few a day.
  'change-appointment': 0.5,
  // The dashboard's waiting list, read with the dashboard; an offer or a removal now and then.
  waitlist: 3,
  'list-calls': 2,
  'list-messages': 2,
  'get-salon': 3,
  'mark-message-done': 0.5,
  'delete-call': 0.1,
  twilio: 0.2,
  stripe: 0.2,
  'setup-load': 0.5,
  'setup-step': 0.2,
  'voice-preview': 0.2,
  'go-live': 0.05,
  'pause-receptionist': 0.05,
  // The going-live checklist's check (once or twice in a salon's life) and the support form.
  'start-forwarding-check': 0.05,
  'contact-support': 0.05,
  'clear-test-bookings': 0.05,
  'services-extract': 0.05,
  'google-oauth-start': 0.05,
  'google-oauth-callback': 0.05,
  'google-list-calendars': 0.05,
  'export-account': 0.01,
  'export-account-csv': 0.03,
  'delete-account': 0.01,
  // Monitoring polls it, whatever the number of salons.
  'get-health': 0,
};

/** Requests a second on `routeId` in the busiest hour, spread evenly over it. */
export function peakRequestsPerSecond(routeId: string, salons: number): number {
  const perSalon = ROUTE_REQUESTS_PER_SALON_HOUR[routeId];
  if (perSalon === undefined) throw new Error(`No capacity figure for route ${routeId} (infra/capacity.ts)`);
  return (perSalon * salons) / 3600;
}

export interface Throttle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** The route's throttle for a stage designed for `salons`: its peak × 3, a burst of twice that, never below MIN_THROTTLE. */
export function routeThrottle(routeId: string, salons: number): Throttle {
  const rateLimit = Math.max(MIN_THROTTLE.rateLimit, Math.ceil(peakRequestsPerSecond(routeId, salons) * THROTTLE_HEADROOM));
  return { rateLimit, burstLimit: Math.max(MIN_THROTTLE.burstLimit, rateLimit * 2) };
}

/** Conversations with the receptionist at once, in the busiest hour (ElevenLabs' concurrency is a plan limit). */
export const concurrentConversations = (salons: number) => (salons * agentCalls * BUSIEST_HOUR.conversationMinutes) / 60;

/** SMS segments a second in the busiest hour (one Twilio number sends one a second). */
export const smsSegmentsPerSecond = (salons: number) => (salons * agentCalls * BUSIEST_HOUR.bookingsPerAgentCall * BUSIEST_HOUR.smsSegmentsPerBooking) / 3600;

/** Emails a day (SES's sandbox sends 200 a day, to verified addresses only). */
export const emailsPerDay = (salons: number) =>
  salons * CALLS_PER_DAY * BUSIEST_HOUR.agentShare * BUSIEST_HOUR.bookingsPerAgentCall * BUSIEST_HOUR.emailsPerBooking;

/** Lambda executions at once on the phone path in the busiest hour (new accounts get a reduced concurrency quota). */
export const phoneLambdaConcurrency = (salons: number) =>
  peakRequestsPerSecond('agent-tools', salons) * BUSIEST_HOUR.toolCallSeconds +
  peakRequestsPerSecond('twilio-voice', salons) * BUSIEST_HOUR.voiceWebhookSeconds;

/** The number of salons at which `perSalon(salons)` reaches `limit` (the model is linear in salons). */
export const bitesAt = (limit: number, perSalon: (salons: number) => number) => Math.round(limit / perSalon(1));
