import { randomBytes } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { startDynamoDbLocal } from '../../../local/server/dynamodb-local.js';
import { DYNAMODB_ENDPOINT_VARIABLE } from '../../support/dynamodb-local-setup.js';
import { type EventDetail, type EventType, eventCatalog } from '../../../functions/contracts/events.js';
import { DEFAULT_HOURS, type Hours, type Service, type Stylist } from '../../../functions/contracts/setup.js';
import type { BookingDeps } from '../../../functions/core/booking/context.js';
import { syncCalendarEvent } from '../../../functions/core/booking/calendar-events.js';
import { CalendarError, type CalendarPort } from '../../../functions/core/ports/calendar.js';
import { createSandboxCalendar } from '../../../local/sandboxes/sandbox-calendar.js';
import { createBookingStore } from '../../../functions/store/booking-store.js';
import { createGoogleStore } from '../../../functions/store/google-store.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { createSetupStore } from '../../../functions/store/setup-store.js';
import { createSandboxPayments } from '../../../local/sandboxes/sandbox-payments.js';
import { createSandboxStripeStore } from '../../../local/sandboxes/sandbox-stripe-store.js';
import { createSubscriptionStore } from '../../../functions/store/subscription-store.js';
import { createTableInput } from '../../../functions/store/table-definition.js';

/**
 * A table of its own on DynamoDB Local (the real service's validation and transactions): the one the
 * test run shares (tests/support/dynamodb-local-setup.ts), or outside vitest (bench/) one of its own,
 * in memory. Each caller gets a table with a new name, so files sharing the JVM never see each other.
 */
export async function startTable(options: { stream?: boolean } = {}) {
  const shared = process.env[DYNAMODB_ENDPOINT_VARIABLE];
  const own = shared ? undefined : await startDynamoDbLocal();
  const endpoint = shared ?? own!.endpoint;
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const tableName = `unit-${randomBytes(6).toString('hex')}`;
  // No stream unless asked: nothing relays a unit test's table but the relay's own test's.
  await client.send(new CreateTableCommand(createTableInput(tableName, { stream: options.stream ?? false })));
  return {
    client,
    endpoint,
    tableName,
    async items(salonId: string) {
      const result = await client.send(
        new QueryCommand({ TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `SALON#${salonId}` } }),
      );
      return result.Items ?? [];
    },
    async close() {
      // The shared JVM lives on for the other files: only this file's table goes, freeing its memory.
      if (shared) await client.send(new DeleteTableCommand({ TableName: tableName }));
      client.destroy();
      await own?.stop();
    },
  };
}

export type Table = Awaited<ReturnType<typeof startTable>>;

export const at = (local: string) => DateTime.fromISO(local, { zone: 'Europe/Dublin' }).toMillis();

export interface Published {
  type: EventType;
  detail: EventDetail<EventType>;
}

/** A calendar port whose provider can be made to fail (timeouts, 429) for fault tests. */
export function switchableCalendar(inner: CalendarPort) {
  const state = { failing: false as false | 'unavailable' | 'hang' };
  const guard = async () => {
    if (state.failing === 'unavailable') throw new CalendarError('unavailable', 'rate limited', 429);
    if (state.failing === 'hang') await new Promise(() => undefined);
  };
  const port: CalendarPort = {
    ...inner,
    freeBusy: async (...args) => (await guard(), inner.freeBusy(...args)),
    createEvent: async (...args) => (await guard(), inner.createEvent(...args)),
    deleteEvent: async (...args) => (await guard(), inner.deleteEvent(...args)),
  };
  return { port, state };
}

let salonCounter = 0;

/** A salon with stylists, services and (optionally) a connected sandbox calendar, on the table. */
export async function makeSalon(
  table: Table,
  options: {
    now: { value: number };
    hours?: Hours;
    stylists?: string[];
    /** Who does what, by stylist name: their working days and service ids (absent: every day, every service). */
    team?: Record<string, Pick<Stylist, 'days' | 'services'>>;
    mappings?: Record<string, string>;
    connectCalendar?: boolean;
    escalationPhone?: string;
    /** The Balayage takes a €20 deposit, and the salon's (sandbox) payment account is Active. */
    deposits?: boolean;
  },
) {
  salonCounter += 1;
  const salonId = `sal_unit${String(salonCounter).padStart(6, '0')}${randomBytes(3).toString('hex')}`;
  const salons = createSalonStore(table.client, table.tableName);
  const setup = createSetupStore(table.client, table.tableName);
  const googleStore = createGoogleStore(table.client, table.tableName);
  const bookings = createBookingStore(table.client, table.tableName);
  const now = () => new Date(options.now.value);
  await salons.createIfAbsent({
    id: salonId,
    ownerId: `owner-${salonCounter}`,
    ownerEmail: 'owner@example.ie',
    name: 'Cuts by Ciara',
    phone: '+35312345678',
    assignedNumber: null,
    liveAt: null,
    createdAt: now().toISOString(),
    business: null,
    hours: null,
  });
  await setup.saveBusiness(
    salonId,
    {
      name: 'Cuts by Ciara',
      phone: '+35312345678',
      address_line: '12 Main Street',
      town_city: 'Galway',
      county: 'Galway',
      eircode: 'H91 X2Y3',
      directions: 'Above the chemist.',
    },
    options.hours ?? DEFAULT_HOURS,
  );
  const stylistNames = options.stylists ?? ['Aoife', 'Ciara'];
  const stylists: Stylist[] = stylistNames.map((name, index) => ({ id: `sty_${name.toLowerCase()}${index}`, name, ...options.team?.[name] }));
  const services: Service[] = [
    { id: 'svc_cut', name: 'Cut & blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
    {
      id: 'svc_balayage',
      name: 'Balayage',
      duration: 180,
      price: null,
      price_min: 150,
      price_max: 220,
      isRange: true,
      comment: '',
      deposit: options.deposits ? 20 : 0,
    },
    { id: 'svc_fringe', name: 'Fringe trim', duration: 15, price: 10, price_min: null, price_max: null, isRange: false, comment: '' },
  ];
  const mappings = Object.fromEntries(
    Object.entries(options.mappings ?? {}).map(([name, calendarId]) => [stylists.find((stylist) => stylist.name === name)!.id, calendarId]),
  );
  const empty = {
    exists: false,
    currentStep: 1,
    phoneOption: 'new' as const,
    forwardNumber: '',
    forwardWhen: 'unanswered' as const,
    stylists: [],
    services: [],
    mappings: {},
    voice: null,
  };
  await setup.replaceTeam(salonId, { stylists, mappings, services }, empty);
  if (options.escalationPhone !== undefined) {
    await setup.saveVoice(
      salonId,
      {
        selectedVoice: 'niamh',
        selectedLanguage: 'en',
        firstMessage: 'Hi',
        agentPhone: '',
        escalationPhone: options.escalationPhone,
        ringSalonFirstSeconds: 0,
        textMissedCallers: false,
      },
      { phoneOption: 'new', forwardNumber: '', forwardWhen: 'unanswered' },
    );
  }
  const sandbox = createSandboxCalendar({ store: googleStore, now });
  const calendar = switchableCalendar(sandbox);
  const refreshToken = `sandbox-refresh-${randomBytes(24).toString('base64url')}`;
  if (options.connectCalendar) {
    await googleStore.saveConnection({
      salonId,
      encryptedRefreshToken: `enc:${refreshToken}`,
      connectedAt: now().toISOString(),
      provider: 'sandbox',
      status: 'connected',
    });
  }
  const published: Published[] = [];
  /**
   * The booking events a change writes as outbox items in its transaction reach `published` once
   * it commits, as the table's stream takes them to the bus (store/event-outbox.ts); the relay
   * itself is held by tests/unit/local-stream-relay.test.ts.
   */
  const relayed = (store: BookingDeps['bookings']): BookingDeps['bookings'] => ({
    ...store,
    async commitChange(id, change) {
      const outcome = await store.commitChange(id, change);
      if (outcome.committed) for (const event of change.events ?? []) published.push({ type: event.type, detail: event.detail });
      return outcome;
    },
  });
  const events = { failing: false };
  const eventPort: BookingDeps['events'] = {
    async publish(type, detail) {
      eventCatalog[type].parse(detail);
      if (events.failing) throw new Error('bus down');
      published.push({ type, detail });
    },
  };
  const subscriptions = createSubscriptionStore(table.client, table.tableName);
  const payments = createSandboxPayments({ store: createSandboxStripeStore(table.client, table.tableName), now });
  const depositDeps = { payments, subscriptions, config: { SITE_URL: 'http://127.0.0.1:5173' } };
  if (options.deposits) {
    const account = await payments.createConnectAccount({ salonId, email: null, idempotencyKey: `connect-${salonId}` });
    await subscriptions.keepPaymentAccount(salonId, { ...account, chargesEnabled: true, detailsSubmitted: true, currentlyDue: [], disabledReason: null });
  }
  const deps: BookingDeps = {
    salons,
    setup,
    googleStore,
    calendar: calendar.port,
    tokenCipher,
    events: eventPort,
    bookings: relayed(bookings),
    now,
    ...depositDeps,
  };
  /** The same salon's dependencies over another client (one with faults injected, say). */
  const depsOn = (other: DynamoDBDocumentClient): BookingDeps => {
    const otherGoogle = createGoogleStore(other, table.tableName);
    return {
      salons: createSalonStore(other, table.tableName),
      setup: createSetupStore(other, table.tableName),
      googleStore: otherGoogle,
      calendar: createSandboxCalendar({ store: otherGoogle, now }),
      tokenCipher,
      events: eventPort,
      bookings: relayed(createBookingStore(other, table.tableName)),
      now,
      ...depositDeps,
    };
  };
  let delivered = 0;
  /** What the bus's sync-calendar-event consumer does with the booking events published so far (each once, in order). */
  const deliverCalendarEvents = async () => {
    for (; delivered < published.length; delivered += 1) {
      const { type, detail } = published[delivered]!;
      if (type === 'booking.confirmed' || type === 'booking.cancelled' || type === 'booking.deposit-requested') {
        const { appointment } = detail as EventDetail<'booking.confirmed'>;
        // As events/consumers/sync-calendar-event.ts does.
        await syncCalendarEvent(deps, appointment.salonId, appointment.id);
      }
    }
  };
  return {
    salonId,
    deps,
    depsOn,
    stylists,
    services,
    published,
    events,
    calendar: calendar.state,
    sandbox,
    googleStore,
    refreshToken,
    payments,
    subscriptions,
    deliverCalendarEvents,
  };
}

const tokenCipher: BookingDeps['tokenCipher'] = {
  encrypt: async (plaintext) => `enc:${plaintext}`,
  decrypt: async (ciphertext) => ciphertext.replace(/^enc:/, ''),
};

export type UnitSalon = Awaited<ReturnType<typeof makeSalon>>;
