/** Key builders for the single table: one place that knows how items are addressed. */
export const keys = {
  salon: (salonId: string) => `SALON#${salonId}`,
  owner: (userId: string) => `OWNER#${userId}`,
  /** Under `owner`: the deleted owner's tombstone (functions/store/deleted-owners.ts). */
  deletedOwnerSk: 'DELETED',
  phone: (e164: string) => `PHONE#${e164}`,
  /** gsi1 partition listing every assigned number (support's list-numbers), by number. */
  phoneIndex: 'PHONES',
  /** gsi1 partitions of the number pool (functions/store/number-store.ts): free numbers oldest first, quarantined ones by when they are due. */
  freeNumbersIndex: 'NUMBERPOOL#FREE',
  quarantinedNumbersIndex: 'NUMBERPOOL#QUARANTINED',
  /** Salons that finished setup while the pool was empty, first come first served. */
  numbersWaiting: 'NUMBERS#WAITING',
  numberWaitingSk: (since: string, salonId: string) => `${since}#${salonId}`,
  profileSk: 'PROFILE',
  googleSk: 'GOOGLE',
  /** A pending Google OAuth `state` (by its hash), found by the public callback without a salon. */
  oauthState: (stateHash: string) => `OAUTH#${stateHash}`,
  oauthStateSk: 'STATE',
  /** The calendar sandbox's own data, kept under the salon so account deletion removes it. */
  sandboxEventSk: (calendarId: string, eventId: string) => `SANDBOXCAL#EVENT#${calendarId}#${eventId}`,
  sandboxEventPrefix: (calendarId: string) => `SANDBOXCAL#EVENT#${calendarId}#`,
  sandboxRevokedSk: (tokenHash: string) => `SANDBOXCAL#REVOKED#${tokenHash}`,
  /** The calendar sandbox's change counter per calendar (its sync tokens) and its push channels. */
  sandboxSeqSk: (calendarId: string) => `SANDBOXCAL#SEQ#${calendarId}`,
  sandboxChannelSk: (calendarId: string, channelId: string) => `SANDBOXCAL#CHANNEL#${calendarId}#${channelId}`,
  sandboxChannelPrefix: (calendarId: string) => `SANDBOXCAL#CHANNEL#${calendarId}#`,
  /** A connected calendar's mirror: its busy time, sync token and push channel (functions/store/calendar-mirror-store.ts). */
  calendarMirrorSk: (calendarId: string) => `CALMIRROR#${calendarId}`,
  calendarMirrorPrefix: 'CALMIRROR#',
  /** gsi1 partition listing every salon's mirrors, by channel expiry, for the renewal job. */
  calendarMirrorIndex: 'CALMIRRORS',
  /** Everything the setup wizard saves sorts under this prefix: one query loads it all. */
  setupPrefix: 'SETUP#',
  setupStateSk: 'SETUP#STATE',
  voiceSk: 'SETUP#VOICE',
  stylistSk: (stylistId: string) => `SETUP#STYLIST#${stylistId}`,
  serviceSk: (serviceId: string) => `SETUP#SERVICE#${serviceId}`,
  mappingSk: (stylistId: string) => `SETUP#MAPPING#${stylistId}`,
  salonSk: 'SALON',
  /** Bookings (functions/store/booking/*): appointments, listed by start time on gsi1. */
  appointmentSk: (bookingId: string) => `APPT#${bookingId}`,
  appointmentsByStart: (salonId: string) => `SALON#${salonId}#APPTS`,
  /** The booking of record: one item per stylist per local day, versioned (booking/day-store.ts). */
  daySk: (stylistId: string, date: string) => `DAY#${stylistId}#${date}`,
  idempotencySk: (key: string) => `IDEMP#${key}`,
  /** A caller's recent and upcoming bookings (per-hour cap, "cancel my booking"), by phone hash. */
  callerSk: (phoneHash: string) => `CALLER#${phoneHash}`,
  bookingCountSk: (month: string) => `BOOKINGS#${month}`,
  calendarSyncSk: (bookingId: string) => `CALSYNC#${bookingId}`,
  calendarSyncPrefix: 'CALSYNC#',
  /** gsi1 partition listing every salon's pending calendar writes, for the sweep. */
  calendarSyncIndex: 'CALSYNC',
  /** A booking change whose projections are not done yet (functions/store/booking/settle-store.ts). */
  settleSk: (markerId: string) => `SETTLE#${markerId}`,
  /** gsi1 partition listing every salon's unsettled booking changes, for the sweep. */
  settleIndex: 'SETTLE',
  messageSk: (at: string, messageId: string) => `MSG#${at}#${messageId}`,
  messagePrefix: 'MSG#',
  /** Rate-limit counters (functions/store/rate-limits.ts), one per window (its start, ISO). */
  callerMessagesLimitSk: (phoneHash: string, window: string) => `LIMIT#MSG#CALLER#${phoneHash}#${window}`,
  salonMessagesLimitSk: (window: string) => `LIMIT#MSG#SALON#${window}`,
  supportMessagesLimitSk: (window: string) => `LIMIT#SUPPORT#${window}`,
  callerWaitlistLimitSk: (phoneHash: string, window: string) => `LIMIT#WAITLIST#CALLER#${phoneHash}#${window}`,
  salonWaitlistLimitSk: (window: string) => `LIMIT#WAITLIST#SALON#${window}`,
  /** A partition per source address (hashed) for its failed agent-secret checks: a wrong secret names no salon. */
  secretFailures: (sourceHash: string) => `SECRETFAIL#${sourceHash}`,
  secretFailuresSk: (window: string) => `LIMIT#${window}`,
  /** The salon's agent settings: the voice agent's secret (hash only; gsi1 finds the salon by it) and the hosted agent. */
  agentSk: 'AGENT',
  agentKey: (secretHash: string) => `AGENTKEY#${secretHash}`,
  /** A sandbox receptionist conversation's state (functions/store/conversation-store.ts), gone a day later. */
  conversationSk: (conversationId: string) => `CONVERSATION#${conversationId}`,
  /** The salon's one open sandbox test call (functions/store/test-call-store.ts). */
  testCallSk: 'TESTCALL',
  /** A `<Dial>` we placed for the salon and its caller, until it reports back: a call that comes back through it is a loop (functions/store/dialling-store.ts). */
  diallingSk: (callSid: string) => `DIALLING#${callSid}`,
  diallingPrefix: 'DIALLING#',
  /** What the SMS and email sandboxes "sent", under the salon; gsi1 lists every salon's, newest first. */
  outboxPrefix: 'OUTBOX#',
  outboxSk: (iso: string, id: string) => `OUTBOX#${iso}#${id}`,
  outboxIndex: 'OUTBOX',
  outboxIndexSk: (iso: string, id: string) => `${iso}#${id}`,
  /** Calls (functions/store/call-store.ts): one per call, listed newest first on gsi1; the transcript beside it. */
  callSk: (callSid: string) => `CALL#${callSid}`,
  callTranscriptSk: (callSid: string) => `CALL#${callSid}#TRANSCRIPT`,
  callsByStart: (salonId: string) => `SALON#${salonId}#CALLS`,
  /** A call the sweep must finish: open, or ended and `call.completed` not yet marked sent (functions/store/call-sweep-markers.ts). */
  callSweepSk: (callSid: string) => `CALLSWEEP#${callSid}`,
  /** gsi1 partition listing every salon's unfinished calls, for the sweep. */
  callSweepIndex: 'CALLSWEEP',
  /** A day's call figures for the dashboard (functions/store/call-stats-store.ts). */
  callStatsSk: (day: string) => `STATS#${day}`,
  /** The dashboard's recent activity, newest last in the table (functions/store/activity-store.ts). */
  activitySk: (at: string, kind: string, id: string) => `ACTIVITY#${at}#${kind}#${id}`,
  activityPrefix: 'ACTIVITY#',
  /** Minutes used in a billing period, sharded by the calls' local day (functions/store/usage-store.ts). */
  usageSk: (periodId: string, day: string) => `USAGE#${periodId}#${day}`,
  usagePrefix: (periodId: string) => `USAGE#${periodId}#`,
  /** One usage warning per threshold per period: who publishes it, and whether it went out. */
  usageWarningSk: (periodId: string, threshold: number) => `USAGEWARN#${periodId}#${threshold}`,
  /** Billing (functions/store/subscription-store.ts): the salon's Stripe Connect account, Stripe events already applied (TTL), overage reported per period. */
  paymentAccountSk: 'PAYMENTACCOUNT',
  stripeEventSk: (eventId: string) => `STRIPEEVENT#${eventId}`,
  overageSk: (periodId: string) => `OVERAGE#${periodId}`,
  /** A subscription Checkout Session made for the salon, until it is over (TTL): a new one expires the others. */
  checkoutSk: (sessionId: string) => `CHECKOUT#${sessionId}`,
  checkoutPrefix: 'CHECKOUT#',
  /** The payments sandbox's own objects (sessions, subscription, account, meter events), kept under the salon so account deletion removes them. */
  sandboxStripeSk: (kind: string, id: string) => `SANDBOXSTRIPE#${kind}#${id}`,
  /** The payments sandbox's local webhook signing secret (one per installation). */
  sandboxStripe: 'SANDBOXSTRIPE',
  sandboxStripeSecretSk: 'WEBHOOKSECRET',
  /** A booking's reminder text, due at `sendAt` (functions/store/reminder-store.ts); gsi1 lists every salon's by the day it is due. */
  reminderSk: (bookingId: string) => `REMINDER#${bookingId}`,
  reminderIndex: (day: string) => `REMINDERS#${day}`,
  /**
   * A number that texted STOP to our sender, by the scope Twilio blocks (the Messaging Service, or
   * the sending number): nothing more is texted to it from any salon until START (functions/store/sms-reply-store.ts).
   */
  smsOptOut: (scopedPhoneHash: string) => `SMSOPTOUT#${scopedPhoneHash}`,
  smsOptOutSk: 'SMSOPTOUT',
  /** Texts to a caller across salons (functions/store/sms-routing-store.ts): which salons texted them, and a "which salon?" asked back. */
  smsCaller: (callerHash: string) => `SMSCALLER#${callerHash}`,
  smsTextedBySk: (salonId: string) => `TEXTEDBY#${salonId}`,
  smsTextedByPrefix: 'TEXTEDBY#',
  smsWhichSk: 'WHICHSALON',
  /** The SMS sandbox's own record of who opted out, as Twilio keeps it (local/sandboxes/sandbox-sms.ts). */
  sandboxSmsOptOut: (scopedPhoneHash: string) => `SANDBOXSMS#OPTOUT#${scopedPhoneHash}`,
  sandboxSmsOptOutSk: 'SANDBOXSMS',
  /** What the salon's last text to a number asked it (confirm a cancel, take a freed time), until answered or stale. */
  smsPendingSk: (phoneHash: string) => `SMSPENDING#${phoneHash}`,
  /** The booking the salon's last booking text to a number was about (functions/core/replies/last-text.ts). */
  smsSubjectSk: (phoneHash: string) => `SMSSUBJECT#${phoneHash}`,
  /** A text a caller sent, by Twilio's MessageSid: acted on once, however often the webhook is replayed (before it is known which salon it is for). */
  smsReceived: (messageSid: string) => `SMSIN#${messageSid}`,
  smsReceivedSk: 'SMSIN',
  /** A caller waiting for a time on a full day (functions/store/waitlist-store.ts), by day. */
  waitlistSk: (date: string, entryId: string) => `WAITLIST#${date}#${entryId}`,
  waitlistPrefix: (date: string) => `WAITLIST#${date}#`,
  /** A freed time offered to a day's waiting list: first to take it wins. */
  offerSk: (offerId: string) => `OFFER#${offerId}`,
  /** No-shows (functions/store/no-show-store.ts): the month's (the dashboard's figure) and a caller's, each a set of booking ids. */
  noShowMonthSk: (month: string) => `NOSHOWS#${month}`,
  noShowCallerSk: (phoneHash: string) => `NOSHOWCALLER#${phoneHash}`,
  /** A consumer's claim on one message about one subject (a booking, a usage threshold), so a redelivered event sends nothing. */
  deliveryClaimSk: (eventType: string, subjectId: string, channel: string) => `SENT#${eventType}#${subjectId}#${channel}`,
  /** An event written with the change it reports, until the stream has carried it to the bus (functions/store/event-outbox.ts). */
  eventOutboxSk: (eventId: string) => `EVENTOUT#${eventId}`,
} as const;
