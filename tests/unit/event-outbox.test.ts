import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE, outboxEventId } from '../../functions/contracts/events.js';
import { OUTBOX_ITEM_KIND, OUTBOX_ITEM_TTL_SECONDS, outboxEventPut, relayedEventOf } from '../../functions/store/event-outbox.js';
import { exportDecision } from '../../functions/core/account-export.js';
import { partitionLayout } from '../../functions/store/partition-layout.js';
import { handler as enrich } from '../../functions/triggers/event-outbox-enrichment.js';

const at = new Date('2026-11-20T10:04:00.000Z');
const completed = { salonId: 'sal_1', callSid: 'CA1', startedAt: '2026-11-20T10:00:00.000Z', durationSeconds: 230, outcome: 'answered' as const, test: false };
const put = (detail: unknown = completed, id = outboxEventId('call.completed', 'CA1')) =>
  outboxEventPut('table', { salonId: 'sal_1', id, type: 'call.completed', detail: detail as typeof completed, at });

describe('an outbox item (functions/store/event-outbox.ts)', () => {
  it('is a Put in the salon’s partition, with the detail as the JSON PutEvents would carry', () => {
    const { TableName, Item } = put();
    expect(TableName).toBe('table');
    expect(Item).toMatchObject({
      pk: 'SALON#sal_1',
      sk: 'EVENTOUT#call.completed#CA1',
      kind: OUTBOX_ITEM_KIND,
      source: EVENT_SOURCE,
      detailType: 'call.completed',
    });
    expect(JSON.parse(Item.detail as string)).toEqual(completed);
    // Gone by TTL once relayed; counted from the change's own time, so a retried write is identical.
    expect(Item.ttl).toBe(at.getTime() / 1000 + OUTBOX_ITEM_TTL_SECONDS);
    // Account deletion takes the salon's partition; the owner's export leaves it out on purpose.
    expect(exportDecision(partitionLayout, Item.sk as string)).toBe('left-out');
  });

  it('checks the detail against the event’s schema before anything is written', () => {
    expect(() => put({ ...completed, durationSeconds: -1 })).toThrow();
    expect(() => put({ ...completed, extra: true })).toThrow();
    expect(() => put(completed, '')).toThrow();
  });

  it('is the same item, byte for byte, however often the same event is written (its id is the event’s)', () => {
    expect(put()).toEqual(put());
    expect(outboxEventId('booking.confirmed', 'bk_1')).toBe('booking.confirmed#bk_1');
  });

  it('reads back from a stream image as the event it carries, and nothing else does', () => {
    const { Item } = put();
    const strings = Object.fromEntries(Object.entries(Item).filter(([, value]) => typeof value === 'string'));
    expect(relayedEventOf(strings)).toEqual({
      id: 'call.completed#CA1',
      source: EVENT_SOURCE,
      detailType: 'call.completed',
      detail: JSON.stringify(completed),
    });
    expect(relayedEventOf({ ...strings, kind: 'something-else' })).toBeNull();
    expect(relayedEventOf({ pk: 'SALON#sal_1', sk: 'CALL#CA1' })).toBeNull();
    expect(relayedEventOf(undefined)).toBeNull();
  });
});

describe('the outbox Pipe’s enrichment (functions/triggers/event-outbox-enrichment.ts)', () => {
  /** A stream record's image as DynamoDB Streams sends it: https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_StreamRecord.html */
  const streamImage = (item: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(item).map(([name, value]) => [name, typeof value === 'number' ? { N: String(value) } : { S: String(value) }]));

  it('gives the target each record’s DetailType and its detail as the object the publisher sends, in order', async () => {
    const records = ['CA1', 'CA2'].map((callSid) => ({
      eventID: callSid,
      eventName: 'INSERT' as const,
      dynamodb: { NewImage: streamImage(put({ ...completed, callSid }, outboxEventId('call.completed', callSid)).Item) },
    }));
    expect(await enrich(records)).toEqual([
      { detailType: 'call.completed', detail: { ...completed, callSid: 'CA1' } },
      { detailType: 'call.completed', detail: { ...completed, callSid: 'CA2' } },
    ]);
  });

  it('fails the batch on a record that is no outbox item (the filter lets none through)', async () => {
    await expect(enrich([{ eventID: 'x', dynamodb: { NewImage: streamImage({ pk: 'SALON#sal_1', sk: 'CALL#CA1' }) } }])).rejects.toThrow('not an outbox item');
  });
});
