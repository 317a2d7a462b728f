import { DateTime } from 'luxon';
import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_EXPORT_VERSION,
  EXPORT_LIST_SECTIONS,
  EXPORT_SINGLE_SECTIONS,
  exportFileName,
  type AccountExport,
  type ExportListSection,
  type ExportSingleSection,
  type ExportedRecord,
} from '../contracts/account.js';
import { SALON_TIME_ZONE } from '../contracts/appointments.js';
import type { Owner } from './owner.js';
import { logger } from '../logger.js';
import type { Ports } from './ports.js';
import type { PartitionItem as Item, PartitionLayout } from './ports/salon-partition.js';
import { ownerSalonId, type DeletedOwnerCheck } from './salon.js';

export type AccountExportDeps = DeletedOwnerCheck & Pick<Ports, 'salonPartition' | 'partitionLayout'>;

/**
 * How one kind of item is exported. `fields` lists the only attributes that leave, for a kind that
 * also holds a secret or internals; without it everything leaves but the table's own keys.
 * `fromKey` names what only the sort key says (the parts after the kind).
 */
type ExportRule = ({ one: ExportSingleSection } | { list: ExportListSection }) & {
  fields?: readonly string[];
  fromKey?: (parts: string[]) => ExportedRecord;
};

/**
 * The allowlist, by item kind (docs/architecture.md, "Data model"). A kind that is in neither this
 * list nor LEFT_OUT is not exported either: a new kind of record reaches owners' downloads only
 * once someone decides here that it should (RELIABILITY 25).
 */
const EXPORTED: Readonly<Record<string, ExportRule>> = {
  PROFILE: { one: 'salon' },
  'SETUP#STATE': { one: 'setupProgress' },
  'SETUP#VOICE': { one: 'voiceSettings' },
  // The hosted agent's ids; never the agent secret's hash, nor the provider's ids for its tools and stored secret.
  AGENT: { one: 'voiceAgent', fields: ['agentId', 'agentProvider', 'agentCreatedAt', 'agentUpdatedAt'] },
  // Whether the calendar is connected; never the encrypted refresh token.
  GOOGLE: { one: 'calendarConnection', fields: ['provider', 'status', 'connectedAt', 'brokenAt'] },
  // The card-payment account's state; not the webhook ordering it is kept by.
  PAYMENTACCOUNT: {
    one: 'paymentAccount',
    fields: ['accountId', 'chargesEnabled', 'detailsSubmitted', 'currentlyDue', 'pastDue', 'pendingVerification', 'disabledReason'],
  },
  'SETUP#STYLIST': { list: 'stylists' },
  'SETUP#MAPPING': { list: 'calendarMappings' },
  'SETUP#SERVICE': { list: 'services' },
  APPT: { list: 'appointments' },
  CALL: { list: 'calls' },
  MSG: { list: 'messages' },
  USAGE: { list: 'usage', fromKey: ([period, day]) => ({ period, day }) },
  // Whether each warning went out; not the lease its sender held.
  USAGEWARN: { list: 'usageWarnings', fields: ['state', 'sentAt'], fromKey: ([period, threshold]) => ({ period, threshold: Number(threshold) }) },
  STATS: { list: 'callStats' },
  // A month's count is kept in shards (booking-count-store.ts): each shard is a record of its month.
  BOOKINGS: { list: 'bookingCounts', fromKey: ([month, shard]) => ({ month, ...(shard === undefined ? {} : { shard: Number(shard) }) }) },
  ACTIVITY: { list: 'activity' },
  REMINDER: { list: 'reminders', fields: ['bookingId', 'sendAt', 'start'] },
  WAITLIST: { list: 'waitingList' },
  OFFER: { list: 'freedTimeOffers' },
  // Kept by a hash of the caller's number (no number is stored in a key): the hash is what the salon holds.
  SMSPENDING: { list: 'textQuestions', fromKey: ([phoneHash]) => ({ phoneHash }) },
  SMSSUBJECT: { list: 'textSubjects', fromKey: ([phoneHash]) => ({ phoneHash }) },
  NOSHOWS: { list: 'noShows', fromKey: ([month]) => ({ month }) },
  NOSHOWCALLER: { list: 'callerNoShows', fromKey: ([phoneHash]) => ({ phoneHash }) },
};

/** Kinds kept out on purpose: machinery, not information about the salon. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  DAY: 'the booking of record, versioned reservations per stylist and day: each appointment is exported itself',
  IDEMP: "idempotency records of the voice agent's requests",
  CALLER: 'an index of bookings by a hash of the caller’s phone: the appointments carry the same',
  CALSYNC: 'calendar writes still to be made',
  SETTLE: 'booking changes still being settled',
  CALLSWEEP: 'calls the sweep has still to finish',
  EVENTOUT: 'events written with a change, until the stream has carried them to their consumers (gone within days)',
  LIMIT: 'rate-limit counters',
  SENT: "the message consumers' delivery claims",
  OUTBOX: "the local sandbox's stand-in for texts and emails (none in production)",
  SANDBOXCAL: "the calendar sandbox's own data",
  CONVERSATION: "a test call's state between turns, gone within a day: the call keeps its transcript",
  TESTCALL: 'which test call is open now, gone within a day: the call keeps its record',
  STRIPEEVENT: 'payment webhooks already applied',
  OVERAGE: 'the order calls were counted in for overage: the minutes are in usage',
  SANDBOXSTRIPE: "the payments sandbox's own objects",
  CHECKOUT: 'subscription checkouts opened and not yet over: the subscription itself is exported',
  DIALLING: 'the calls we are ringing for the salon right now, gone within minutes: each call keeps its record',
  CALMIRROR:
    "a copy of the busy times in the owner's own Google calendar, kept for bookings, with its push channel's token (a secret): the calendar itself is the owner's, at Google",
};

const TRANSCRIPT = 'CALL#TRANSCRIPT';

/** The item's kind and the sort key's parts after it: `SETUP#` items are told apart by their second part. */
function kindOf(layout: PartitionLayout, sk: string): { kind: string; rest: string[] } {
  const parts = sk.split('#');
  const callPrefix = layout.callSk('');
  const transcriptSuffix = layout.callTranscriptSk('').slice(callPrefix.length);
  if (parts[0] === 'SETUP') return { kind: parts.slice(0, 2).join('#'), rest: parts.slice(2) };
  if (parts[0] === 'CALL' && sk.endsWith(transcriptSuffix)) return { kind: TRANSCRIPT, rest: [sk.slice(callPrefix.length, -transcriptSuffix.length)] };
  return { kind: parts[0] ?? '', rest: parts.slice(1) };
}

/** What the export does with an item of this sort key: a kind in neither list is a decision not yet made (tests/unit/account-export.test.ts fails on it). */
export function exportDecision(layout: PartitionLayout, sk: string): 'exported' | 'left-out' | 'undecided' {
  const { kind } = kindOf(layout, sk);
  if (kind === TRANSCRIPT || Object.hasOwn(EXPORTED, kind)) return 'exported';
  return Object.hasOwn(LEFT_OUT, kind) ? 'left-out' : 'undecided';
}

/** Sets (DynamoDB string and number sets) become sorted lists, so the file reads as plain JSON. */
function plain(value: unknown): unknown {
  if (value instanceof Set) return [...value].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, plain(inner)]));
  return value;
}

const expiry = (layout: PartitionLayout, item: Item) =>
  typeof item[layout.ttl] === 'number' ? new Date((item[layout.ttl] as number) * 1000).toISOString() : undefined;

/** Null when a kind exported by `fields` has none of them (the agent item before Go Live holds only the secret's hash). */
function exportItem(layout: PartitionLayout, item: Item, rule: ExportRule, rest: string[]): ExportedRecord | null {
  const names = rule.fields?.filter((name) => item[name] !== undefined) ?? Object.keys(item).filter((name) => !layout.keyAttributes.includes(name));
  if (!names.length) return null;
  const record: ExportedRecord = { ...rule.fromKey?.(rest) };
  for (const name of names) record[name] = plain(item[name]);
  const expiresAt = expiry(layout, item);
  if (expiresAt) record.expiresAt = expiresAt;
  return record;
}

const byText = (field: string, direction: 1 | -1) => (a: ExportedRecord, b: ExportedRecord) =>
  direction * String(a[field] ?? '').localeCompare(String(b[field] ?? ''));

/** Builds the export from the partition's items: pure, so the allowlist is tested without a table. */
export function buildAccountExport(layout: PartitionLayout, salonId: string, items: readonly Item[], now: Date): AccountExport {
  const single = Object.fromEntries(EXPORT_SINGLE_SECTIONS.map((section) => [section, null])) as Record<ExportSingleSection, ExportedRecord | null>;
  const lists = Object.fromEntries(EXPORT_LIST_SECTIONS.map((section) => [section, []])) as unknown as Record<ExportListSection, ExportedRecord[]>;
  const transcripts = new Map<string, Item>();
  const unknown = new Set<string>();
  for (const item of items) {
    const { kind, rest } = kindOf(layout, String(item[layout.sortKey]));
    if (kind === TRANSCRIPT) {
      transcripts.set(rest[0]!, item);
      continue;
    }
    const rule = Object.hasOwn(EXPORTED, kind) ? EXPORTED[kind] : undefined;
    if (!rule) {
      if (!Object.hasOwn(LEFT_OUT, kind)) unknown.add(kind);
      continue;
    }
    const record = exportItem(layout, item, rule, rest);
    if (!record) continue;
    if ('one' in rule) single[rule.one] = record;
    else lists[rule.list].push(record);
  }
  // Calls carry their transcripts; a transcript whose call record is missing still leaves, on its own.
  for (const call of lists.calls) {
    const transcript = transcripts.get(String(call.callSid));
    if (!transcript) continue;
    transcripts.delete(String(call.callSid));
    call.transcript = plain(transcript.lines);
    call.transcriptExpiresAt = expiry(layout, transcript);
  }
  for (const [callSid, transcript] of transcripts)
    lists.calls.push({ callSid, transcript: plain(transcript.lines), transcriptExpiresAt: expiry(layout, transcript) });
  lists.calls.sort(byText('startedAt', -1));
  lists.appointments.sort(byText('start', 1));
  if (unknown.size) logger.warn('data export left out kinds it does not know', { kinds: [...unknown].sort().join(',') });
  return { format: ACCOUNT_EXPORT_FORMAT, version: ACCOUNT_EXPORT_VERSION, exportedAt: now.toISOString(), salonId, ...single, ...lists };
}

/** The owner's own salon only (the id comes from the token); a deleted owner gets 401 like everywhere else. */
export async function exportAccount(deps: AccountExportDeps, owner: Owner): Promise<{ fileName: string; day: string; data: AccountExport }> {
  const salonId = await ownerSalonId(deps, owner);
  const items = await deps.salonPartition.items(salonId);
  const now = deps.now();
  const day = DateTime.fromJSDate(now, { zone: SALON_TIME_ZONE }).toISODate()!;
  return { fileName: exportFileName(day), day, data: buildAccountExport(deps.partitionLayout, salonId, items, now) };
}
