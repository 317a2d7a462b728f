import '../local/server/quiet-sdk-notices.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startDynamoDbLocal } from '../local/server/dynamodb-local.js';
import { deps, resetDeps } from '../functions/composition-root.js';
import { CONFIG_KEYS, resetConfig } from '../functions/config.js';
import { DEFAULT_HOURS, type Service } from '../functions/contracts/setup.js';
import { issueAgentSecret } from '../functions/core/agent-secret.js';
import { reconcileSalonMirrors } from '../functions/core/calendar/salon-mirrors.js';
import { CONTEXT_TTL_MS } from '../functions/core/booking/context.js';
import { addDays, localDate, openingOn } from '../functions/core/booking/time.js';
import type { ApiEvent } from '../functions/http/handler.js';
import { setLogSink } from '../functions/logger.js';
import { ensureLocalTokenKey } from '../local/sandboxes/local-token-cipher.js';
import { keys } from '../functions/store/keys.js';
import { createTableInput } from '../functions/store/table-definition.js';

/**
 * Store round trips per voice-agent tool call: how many DynamoDB requests one call of
 * check-availability, book, cancel and reschedule makes (each is one request to DynamoDB in AWS,
 * and a caller is waiting on all of them). Counted, not timed, at the wire: every request to
 * DynamoDB Local passes a proxy in this process that records it (operation and the keys it
 * names) while the real Lambda handler (functions/api/agent-tools.ts) answers the call. Nothing in
 * the product changes. The sandbox calendar keeps its fake events in the same table; in AWS those
 * are Google Calendar API calls, so they are counted apart. Targets (the issue): ≤ 3 for
 * check-availability, ≤ 5 for book.
 *
 * Every response is held back a few milliseconds (STORE_DELAY_MS) so that requests sent together
 * overlap at the server: "steps" is then the longest chain of product requests each sent after
 * the one before it was answered (the round trips a caller waits through one after another).
 */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STORE_DELAY_MS = 15;
const TARGETS: Record<string, number> = { 'check-availability': 3, book: 5 };
const TABLE_NAME = 'bench-round-trips';

interface WireRequest {
  operation: string;
  body: Record<string, unknown>;
  arrived: number;
  answered: number;
  status: number;
}

interface Recording {
  store: WireRequest[];
  events: string[];
  google: string[];
  kms: number;
}

// ---- the observed store -------------------------------------------------------------------------

/**
 * DynamoDB Local behind a proxy in this process that sees (and slightly delays) every request: the
 * JVM answers, the proxy records the operation and body and when it was sent on and answered.
 */
async function startObservedTable(sink: () => WireRequest[] | null) {
  const local = await startDynamoDbLocal();
  const target = new URL(local.endpoint);
  // One kept-alive connection per request in flight, as the SDK's own agent does with DynamoDB.
  const agent = new Agent({ keepAlive: true });
  let inFlight = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const entry: WireRequest = {
      operation:
        String(req.headers['x-amz-target'] ?? '')
          .split('.')
          .pop() ?? '?',
      body: {},
      arrived: performance.now(),
      answered: 0,
      status: 0,
    };
    sink()?.push(entry);
    inFlight += 1;
    const chunks: Buffer[] = [];
    res.on('finish', () => {
      entry.answered = performance.now();
      entry.status = res.statusCode;
      inFlight -= 1;
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        entry.body = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        entry.body = {};
      }
      setTimeout(() => {
        const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      }, STORE_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint: local.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' } });
  await client.send(new CreateTableCommand(createTableInput(TABLE_NAME)));
  client.destroy();
  return {
    endpoint,
    /** Resolves once nothing is in flight (a request the handler left running would still be counted). */
    async settled() {
      for (let waited = 0; waited < 2_000 && (inFlight > 0 || waited < STORE_DELAY_MS * 3); waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      agent.destroy();
      await local.stop();
    },
  };
}

/** A stand-in EventBridge endpoint: answers PutEvents and notes each entry's detail type. */
async function startEventBus(sink: () => string[] | null) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let entries: { DetailType?: string }[] = [];
      try {
        entries = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Entries?: { DetailType?: string }[] }).Entries ?? [];
      } catch {
        // not JSON: answered all the same
      }
      for (const entry of entries) sink()?.push(entry.DetailType ?? '?');
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ Entries: entries.map((_, index) => ({ EventId: String(index + 1) })), FailedEntryCount: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- what each request is -----------------------------------------------------------------------

interface Kind {
  name: string;
  matches: (sk: string) => boolean;
  sandbox?: boolean;
}

const prefix = (value: string, sandbox = false): Kind => ({ name: value, matches: (sk) => sk.startsWith(value), sandbox });
const exact = (value: string): Kind => ({ name: value, matches: (sk) => sk === value });

/** Sort keys (and the gsi1 partitions the tools query) by what they hold; see functions/store/keys.ts. */
const KINDS: Kind[] = [
  prefix('SANDBOXCAL#EVENT#', true),
  prefix('SANDBOXCAL#REVOKED#', true),
  prefix('SANDBOXCAL#SEQ#', true),
  prefix('SANDBOXCAL#CHANNEL#', true),
  exact(keys.profileSk),
  prefix(keys.setupPrefix),
  exact(keys.googleSk),
  exact(keys.agentSk),
  exact(keys.paymentAccountSk),
  prefix('AGENTKEY#'),
  prefix('DAY#'),
  prefix('CALMIRROR#'),
  prefix('APPT#'),
  prefix('CALLER#'),
  prefix('IDEMP#'),
  prefix('SETTLE#'),
  prefix('BOOKINGS#'),
  prefix(keys.calendarSyncPrefix),
  prefix('LIMIT#'),
];

const known = (key: string | undefined): Kind | undefined => KINDS.find((kind) => key !== undefined && kind.matches(key));
const kindOf = (key: string | undefined): Kind => known(key) ?? { name: key ? `${key.slice(0, 24)}…` : '?', matches: () => false };

/** What each kind of request is for in the tools (operation + kind [+ put/delete]). */
const PURPOSES: Record<string, string> = {
  'Query AGENTKEY#': 'auth: a secret this instance has not seen: its hash → salon (gsi1)',
  'GetItem AGENT': "auth: a remembered secret confirmed (consistent read of the salon's agent item), beside the tool's first step",
  'GetItem LIMIT#': "auth: this source address's wrong-secret counter (a wrong secret only)",
  'GetItem PROFILE': 'salon context: profile (hours, name); cached 5 s per instance',
  'Query SETUP#': 'salon context: stylists, services, calendar mappings; cached 5 s per instance',
  'GetItem GOOGLE': 'calendar connection (refresh token); cached 5 s per instance',
  'BatchGetItem DAY#': "stylists' day items for the day(s): booked time, the booking of record",
  'GetItem DAY#': "a stylist's day item (consistent read before a conditional write)",
  'PutItem DAY#': "conditional write of a stylist's day (the commit of a booking, cancel or move)",
  'GetItem CALLER#': "caller's record: bookings this hour (cap) and upcoming ones",
  'PutItem CALLER#': "caller's record updated: booking added / removed (conditional on its version)",
  'BatchWriteItem SETTLE# delete': "a held time's marker cleared (the sweep found it paid or gone)",
  'PutItem APPT#': 'appointment projection (create once)',
  'TransactWriteItems DAY# put': 'the change, one transaction: the day(s) at the version read and everything that agrees with them (booking-change.ts)',
  'GetItem APPT#': 'appointment read',
  'BatchGetItem APPT#': "the caller's upcoming appointments (ids from the caller's record)",
  'UpdateItem APPT#': 'appointment update (calendar event synced, or cancelled)',
  'UpdateItem BOOKINGS#': "the month's booking count, +1 or −1 (the dashboard's figure)",
  'Query CALSYNC#': 'pending calendar writes to retry; once per salon per instance, after a calendar write works',
  'GetItem IDEMP#': 'idempotency key (from X-Conversation-Id): a twin request booked under it meanwhile?',
  'GetItem PAYMENTACCOUNT': 'deposit terms: the salon payment account',
  'GetItem SANDBOXCAL#REVOKED#': 'sandbox calendar: is the grant revoked (Google checks the token itself)',
  'Query SANDBOXCAL#EVENT#': "sandbox calendar: one calendar's events for free/busy (one Google freeBusy call covers all)",
  'PutItem SANDBOXCAL#EVENT#': 'sandbox calendar: the event written (Google events.insert)',
  'DeleteItem SANDBOXCAL#EVENT#': 'sandbox calendar: the event removed (Google events.delete)',
  'Query CALMIRROR#': "the salon's calendar mirrors: busy time without asking Google (issue 21)",
  'PutItem CALSYNC#': "the calendar event's marker: written after the answer by the bus's consumer",
  'UpdateItem SANDBOXCAL#EVENT#': 'sandbox calendar: the event removed, kept as cancelled for incremental syncs (Google events.delete)',
  'UpdateItem SANDBOXCAL#SEQ#': "sandbox calendar: its change counter (Google's sync tokens)",
  'GetItem SANDBOXCAL#SEQ#': "sandbox calendar: its change counter (Google's sync tokens)",
  'Query SANDBOXCAL#CHANNEL#': 'sandbox calendar: the push channels to notify of a change (Google events.watch)',
  'PutItem SANDBOXCAL#CHANNEL#': 'sandbox calendar: a push channel opened (Google events.watch)',
  'DeleteItem SANDBOXCAL#CHANNEL#': 'sandbox calendar: a push channel stopped (Google channels.stop)',
};

type AttributeMap = Record<string, { S?: string } | undefined>;

interface Touched {
  label: string;
  purposeKey: string;
  sandbox: boolean;
}

/** The kinds of item one request names (a batch may name several), with how many of each. */
function touched(request: WireRequest): Touched {
  const body = request.body as {
    Key?: AttributeMap;
    Item?: AttributeMap;
    IndexName?: string;
    ExpressionAttributeValues?: AttributeMap;
    RequestItems?: Record<string, { Keys?: AttributeMap[] } | { PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }[]>;
    TransactItems?: Record<string, { Item?: AttributeMap; Key?: AttributeMap } | undefined>[];
  };
  const op = request.operation;
  const counted = new Map<string, { kind: Kind; count: number }>();
  const add = (sk: string | undefined, suffix = '') => {
    const kind = kindOf(sk);
    const name = `${kind.name}${suffix}`;
    const entry = counted.get(name) ?? { kind, count: 0 };
    entry.count += 1;
    counted.set(name, entry);
  };
  let index = '';
  if (op === 'Query') {
    const values = Object.values(body.ExpressionAttributeValues ?? {}).map((value) => value?.S);
    if (body.IndexName) {
      index = `${body.IndexName} `;
      add(values.find((value) => known(value)) ?? values[0]);
    } else {
      add(values.find((value) => value && !value.startsWith('SALON#')));
    }
  } else if (op === 'BatchGetItem') {
    for (const table of Object.values(body.RequestItems ?? {})) for (const key of (table as { Keys?: AttributeMap[] }).Keys ?? []) add(key.sk?.S);
  } else if (op === 'BatchWriteItem') {
    for (const table of Object.values(body.RequestItems ?? {})) {
      for (const write of table as { PutRequest?: { Item: AttributeMap }; DeleteRequest?: { Key: AttributeMap } }[]) {
        if (write.PutRequest) add(write.PutRequest.Item.sk?.S, ' put');
        else add(write.DeleteRequest?.Key.sk?.S, ' delete');
      }
    }
  } else if (op === 'TransactWriteItems') {
    for (const item of body.TransactItems ?? []) {
      const [action, write] = Object.entries(item)[0] ?? [];
      add((write?.Key ?? write?.Item)?.sk?.S, ` ${action?.toLowerCase() ?? '?'}`);
    }
  } else {
    add((body.Key ?? body.Item)?.sk?.S);
  }
  const parts = [...counted].map(([name, { count }]) => (count > 1 ? `${name} ×${count}` : name));
  const first = [...counted][0];
  return {
    label: `${index}${parts.join(', ')}`,
    purposeKey: `${op} ${first?.[0] ?? '?'}`,
    sandbox: [...counted.values()].every(({ kind }) => kind.sandbox),
  };
}

/** For each request, the step it was sent in: 1 + the longest chain of requests answered before it was sent. */
function steps(requests: readonly WireRequest[]): number[] {
  const depth: number[] = [];
  requests.forEach((request, index) => {
    let before = 0;
    for (let other = 0; other < index; other += 1) if (requests[other]!.answered <= request.arrived) before = Math.max(before, depth[other]!);
    depth.push(before + 1);
  });
  return depth;
}

function peakInFlight(requests: readonly WireRequest[]): number {
  let peak = 0;
  for (const request of requests)
    peak = Math.max(peak, requests.filter((other) => other.arrived <= request.arrived && other.answered > request.arrived).length);
  return peak;
}

// ---- the salon and the calls --------------------------------------------------------------------

const STYLISTS = [
  { id: 'sty_aoife0', name: 'Aoife' },
  { id: 'sty_ciara1', name: 'Ciara' },
  { id: 'sty_niamh2', name: 'Niamh' },
];
const SERVICES: Service[] = [
  { id: 'svc_cut', name: 'Cut & blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
  { id: 'svc_balayage', name: 'Balayage', duration: 180, price: null, price_min: 150, price_max: 220, isRange: true, comment: '' },
  { id: 'svc_fringe', name: 'Fringe trim', duration: 15, price: 10, price_min: null, price_max: null, isRange: false, comment: '' },
];
/** Two of the three stylists on (sandbox) Google calendars, one not: free/busy reads two calendars. */
const MAPPINGS = { sty_aoife0: 'aoife@sandbox.calendar', sty_ciara1: 'ciara@sandbox.calendar' };

let salonCounter = 0;

/** A bookable salon written through the product's own stores, with its agent secret. */
async function makeSalon(firstOpenDate: string) {
  const d = deps();
  salonCounter += 1;
  const salonId = `sal_bench${String(salonCounter).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
  const now = new Date().toISOString();
  await d.salons.createIfAbsent({
    id: salonId,
    ownerId: `owner-bench-${salonId}`,
    ownerEmail: 'owner@example.ie',
    name: 'Cuts by Ciara',
    phone: '+35312345678',
    assignedNumber: null,
    liveAt: null,
    createdAt: now,
    business: null,
    hours: null,
  });
  await d.setup.saveBusiness(
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
    DEFAULT_HOURS,
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
  await d.setup.replaceTeam(salonId, { stylists: STYLISTS, mappings: MAPPINGS, services: SERVICES }, empty);
  const refreshToken = `sandbox-refresh-${randomBytes(24).toString('base64url')}`;
  await d.googleStore.saveConnection({
    salonId,
    encryptedRefreshToken: await d.tokenCipher.encrypt(refreshToken, salonId),
    connectedAt: now,
    provider: 'sandbox',
    status: 'connected',
  });
  // Something already in Aoife's calendar, so free/busy has busy time to take out.
  await d.googleStore.putSandboxEvent(salonId, {
    calendarId: MAPPINGS.sty_aoife0,
    id: 'benchbusy0001',
    summary: 'Training day',
    start: new Date(Date.parse(`${firstOpenDate}T12:00:00Z`)).toISOString(),
    end: new Date(Date.parse(`${firstOpenDate}T13:00:00Z`)).toISOString(),
    timeZone: 'Europe/Dublin',
  });
  // As the owner's connect does: each mapped calendar gets its mirror (issue 21).
  await reconcileSalonMirrors(d, salonId);
  const issued = await issueAgentSecret(d, salonId);
  if (!('secret' in issued)) throw new Error(`no agent secret: ${issued.outcome}`);
  return { salonId, secret: issued.secret };
}

/** A fresh Lambda instance's dependencies (resetDeps: empty 5 s caches), the calendar provider and token cipher counted. */
function freshInstance(recording: () => Recording | null) {
  resetDeps();
  const built = deps();
  const calendar = built.calendar;
  const note = (what: string) => recording()?.google.push(what);
  built.calendar = {
    ...calendar,
    freeBusy: (...args) => (note('freeBusy'), calendar.freeBusy(...args)),
    createEvent: (...args) => (note('events.insert'), calendar.createEvent(...args)),
    deleteEvent: (...args) => (note('events.delete'), calendar.deleteEvent(...args)),
  };
  const cipher = built.tokenCipher;
  built.tokenCipher = {
    ...cipher,
    decrypt: (...args) => {
      const current = recording();
      if (current) current.kms += 1;
      return cipher.decrypt(...args);
    },
  };
}

interface Row {
  tool: string;
  scenario: string;
  recording: Recording;
  say: string;
}

export async function run(): Promise<string[]> {
  const lines: string[] = [];
  let recording: Recording | null = null;
  const table = await startObservedTable(() => recording?.store ?? null);
  const bus = await startEventBus(() => recording?.events ?? null);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-round-trips-'));
  const keyFile = join(dataDir, 'token.key');
  ensureLocalTokenKey(keyFile);
  const saved = Object.fromEntries(CONFIG_KEYS.map((key) => [key, process.env[key]]));
  const warnings: string[] = [];
  setLogSink((line) => warnings.push(line), 'warn');
  try {
    for (const key of CONFIG_KEYS) delete process.env[key];
    Object.assign(process.env, {
      STAGE: 'local',
      TABLE_NAME,
      DYNAMODB_ENDPOINT: table.endpoint,
      EVENTBRIDGE_ENDPOINT: bus.endpoint,
      EVENT_BUS_NAME: 'bench-bus',
      UPLOADS_BUCKET: 'bench-uploads',
      USER_POOL_ID: 'local_bench',
      USER_POOL_CLIENT_ID: 'bench-client',
      SITE_URL: 'http://127.0.0.1:5173',
      LOCAL_TOKEN_KEY_FILE: keyFile,
    });
    resetConfig();
    resetDeps();
    const { handler } = await import('../functions/api/agent-tools.js');

    // Dates: the first open day at least three days ahead, and the open day after it.
    const today = localDate(Date.now());
    const openFrom = (from: string) => {
      let date = from;
      while (!openingOn(DEFAULT_HOURS, date)) date = addDays(date, 1);
      return date;
    };
    const day = openFrom(addDays(today, 3));
    const nextDay = openFrom(addDays(day, 1));

    const rows: Row[] = [];
    let phone = 0;
    const newPhone = () => `+3538612${String(34000 + (phone += 1)).padStart(5, '0')}`;
    const call = async (secret: string, tool: string, scenario: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const event = {
        version: '2.0',
        routeKey: 'POST /api/agent/tools',
        rawPath: '/api/agent/tools',
        rawQueryString: `tool=${tool}`,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...headers },
        queryStringParameters: { tool },
        requestContext: { http: { method: 'POST', path: '/api/agent/tools', protocol: 'HTTP/1.1', sourceIp: '203.0.113.10', userAgent: 'bench' } },
        body: JSON.stringify(body),
        isBase64Encoded: false,
      } as unknown as ApiEvent;
      const current: Recording = { store: [], events: [], google: [], kms: 0 };
      recording = current;
      const result = await handler(event, {} as never);
      await table.settled();
      recording = null;
      const answer = JSON.parse(String(result.body)) as { ok: boolean; say: string; slots?: { start: string }[] };
      if (result.statusCode !== 200) throw new Error(`${tool} (${scenario}) answered ${result.statusCode}: ${answer.say}`);
      rows.push({ tool, scenario, recording: current, say: answer.say });
      return answer;
    };

    // Conversation 1, on a fresh instance: availability twice, then the booking of a time it offered.
    const first = await makeSalon(day);
    freshInstance(() => recording);
    const offered = await call(first.secret, 'check-availability', 'fresh instance: first call of the conversation', { service: 'Cut & blow-dry', date: day });
    await call(first.secret, 'check-availability', 'warm: < 5 s after the last call; stylist + time', {
      service: 'Cut & blow-dry',
      stylist: 'Aoife',
      date: day,
      time: '11:00',
    });
    await call(first.secret, 'check-availability', 'warm: no date (next 14 days)', { service: 'Balayage' });
    await call(
      first.secret,
      'book',
      'warm: < 5 s after check-availability; 1st booking here',
      { service: 'Cut & blow-dry', start: offered.slots![0]!.start, callerName: 'Mary Murphy', callerPhone: newPhone() },
      { 'x-conversation-id': 'conv_bench_one' },
    );
    // A caller usually takes longer than the 5 s the salon context is kept for between two calls.
    await pause(CONTEXT_TTL_MS + 200);
    await call(first.secret, 'check-availability', 'warm: > 5 s after the last call (caches expired)', {
      service: 'Fringe trim',
      date: day,
      partOfDay: 'afternoon',
    });

    // Conversation 2, on another fresh instance: a booking first, then more on the same warm instance.
    const second = await makeSalon(day);
    freshInstance(() => recording);
    const early = newPhone();
    const later = newPhone();
    const third = newPhone();
    await call(
      second.secret,
      'book',
      'fresh instance: first call of the conversation',
      { service: 'Cut & blow-dry', start: `${day}T10:00`, callerName: 'Siobhan Kelly', callerPhone: early },
      { 'x-conversation-id': 'conv_bench_two' },
    );
    await call(
      second.secret,
      'book',
      'warm: another booking (pending-sync check done)',
      { service: 'Fringe trim', start: `${day}T14:00`, callerName: 'Aine Byrne', callerPhone: later },
      { 'x-conversation-id': 'conv_bench_two' },
    );
    await call(second.secret, 'book', 'warm: named stylist, no X-Conversation-Id', {
      service: 'Cut & blow-dry',
      stylist: 'Aoife',
      start: `${day}T16:00`,
      callerName: 'Orla Walsh',
      callerPhone: third,
    });
    await call(second.secret, 'cancel', 'warm: by phone + date', { callerPhone: third, date: day });
    await call(second.secret, 'reschedule', 'warm: same stylist, same day', { callerPhone: later, date: day, newStart: `${day}T14:30` });
    await call(second.secret, 'reschedule', 'warm: same stylist, another day', { callerPhone: early, date: day, newStart: `${nextDay}T10:00` });
    await pause(CONTEXT_TTL_MS + 200);
    await call(
      second.secret,
      'book',
      'warm: > 5 s after the last call (caches expired)',
      { service: 'Cut & blow-dry', start: `${day}T11:00`, callerName: 'Nuala Ryan', callerPhone: newPhone() },
      { 'x-conversation-id': 'conv_bench_two' },
    );

    // Grouped by tool, a fresh instance first; otherwise in the order the calls were made.
    const order = ['check-availability', 'book', 'cancel', 'reschedule'];
    const rank = (row: Row) => order.indexOf(row.tool) * 2 + (row.scenario.startsWith('fresh') ? 0 : 1);
    lines.push(...report([...rows].sort((a, b) => rank(a) - rank(b))));
    if (warnings.length)
      lines.push('', `Warnings logged during the calls (${warnings.length}):`, ...warnings.slice(0, 5).map((line) => `  ${line.slice(0, 200)}`));
  } finally {
    recording = null;
    setLogSink((line) => process.stdout.write(`${line}\n`), (process.env.LOG_LEVEL as 'info' | undefined) ?? 'info');
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfig();
    resetDeps();
    await Promise.all([table.close(), bus.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

function report(rows: readonly Row[]): string[] {
  const lines = [
    `Store round trips per tool call: DynamoDB requests seen at the wire (salon of ${STYLISTS.length} stylists, ${Object.keys(MAPPINGS).length} on sandbox Google calendars).`,
    'product = DynamoDB requests in AWS; steps = of those, how many a caller waits through one after another; sandbox cal = the calendar',
    "sandbox's own items (Google API calls in AWS, listed under google); KMS = refresh-token decrypts (KMS Decrypt calls in AWS).",
    '',
    `${'tool'.padEnd(19)}${'scenario'.padEnd(56)}${'product'.padStart(8)}${'target'.padStart(13)}${'steps'.padStart(6)}${'sandbox cal'.padStart(12)}  google / KMS / events`,
  ];
  for (const row of rows) {
    const product = row.recording.store.filter((request) => !touched(request).sandbox);
    const sandbox = row.recording.store.length - product.length;
    const target = TARGETS[row.tool];
    const verdict = target === undefined ? '—' : `≤ ${target} ${product.length <= target ? 'met' : 'missed'}`;
    const chain = product.length ? Math.max(...steps(product)) : 0;
    const google = row.recording.google.length ? summarise(row.recording.google) : 'none';
    const events = row.recording.events.length ? summarise(row.recording.events) : 'none';
    lines.push(
      `${row.tool.padEnd(19)}${row.scenario.padEnd(56)}${String(product.length).padStart(8)}${verdict.padStart(13)}${String(chain).padStart(6)}${String(sandbox).padStart(12)}  ${google} / ${row.recording.kms} / ${events}`,
    );
  }
  lines.push(
    '',
    'Breakdown (every request in the order sent; [n] = step, requests sharing a step were in flight together; "cond. failed" = a conditional write refused):',
  );
  for (const row of rows) {
    const requests = row.recording.store;
    const product = requests.filter((request) => !touched(request).sandbox);
    const productSteps = new Map(product.map((request, index) => [request, steps(product)[index]!]));
    lines.push(
      '',
      `${row.tool} · ${row.scenario}: ${product.length} product request(s), ${requests.length - product.length} sandbox calendar, peak ${peakInFlight(product)} in flight`,
    );
    lines.push(`  answer: ${row.say.length > 110 ? `${row.say.slice(0, 107)}…` : row.say}`);
    for (const request of requests) {
      const what = touched(request);
      const step = productSteps.get(request);
      const failed = request.status >= 400 ? ` (${request.status === 400 ? 'cond. failed' : `HTTP ${request.status}`})` : '';
      lines.push(
        `  ${(step === undefined ? '  sandbox' : `[${step}]`).padEnd(9)} ${request.operation.padEnd(19)}${`${what.label}${failed}`.padEnd(36)} ${PURPOSES[what.purposeKey] ?? ''}`.trimEnd(),
      );
    }
  }
  return lines;
}

function summarise(list: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await run()) console.log(line);
  process.exit(0);
}
