import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageStore } from '../../../functions/store/booking/message-store.js';
import { type MessagePosition, type MessageStore } from '../../../functions/core/ports/booking/message-store.js';
import { startTable, type Table } from '../booking/harness.js';

/** The messages callers left, as the owner pages through them and ticks them off. */
let table: Table;
let messages: MessageStore;

beforeAll(async () => {
  table = await startTable();
  messages = createMessageStore(table.client, table.tableName);
});
afterAll(() => table.close());

const message = (n: number) => ({
  id: `msg-${n}`,
  callerName: `Caller ${n}`,
  callerPhone: '+353871234567',
  message: `Please ring me back (${n})`,
  createdAt: `2026-11-20T10:${String(n).padStart(2, '0')}:00.000Z`,
});

describe('caller messages', () => {
  it('pages newest first, and only messages', async () => {
    const salonId = 'sal_messages01';
    for (let n = 1; n <= 5; n += 1) await messages.put(salonId, message(n));
    // Items of other kinds either side of MSG# in the partition stay out of the pages.
    await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: `SALON#${salonId}`, sk: 'LIMIT#x' } }));
    await table.client.send(new PutCommand({ TableName: table.tableName, Item: { pk: `SALON#${salonId}`, sk: 'OUTBOX#x' } }));
    const seen: string[] = [];
    let after: MessagePosition | undefined;
    for (let page = 0; page < 5; page += 1) {
      const result = await messages.list(salonId, { limit: 2, ...(after ? { after } : {}) });
      seen.push(...result.messages.map((one) => one.id));
      if (!result.next) break;
      after = result.next;
    }
    expect(seen).toEqual(['msg-5', 'msg-4', 'msg-3', 'msg-2', 'msg-1']);
  });

  it('marks a message done and back; an unknown message is refused', async () => {
    const salonId = 'sal_messages02';
    await messages.put(salonId, message(1));
    expect(await messages.setDone(salonId, message(1), '2026-11-20T11:00:00.000Z')).toBe(true);
    expect((await messages.list(salonId, { limit: 10 })).messages[0]).toMatchObject({ id: 'msg-1', doneAt: '2026-11-20T11:00:00.000Z' });
    expect(await messages.setDone(salonId, message(1), null)).toBe(true);
    expect((await messages.list(salonId, { limit: 10 })).messages[0]!.doneAt).toBeNull();
    expect(await messages.setDone(salonId, message(2), '2026-11-20T11:00:00.000Z')).toBe(false);
    expect(await messages.setDone('sal_other', message(1), null)).toBe(false);
  });
});
