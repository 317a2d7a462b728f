/**
 * The single source of the HTTP API: CDK makes one Lambda per entry, the local server mounts the
 * same entries. `auth: 'owner'` routes need a signed-in owner's access token (Cognito JWT
 * authorizer in AWS, the same checks with jose locally).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteAuth = 'owner' | 'public';

export interface RouteDefinition {
  /** Stable identifier: names the Lambda and its log group. */
  id: string;
  /** What the route is, in one line: docs/architecture.md's routes table is generated from it (bin/routes-doc.ts). */
  summary: string;
  path: string;
  methods: readonly HttpMethod[];
  /** Module (relative to the repository root) exporting `handler`. */
  entry: string;
  auth: RouteAuth;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Lambda memory in MB; defaults suit a JSON route. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * Packages installed into the Lambda's node_modules instead of bundled (wasm, worker scripts or
   * data files that esbuild cannot inline). Each must be resolvable from the repository root.
   */
  nodeModules?: readonly string[];
  /**
   * Heavy packages every other Lambda leaves out (`OPT_IN_PACKAGES`): listed here, the package is
   * bundled into this Lambda, as a chunk its handler loads on first use.
   */
  optIn?: readonly OptInPackage[];
  /** Which resources the route's Lambda may touch (least privilege grants in CDK). */
  grants: readonly Grant[];
}

export type Grant =
  | 'table:read'
  | 'table:write'
  | 'uploads:read'
  | 'uploads:write'
  | 'events:put'
  | 'userpool:admin'
  /** Encrypt and decrypt calendar refresh tokens with the app's KMS key. */
  | 'tokens:crypt'
  /** Read the provider credentials secret (Google OAuth client, voice and telephony keys). */
  | 'secrets:providers'
  /** Call the Bedrock model used for price-list extraction. */
  | 'bedrock:invoke'
  /** Send email through SES from the stage's sender address (booking confirmations, owner notices). */
  | 'email:send';

/**
 * The ElevenLabs SDK, loaded only by code that creates, updates or removes a salon's voice agent.
 * Left out of every other Lambda (infra/lambda-bundle.ts), so none carries its 5 MB: a route that
 * manages agents lists it in `optIn`.
 */
export const VOICE_AGENT_SDK = '@elevenlabs/elevenlabs-js';

export const OPT_IN_PACKAGES = [VOICE_AGENT_SDK] as const;
export type OptInPackage = (typeof OPT_IN_PACKAGES)[number];

const JSON_BODY_LIMIT = 64 * 1024;
/** Price-list uploads: all files of one request together. A Lambda's synchronous payload is 6 MB, base64 inflates by a third. */
export const UPLOAD_REQUEST_LIMIT = 4 * 1024 * 1024;

export const routes: readonly RouteDefinition[] = [
  {
    id: 'get-health',
    summary: "Liveness: the stage, for the local runtime's readiness check and monitors",
    path: '/api/health',
    methods: ['GET'],
    entry: 'functions/api/get-health.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: [],
  },
  // The owner's calls, messages and figures, read from what the bus consumers keep.
  {
    id: 'get-dashboard',
    summary: "The dashboard's figures, recent activity and minutes this period",
    path: '/api/dashboard',
    methods: ['GET'],
    entry: 'functions/api/get-dashboard.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read'],
  },
  {
    id: 'list-calls',
    summary: 'The call log, a page at a time, or one call with its transcript',
    path: '/api/calls',
    methods: ['GET'],
    entry: 'functions/api/list-calls.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read'],
  },
  {
    id: 'delete-call',
    summary: 'Removes a call and its transcript for good',
    path: '/api/calls/delete',
    methods: ['POST'],
    entry: 'functions/api/delete-call.ts',
    auth: 'owner',
    maxBodyBytes: JSON_BODY_LIMIT,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'list-messages',
    summary: 'Messages callers left, newest first',
    path: '/api/messages',
    methods: ['GET'],
    entry: 'functions/api/list-messages.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read'],
  },
  {
    id: 'mark-message-done',
    summary: "Ticks a caller's message off, or back on",
    path: '/api/messages/done',
    methods: ['POST'],
    entry: 'functions/api/mark-message-done.ts',
    auth: 'owner',
    maxBodyBytes: JSON_BODY_LIMIT,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'get-salon',
    summary: "The owner's salon, made on first use, and whether calls reach the receptionist",
    path: '/api/salon',
    methods: ['GET'],
    entry: 'functions/api/get-salon.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'userpool:admin'],
  },
  {
    id: 'delete-account',
    summary: 'Deletes the account and everything of its salon, once the password is given again',
    path: '/api/account/delete',
    methods: ['POST'],
    entry: 'functions/api/delete-account.ts',
    auth: 'owner',
    maxBodyBytes: JSON_BODY_LIMIT,
    timeoutSeconds: 29,
    optIn: [VOICE_AGENT_SDK],
    grants: ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'events:put', 'userpool:admin', 'tokens:crypt', 'secrets:providers'],
  },
  // The owner's data export (GDPR Art. 20): reads the salon's partition only.
  {
    id: 'export-account',
    summary: "Everything kept about the owner's salon, as a JSON download (GDPR Art. 20)",
    path: '/api/account/export',
    methods: ['GET'],
    entry: 'functions/api/export-account.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    timeoutSeconds: 29,
    grants: ['table:read'],
  },
  // The same export as spreadsheets an owner can open: clients, bookings, the waiting list.
  {
    id: 'export-account-csv',
    summary: "The owner's clients, bookings or waiting list as a CSV download (`?table=`), drawn from the data export",
    path: '/api/account/export-csv',
    methods: ['GET'],
    entry: 'functions/api/export-account-csv.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    timeoutSeconds: 29,
    grants: ['table:read'],
  },
  {
    id: 'setup-load',
    summary: 'The setup the wizard and Settings edit, with defaults for what was never saved',
    path: '/api/setup/load',
    methods: ['GET'],
    entry: 'functions/api/setup-load.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'userpool:admin'],
  },
  {
    id: 'setup-step',
    summary: "Saves one wizard step, then brings the salon's voice agent up to date",
    path: '/api/setup/step',
    methods: ['POST'],
    entry: 'functions/api/setup-step.ts',
    auth: 'owner',
    maxBodyBytes: 256 * 1024,
    // The salon's agent is updated after each save: a dozen calls to the voice provider, whose key is in the provider secret.
    // Mapped calendars get their mirrors (Google's API with the salon's refresh token).
    timeoutSeconds: 29,
    optIn: [VOICE_AGENT_SDK],
    grants: ['table:read', 'table:write', 'userpool:admin', 'secrets:providers', 'tokens:crypt'],
  },
  {
    id: 'google-oauth-start',
    summary: 'Starts connecting Google Calendar: the consent page to send the owner to',
    path: '/api/google/oauth/start',
    methods: ['POST'],
    entry: 'functions/api/google-oauth-start.ts',
    auth: 'owner',
    maxBodyBytes: 1024,
    grants: ['table:read', 'table:write', 'secrets:providers', 'userpool:admin'],
  },
  {
    id: 'google-oauth-callback',
    summary: 'Where Google sends the owner back: keeps the grant, redirects to the wizard or Settings',
    path: '/api/google/oauth/callback',
    methods: ['GET'],
    entry: 'functions/api/google-oauth-callback.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
  {
    id: 'google-list-calendars',
    summary: "The connected Google account's calendars",
    path: '/api/google/list-calendars',
    methods: ['GET'],
    entry: 'functions/api/google-list-calendars.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
  {
    id: 'services-extract',
    summary: 'Services read from uploaded price lists; `?route=auto-fill-durations` fills in missing durations',
    path: '/api/services/extract',
    methods: ['POST'],
    entry: 'functions/api/services-extract.ts',
    auth: 'owner',
    maxBodyBytes: UPLOAD_REQUEST_LIMIT,
    memoryMb: 2048,
    timeoutSeconds: 29,
    // sharp's native binding comes from the lock file's @img/sharp-linux-arm64 (npm ci --cpu, infra/function.ts).
    nodeModules: ['pdfjs-dist', 'tesseract.js', 'tesseract.js-core', '@tesseract.js-data/eng', '@tesseract.js-data/osd', 'sharp', 'mammoth', 'word-extractor'],
    grants: ['table:read', 'table:write', 'userpool:admin', 'uploads:write', 'bedrock:invoke'],
  },
  {
    id: 'voice-preview',
    summary: "A voice's sample for the voice step",
    path: '/api/elevenlabs',
    methods: ['GET'],
    entry: 'functions/api/voice-preview.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: ['secrets:providers'],
  },
  {
    id: 'elevenlabs-post-call',
    summary: "ElevenLabs' post-call webhook: the call's summary, evaluation and transcript",
    path: '/api/elevenlabs/post-call',
    methods: ['POST'],
    entry: 'functions/api/elevenlabs-post-call.ts',
    // ElevenLabs has no Cognito token: the handler checks the webhook's HMAC signature first.
    auth: 'public',
    // A long call's transcript.
    maxBodyBytes: 1024 * 1024,
    grants: ['table:read', 'table:write', 'secrets:providers'],
  },
  {
    id: 'go-live',
    summary: "Go Live Now: makes or updates the salon's voice agent and puts it live",
    path: '/api/agent/go-live',
    methods: ['POST'],
    entry: 'functions/api/go-live.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    // Making the agent: ten calls to the voice provider, whose key is in the provider secret.
    timeoutSeconds: 29,
    optIn: [VOICE_AGENT_SDK],
    grants: ['table:read', 'table:write', 'secrets:providers'],
  },
  // Pause: calls are answered in message mode until Go Live Now, or until the day the owner gave.
  {
    id: 'pause-receptionist',
    summary: 'Pauses a live receptionist: it takes messages, until Go Live Now or a given day',
    path: '/api/agent/pause',
    methods: ['POST'],
    entry: 'functions/api/pause-receptionist.ts',
    auth: 'owner',
    maxBodyBytes: 256,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'start-forwarding-check',
    summary: "Starts the going-live checklist's check: the next call to reach the receptionist shows the salon's line forwards to it",
    path: '/api/agent/forwarding-check',
    methods: ['POST'],
    entry: 'functions/api/start-forwarding-check.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'contact-support',
    summary: "The in-app support form: the owner's message, with the salon's id, emailed to the stage's support address",
    path: '/api/support',
    methods: ['POST'],
    entry: 'functions/api/contact-support.ts',
    auth: 'owner',
    maxBodyBytes: 8 * 1024,
    grants: ['table:read', 'table:write', 'email:send'],
  },
  {
    id: 'clear-test-bookings',
    summary: 'Cancels every upcoming test booking',
    path: '/api/appointments/clear-test',
    methods: ['POST'],
    entry: 'functions/api/clear-test-bookings.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    timeoutSeconds: 29,
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
  {
    id: 'agent-tools',
    summary: "The hosted voice agent's tools (`?tool=`), allowed by the salon's agent secret",
    path: '/api/agent/tools',
    methods: ['POST'],
    entry: 'functions/api/agent-tools.ts',
    // The hosted voice agent has no Cognito token: the handler checks the salon's agent secret.
    // No userpool grant: the only one there is includes AdminDeleteUser, too much for a public
    // route; the owner's email on booking events is then null in AWS (see README).
    auth: 'public',
    maxBodyBytes: 16 * 1024,
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
  // Twilio's voice webhook (calls to assigned numbers and the TwiML app's browser test calls): it
  // carries no owner token, so the handler checks Twilio's signature before reading anything.
  {
    id: 'twilio-voice',
    summary: "Twilio's voice webhook: routes each call and records how it went",
    path: '/api/twilio/voice',
    methods: ['POST'],
    entry: 'functions/api/twilio-voice.ts',
    auth: 'public',
    maxBodyBytes: 16 * 1024,
    grants: ['table:read', 'table:write', 'events:put', 'secrets:providers'],
  },
  // Twilio's inbound SMS webhook (callers' replies to reminders and freed-time offers): no owner
  // token, so the handler checks Twilio's signature first. A "YES" cancels through the booking
  // core (calendar token, deposit session), and a message publishes message.left.
  {
    id: 'twilio-sms',
    summary:
      "Callers' texts, signed by Twilio: STOP/START kept for every salon, the rest routed to the salon that texted them (asked back when two could be meant): cancel with a confirming YES, a freed time taken, anything else a message",
    path: '/api/twilio/sms',
    methods: ['POST'],
    entry: 'functions/api/twilio-sms.ts',
    auth: 'public',
    maxBodyBytes: 16 * 1024,
    timeoutSeconds: 29,
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
  // The browser test call: the voice SDK's token (?route=client-token) and hanging up
  // (?route=end-conference). A real test call before Go Live makes the salon's agent first.
  {
    id: 'twilio',
    summary: "The browser test call: the voice SDK's token (`?route=client-token`) and hanging up (`?route=end-conference`)",
    path: '/api/twilio',
    methods: ['POST'],
    entry: 'functions/api/twilio.ts',
    auth: 'owner',
    maxBodyBytes: 1024,
    timeoutSeconds: 29,
    optIn: [VOICE_AGENT_SDK],
    grants: ['table:read', 'table:write', 'secrets:providers'],
  },
  // Two jobs on one path: the subscription with ?route=status|create-checkout|portal|vat-number, and without
  // a route the payment account (Stripe Connect: GET its status, POST a link to onboarding or its
  // dashboard). The bare path stays the payment account's: the web app's Billing section calls it so.
  {
    id: 'stripe',
    summary:
      "With `?route=` the salon's subscription (`status`, `create-checkout`, `portal`, `vat-number`); without one, its payment account (Stripe Connect): GET its status, POST an onboarding or dashboard link",
    path: '/api/stripe',
    methods: ['GET', 'POST'],
    entry: 'functions/api/stripe.ts',
    auth: 'owner',
    maxBodyBytes: 4 * 1024,
    timeoutSeconds: 29,
    grants: ['table:read', 'table:write', 'userpool:admin', 'secrets:providers'],
  },
  // Google's push notifications for the calendar mirrors (events.watch channels, and the sandbox
  // calendar's): no owner token, so the handler believes only a mirror's current channel token.
  {
    id: 'calendar-notifications',
    summary: "Google's push notifications for the calendar mirrors, believed only with a mirror's current channel token",
    path: '/api/calendar/notifications',
    methods: ['POST'],
    entry: 'functions/api/calendar-notifications.ts',
    auth: 'public',
    maxBodyBytes: 0,
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
  // Stripe's webhook (account and Connect endpoints): no owner token, so the handler checks the
  // signature over the raw body before reading anything.
  {
    id: 'stripe-webhook',
    summary: "Stripe's webhook: subscriptions, the payment account and deposits",
    path: '/api/stripe/webhook',
    methods: ['POST'],
    entry: 'functions/api/stripe-webhook.ts',
    auth: 'public',
    maxBodyBytes: 256 * 1024,
    // A deposit's session settles its booking: the calendar event (tokens) and booking events.
    grants: ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'],
  },
  {
    id: 'list-appointments',
    summary: "The salon's appointments for a range of days, when the next one after them starts, and this month's bookings and no-shows",
    path: '/api/appointments',
    methods: ['GET'],
    entry: 'functions/api/list-appointments.ts',
    auth: 'owner',
    maxBodyBytes: 0,
    grants: ['table:read'],
  },
  {
    id: 'waitlist',
    summary: 'The waiting list: who waits for what and which day; POST `?route=remove` takes someone off, `?route=offer` texts them a time by hand',
    path: '/api/waitlist',
    methods: ['GET', 'POST'],
    entry: 'functions/api/waitlist.ts',
    auth: 'owner',
    maxBodyBytes: 1024,
    timeoutSeconds: 29,
    // An offer reads the stylists' calendars (a grant to decrypt) and texts the caller (the provider secret).
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
  {
    id: 'change-appointment',
    summary: "The owner's change of one appointment, from the dashboard or the diary: a no-show marked or undone, a cancel or a move",
    path: '/api/appointments/change',
    methods: ['POST'],
    entry: 'functions/api/change-appointment.ts',
    auth: 'owner',
    maxBodyBytes: 1024,
    timeoutSeconds: 29,
    // A move reads the stylists' calendars (a grant to decrypt); a cancel expires an unpaid deposit's Checkout Session (Stripe's key).
    grants: ['table:read', 'table:write', 'tokens:crypt', 'secrets:providers'],
  },
];

export function findRoute(method: string, path: string): RouteDefinition | undefined {
  return routes.find((route) => route.path === path && route.methods.includes(method as HttpMethod));
}

export function findRouteById(id: string): RouteDefinition {
  return findRouteIn(routes, id, 'functions/routes.ts');
}

export function findRouteIn(table: readonly RouteDefinition[], id: string, tableName = 'its routes table'): RouteDefinition {
  const route = table.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in ${tableName}`);
  return route;
}
