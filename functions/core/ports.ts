import type { SalonStore } from './ports/salon-store.js';
import type { SetupStore } from './ports/setup-store.js';
import type { EventPublisher } from './ports/events.js';
import type { Identity } from './ports/identity.js';
import type { Uploads } from './ports/uploads.js';
import type { VoicePort } from './ports/voice.js';
import type { CalendarPort } from './ports/calendar.js';
import type { CalendarMirrorStore } from './ports/calendar-mirror-store.js';
import type { TelephonyPort } from './ports/telephony.js';
import type { TokenCipher } from './ports/token-cipher.js';
import type { GoogleStore } from './ports/google-store.js';
import type { PriceListExtractor } from './ports/price-list-extractor.js';
import type { BookingStore } from './ports/booking-store.js';
import type { AgentStore } from './ports/agent-store.js';
import type { SmsPort } from './ports/sms.js';
import type { EmailPort } from './ports/email.js';
import type { OutboxStore } from './ports/outbox-store.js';
import type { DeliveryClaims } from './ports/delivery-claims.js';
import type { DeletedOwners } from './ports/deleted-owners.js';
import type { RateLimits } from './ports/rate-limits.js';
import type { CallStore } from './ports/call-store.js';
import type { UsageStore } from './ports/usage-store.js';
import type { TestCallStore } from './ports/test-call-store.js';
import type { CallStatsStore } from './ports/call-stats-store.js';
import type { ActivityStore } from './ports/activity-store.js';
import type { ConversationStore } from './ports/conversation-store.js';
import type { PartitionLayout, SalonPartition } from './ports/salon-partition.js';
import type { VoiceAgentPort } from './ports/voice-agent.js';
import type { PaymentsPort } from './ports/payments.js';
import type { SubscriptionStore } from './ports/subscription-store.js';
import type { SmsReplyStore } from './ports/sms-reply-store.js';
import type { SmsRoutingStore } from './ports/sms-routing-store.js';
import type { NumberStore } from './ports/number-store.js';
import type { DiallingStore } from './ports/dialling-store.js';

/**
 * What core asks of the world outside it: the stores, the vendors' ports and the clock. Each port's
 * interface and data types are core's own (functions/core/ports/): functions/store/ and
 * functions/providers/ implement them, and core imports neither (eslint.config.js). Each core
 * function takes only the few it uses (`Pick<Ports, …>`, or narrower); functions/composition-root.ts
 * builds one of each, chosen by configuration, and core never sees which.
 */
export interface Ports {
  /** Where the product is served: the address in links, OAuth callbacks and webhook registrations. */
  config: { SITE_URL: string };
  salons: SalonStore;
  /** The stage's phone numbers: the pool, the number each salon holds, released numbers in quarantine. */
  numbers: NumberStore;
  /** The `<Dial>`s placed for each salon's callers, until they report back (a call back through one is a loop). */
  dialling: DiallingStore;
  /** Tombstones of deleted owners, whose unexpired tokens must not bring their salon back. */
  deletedOwners: DeletedOwners;
  setup: SetupStore;
  events: EventPublisher;
  identity: Identity;
  uploads: Uploads;
  voice: VoicePort;
  googleStore: GoogleStore;
  /** Each connected calendar's busy time, kept in sync with Google (functions/core/calendar/mirror.ts). */
  calendarMirrors: CalendarMirrorStore;
  calendar: CalendarPort;
  tokenCipher: TokenCipher;
  /** Price-list extraction: Bedrock where BEDROCK_MODEL_ID is set, else the offline parser. */
  extractor: PriceListExtractor;
  /** Twilio when configured (env or provider secret), else the sandbox outbox; never the sandbox in prod. */
  sms: SmsPort;
  /** Twilio calls when an account is configured (env or provider secret), else the sandbox (local signing key); never the sandbox in prod. */
  telephony: TelephonyPort;
  /** SES when EMAIL_FROM is configured, else the sandbox outbox; never the sandbox in prod. */
  email: EmailPort;
  /** What the SMS and email sandboxes "sent" (the local outbox page lists it). */
  outbox: OutboxStore;
  /** Callers' STOPs and the questions the salon's texts asked them (replies to reminders and offers). */
  smsReplies: SmsReplyStore;
  /** Which salons texted a caller lately, and a "which salon?" asked back: replies come to the platform's sender. */
  smsRouting: SmsRoutingStore;
  /** Claims that make the message consumers send once per event. */
  deliveryClaims: DeliveryClaims;
  /** Appointments, stylist-day reservations, idempotency keys, callers' messages. */
  bookings: BookingStore;
  /** The salon's agent settings: the voice agent's secret (hash only) and the hosted agent's ids. */
  agents: AgentStore;
  /** Fixed-window counters behind the flood caps (messages per caller and salon, wrong secrets per source). */
  rateLimits: RateLimits;
  /** One record per call, merged from the telephony and voice-agent webhooks. */
  calls: CallStore;
  /** Minutes used per billing period, counted once per call. */
  usage: UsageStore;
  /** The dashboard's per-day call figures. */
  callStats: CallStatsStore;
  /** The dashboard's recent activity. */
  activity: ActivityStore;
  /** The salon's hosted voice agent: ElevenLabs when a key is configured, else the labelled sandbox; never the sandbox in prod. */
  voiceAgents: VoiceAgentPort;
  /** The sandbox receptionist's conversations between turns. */
  conversations: ConversationStore;
  /** The salon's one open sandbox test call, bounded by its free test minutes. */
  testCalls: TestCallStore;
  /** Every item of a salon's partition, for the owner's data export. */
  salonPartition: SalonPartition;
  /** How the export reads those items: the table's layout, which the store owns. */
  partitionLayout: PartitionLayout;
  /** Subscriptions and the payment account: Stripe when a secret key is configured (env or provider secret), else the labelled sandbox; never the sandbox in prod. */
  payments: PaymentsPort;
  /** The subscription on the salon's profile, the payment account, applied Stripe events, the overage ledger. */
  subscriptions: SubscriptionStore;
  now: () => Date;
}
