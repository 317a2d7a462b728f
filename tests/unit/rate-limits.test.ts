import { randomBytes } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOOD_LIMITS, toolSay } from '../../functions/contracts/agent-tools.js';
import { hashAgentSecret, salonForAuthorization, TooManySecretAttempts } from '../../functions/core/agent-secret.js';
import type { BookingDeps } from '../../functions/core/booking/context.js';
import { takeMessage } from '../../functions/core/booking/salon-tools.js';
import { createRateLimits } from '../../functions/store/rate-limits.js';
import { fixedWindow, secondsLeft, type RateLimits } from '../../functions/core/ports/rate-limits.js';
import { startTable, type Table } from './booking/harness.js';
import type { ToolError } from '../../functions/core/booking/errors.js';
import { statusOf } from '../../functions/http/errors.js';
import type { CallerMessage } from '../../functions/core/booking/records.js';

/** RELIABILITY 37: the fixed-window counters, and the caps built on them, against DynamoDB Local. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let table: Table;
let limits: RateLimits;

beforeAll(async () => {
  table = await startTable();
  limits = createRateLimits(table.client, table.tableName);
});

afterAll(() => table?.close());

const clock = (iso: string) => {
  const state = { value: Date.parse(iso) };
  return { state, now: () => new Date(state.value) };
};

describe('fixed windows', () => {
  it('align to clock minutes and hours; the end is the next window', () => {
    expect(fixedWindow(new Date('2026-05-01T10:59:59.999Z'), HOUR)).toEqual({
      startsAt: Date.parse('2026-05-01T10:00:00Z'),
      endsAt: Date.parse('2026-05-01T11:00:00Z'),
    });
    expect(fixedWindow(new Date('2026-05-01T11:00:00.000Z'), HOUR).startsAt).toBe(Date.parse('2026-05-01T11:00:00Z'));
    expect(fixedWindow(new Date('2026-05-01T10:07:42.500Z'), MINUTE)).toEqual({
      startsAt: Date.parse('2026-05-01T10:07:00Z'),
      endsAt: Date.parse('2026-05-01T10:08:00Z'),
    });
  });

  it('say how long is left in whole seconds, never less than one', () => {
    const at = (iso: string) => new Date(iso);
    const minute = fixedWindow(at('2026-05-01T10:07:00Z'), MINUTE);
    expect(secondsLeft(minute, at('2026-05-01T10:07:00Z'))).toBe(60);
    expect(secondsLeft(minute, at('2026-05-01T10:07:30.200Z'))).toBe(30);
    expect(secondsLeft(minute, at('2026-05-01T10:07:59.999Z'))).toBe(1);
  });
});

describe('counters on the table', () => {
  const hour = fixedWindow(new Date('2026-05-01T10:20:00Z'), HOUR);

  it('20 concurrent hits on a cap of 5: exactly 5 counted, the rest refused', async () => {
    const counter = { kind: 'caller-messages', salonId: 'sal_race', phoneHash: 'phone-a' } as const;
    const taken = await Promise.all(Array.from({ length: 20 }, () => limits.take(counter, hour, 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await limits.take(counter, hour, 5)).toBe(false);
    // Under the salon, so deleting the salon removes it; gone at the end of its window.
    const [item] = await table.items('sal_race');
    expect(item).toMatchObject({ sk: `LIMIT#MSG#CALLER#phone-a#${new Date(hour.startsAt).toISOString()}`, count: 5, ttl: hour.endsAt / 1000 });
  });

  it('counters are independent, and the next window starts from nothing', async () => {
    const phone = { kind: 'caller-messages', salonId: 'sal_apart', phoneHash: 'phone-a' } as const;
    for (let hit = 0; hit < 3; hit += 1) expect(await limits.take(phone, hour, 3)).toBe(true);
    expect(await limits.take(phone, hour, 3)).toBe(false);
    expect(await limits.take({ ...phone, phoneHash: 'phone-b' }, hour, 3)).toBe(true);
    expect(await limits.take({ kind: 'salon-messages', salonId: 'sal_apart' }, hour, 3)).toBe(true);
    const next = fixedWindow(new Date(hour.endsAt), HOUR);
    for (let hit = 0; hit < 3; hit += 1) expect(await limits.take(phone, next, 3)).toBe(true);
    expect(await limits.take(phone, next, 3)).toBe(false);
  });

  it('keeps source addresses out of the table', async () => {
    const minute = fixedWindow(new Date('2026-05-01T10:20:00Z'), MINUTE);
    expect(await limits.take({ kind: 'secret-failures', source: '198.51.100.23' }, minute, 10)).toBe(true);
    const items = (await table.client.send(new ScanCommand({ TableName: table.tableName }))).Items ?? [];
    const failures = items.filter((item) => String(item.pk).startsWith('SECRETFAIL#'));
    expect(failures).toHaveLength(1);
    expect(JSON.stringify(failures)).not.toContain('198.51.100.23');
  });
});

describe('wrong agent secrets, per source address', () => {
  const good = randomBytes(32).toString('base64url');
  const wrong = () => `Bearer ${randomBytes(32).toString('base64url')}`;
  const cap = FLOOD_LIMITS.badSecretsPerSourcePerMinute;

  function setup(startIso: string) {
    const time = clock(startIso);
    const lookups = { count: 0 };
    const deps = {
      now: time.now,
      rateLimits: limits,
      agents: {
        salonForSecretHash: async (hash: string) => {
          lookups.count += 1;
          return hash === hashAgentSecret(good) ? 'sal_agent' : null;
        },
        get: async () => null,
        save: async () => true,
      },
    };
    return { time, lookups, check: (authorization: string | undefined, source: string) => salonForAuthorization(deps, authorization, source) };
  }

  it(`after ${FLOOD_LIMITS.badSecretsPerSourcePerMinute} wrong secrets the source gets 429 until its minute is out; a right secret from anywhere still works`, async () => {
    const { time, lookups, check } = setup('2026-05-01T09:15:20Z');
    for (let attempt = 0; attempt < cap; attempt += 1) expect(await check(wrong(), '203.0.113.1')).toBeNull();
    expect(lookups.count).toBe(cap);
    const refused = await check(wrong(), '203.0.113.1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManySecretAttempts);
    expect(refused).toMatchObject({ kind: 'too_many_requests', code: 'too_many_attempts', say: toolSay.busy, retryAfterSeconds: 40 });
    // The voice platform's addresses are shared by every salon: a right secret is never refused.
    expect(await check(`Bearer ${good}`, '203.0.113.1')).toBe('sal_agent');
    expect(await check(`Bearer ${good}`, '203.0.113.2')).toBe('sal_agent');
    time.state.value = Date.parse('2026-05-01T09:16:00Z');
    expect(await check(wrong(), '203.0.113.1')).toBeNull();
  });

  it('missing and malformed secrets are refused without a lookup and do not count', async () => {
    const { lookups, check } = setup('2026-05-01T09:30:05Z');
    for (let attempt = 0; attempt < 3 * cap; attempt += 1) {
      expect(await check(attempt % 3 === 0 ? undefined : attempt % 3 === 1 ? 'Bearer not-a-secret' : `Basic ${good}`, '203.0.113.3')).toBeNull();
    }
    expect(lookups.count).toBe(0);
    expect(await check(`Bearer ${good}`, '203.0.113.3')).toBe('sal_agent');
  });

  it('concurrent wrong secrets still stop at the cap', async () => {
    const { check } = setup('2026-05-01T09:45:05Z');
    const answers = await Promise.allSettled(Array.from({ length: 3 * cap }, () => check(wrong(), '203.0.113.4')));
    expect(answers.every((answer) => (answer.status === 'fulfilled' ? answer.value === null : answer.reason instanceof TooManySecretAttempts))).toBe(true);
    // Exactly the cap were counted (and told "no such secret"); every other was told to back off.
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(cap);
    await expect(check(wrong(), '203.0.113.4')).rejects.toBeInstanceOf(TooManySecretAttempts);
  });
});

describe('take-message caps', () => {
  let salonCounter = 0;

  /** A salon that exists, a store that keeps messages in memory, the real counters. */
  function salon(startIso: string, options: { busDown?: boolean } = {}) {
    salonCounter += 1;
    const salonId = `sal_msg${salonCounter}${randomBytes(3).toString('hex')}`;
    const time = clock(startIso);
    const stored: CallerMessage[] = [];
    const published: { type: string; detail: unknown }[] = [];
    const deps = {
      now: time.now,
      events: {
        publish: async (type: string, detail: unknown) => {
          if (options.busDown) throw new Error('bus unavailable');
          published.push({ type, detail });
        },
      },
      rateLimits: limits,
      salons: { get: async (id: string) => (id === salonId ? { id } : null) },
      setup: { load: async () => ({}) },
      bookings: { messages: { put: async (_salonId: string, message: CallerMessage) => void stored.push(message) } },
    } as unknown as BookingDeps & { rateLimits: RateLimits };
    const leave = (callerPhone: string) =>
      takeMessage(deps, salonId, { callerName: 'Mary Murphy', callerPhone, message: 'Please ring me back.' }).then(
        (answer) => ({ status: 200, answer }),
        (error: ToolError) => ({ status: statusOf(error), code: error.code, say: error.say }),
      );
    return { salonId, time, stored, published, leave };
  }

  it(`one phone: ${FLOOD_LIMITS.messagesPerCallerPerHour} an hour, the rest refused with something to say and not stored`, async () => {
    const { salonId, time, stored, published, leave } = salon('2026-05-01T14:10:00Z');
    const answers = await Promise.all(Array.from({ length: 20 }, () => leave('087 123 4567')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(FLOOD_LIMITS.messagesPerCallerPerHour);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(
      Array(20 - FLOOD_LIMITS.messagesPerCallerPerHour).fill({ status: 429, code: 'too_many_messages', say: toolSay.tooManyMessages }),
    );
    expect(stored).toHaveLength(FLOOD_LIMITS.messagesPerCallerPerHour);
    // Each stored message, and only those, is announced on the bus (the dashboard's activity), without the phone.
    expect(published).toEqual(
      stored.map((message) => ({ type: 'message.left', detail: { salonId, messageId: message.id, callerName: 'Mary Murphy', createdAt: message.createdAt } })),
    );
    expect((await leave('+353 87 123 4567')).status).toBe(429);
    expect((await leave('087 765 4321')).status).toBe(200);
    time.state.value = Date.parse('2026-05-01T15:00:00Z');
    expect((await leave('087 123 4567')).status).toBe(200);
  });

  it(`the salon: ${FLOOD_LIMITS.messagesPerSalonPerHour} an hour from every phone together (caller ids can be spoofed)`, async () => {
    const { time, stored, leave } = salon('2026-05-01T16:59:00Z');
    const phones = Array.from({ length: FLOOD_LIMITS.messagesPerSalonPerHour + 10 }, (_, n) => `+35386${String(1_000_000 + n).slice(-7)}`);
    const answers = await Promise.all(phones.map(leave));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(FLOOD_LIMITS.messagesPerSalonPerHour);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(Array(10).fill({ status: 429, code: 'salon_messages_full', say: toolSay.messagesFull }));
    expect(stored).toHaveLength(FLOOD_LIMITS.messagesPerSalonPerHour);
    time.state.value = Date.parse('2026-05-01T17:00:00Z');
    expect((await leave('+353861999999')).status).toBe(200);
  });

  it('a bus that is down costs the dashboard line, never the message', async () => {
    const { stored, leave } = salon('2026-05-01T18:10:00Z', { busDown: true });
    expect((await leave('087 555 0101')).status).toBe(200);
    expect(stored).toHaveLength(1);
  });
});
