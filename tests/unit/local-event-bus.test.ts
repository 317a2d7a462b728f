import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalEventBus } from '../../local/server/event-bus.js';
import { EVENT_SOURCE } from '../../functions/contracts/events.js';
import type { EventRule } from '../../events/rules.js';

const rule: EventRule = { id: 'r1', eventType: 'salon.deleted', consumer: 'consumer.ts', grants: [] };
const deleted = { salonId: 'sal_1', ownerId: 'owner-1', deletedAt: '2026-01-01T10:00:00Z' };
const entry = (source = EVENT_SOURCE, type = 'salon.deleted', detail: unknown = deleted) => ({
  Source: source,
  DetailType: type,
  Detail: JSON.stringify(detail),
});

describe('the local event bus applies events/rules.ts', () => {
  it('delivers a product event to its rule, with the EventBridge event shape', async () => {
    const received: unknown[] = [];
    const bus = createLocalEventBus({
      rules: [rule],
      loadConsumer: async () => async (event) => received.push(event),
      deadLetterFile: join(mkdtempSync(join(tmpdir(), 'bus-')), 'dlq.jsonl'),
      onError: () => {},
    });
    const answer = bus.putEvents([entry()]);
    expect(answer.FailedEntryCount).toBe(0);
    await bus.idle();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ source: EVENT_SOURCE, 'detail-type': 'salon.deleted', detail: deleted });
  });

  it('takes only the product events of functions/contracts/events.ts, each detail checked against its schema', async () => {
    const received: unknown[] = [];
    const bus = createLocalEventBus({
      rules: [rule],
      loadConsumer: async () => async (event) => received.push(event),
      deadLetterFile: '/dev/null',
      onError: () => {},
    });
    const answer = bus.putEvents([
      entry('someone-else'),
      entry(EVENT_SOURCE, 'other.type'),
      entry(EVENT_SOURCE, 'salon.deleted', { salonId: 's' }),
      entry(EVENT_SOURCE, 'salon.deleted', { ...deleted, extra: true }),
      entry(EVENT_SOURCE, 'toString'),
      { Source: EVENT_SOURCE, DetailType: 'salon.deleted' },
    ]);
    expect(answer.FailedEntryCount).toBe(6);
    expect(answer.Entries.map((result) => 'ErrorCode' in result && result.ErrorCode)).toEqual(Array(6).fill('InvalidArgument'));
    await bus.idle();
    expect(received).toEqual([]);
  });

  it('retries a failing consumer, then moves the event to the dead letters', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-'));
    let attempts = 0;
    const errors: string[] = [];
    const bus = createLocalEventBus({
      rules: [rule],
      loadConsumer: async () => async () => {
        attempts += 1;
        throw new Error('downstream down');
      },
      deadLetterFile: join(dir, 'dlq.jsonl'),
      onError: (message) => errors.push(message),
    });
    bus.putEvents([entry()]);
    await bus.idle();
    expect(attempts).toBe(3);
    expect(JSON.parse(readFileSync(join(dir, 'dlq.jsonl'), 'utf8'))).toMatchObject({ rule: 'r1', error: 'downstream down' });
    expect(errors).toHaveLength(1);
  });

  it('rejects an entry whose detail is not JSON', () => {
    const bus = createLocalEventBus({ rules: [rule], loadConsumer: async () => async () => {}, deadLetterFile: '/dev/null', onError: () => {} });
    expect(bus.putEvents([{ Source: EVENT_SOURCE, DetailType: 'salon.deleted', Detail: '{' }]).FailedEntryCount).toBe(1);
  });

  it('answers the outbox relay only once every consumer had the event, or it went to the dead letters; refuses what it would not take', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-'));
    const done: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const bus = createLocalEventBus({
      rules: [rule, { ...rule, id: 'r2', consumer: 'failing.ts' }],
      loadConsumer: async (path) =>
        path === 'failing.ts'
          ? async () => {
              throw new Error('downstream down');
            }
          : async () => {
              await held;
              done.push(path);
            },
      deadLetterFile: join(dir, 'dlq.jsonl'),
      onError: () => {},
    });
    let answered = false;
    const delivery = bus.deliverNow(entry()).then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await delivery;
    expect(done).toEqual(['consumer.ts']);
    expect(JSON.parse(readFileSync(join(dir, 'dlq.jsonl'), 'utf8'))).toMatchObject({ rule: 'r2' });
    await expect(bus.deliverNow(entry('someone-else'))).rejects.toThrow('refused');
  });
});
