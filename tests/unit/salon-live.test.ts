import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSalonStore } from '../../functions/store/salon-store.js';
import { type SalonStore } from '../../functions/core/ports/salon-store.js';
import { startTable, type Table } from './booking/harness.js';

/** The live flag inbound calls are routed on: set by Go Live, cleared on pause, never a fragment of a deleted salon. */
let table: Table;
let salons: SalonStore;
let counter = 0;

beforeAll(async () => {
  table = await startTable();
  salons = createSalonStore(table.client, table.tableName);
});
afterAll(() => table.close());

async function newSalon() {
  counter += 1;
  const id = `sal_live${String(counter).padStart(6, '0')}`;
  await salons.createIfAbsent({
    id,
    ownerId: `owner-${id}`,
    ownerEmail: 'owner@example.ie',
    name: 'Live Test',
    phone: null,
    assignedNumber: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    business: null,
    hours: null,
    liveAt: null,
  });
  return id;
}

describe('a salon going live', () => {
  it('is not live when created, is live once marked, and keeps the first time it went live', async () => {
    const id = await newSalon();
    expect((await salons.get(id))?.liveAt).toBeNull();
    expect(await salons.markLive(id, '2026-11-22T09:00:00.000Z')).toBe(true);
    expect(await salons.markLive(id, '2026-11-22T10:00:00.000Z')).toBe(true);
    expect((await salons.get(id))?.liveAt).toBe('2026-11-22T09:00:00.000Z');
  });

  it('pauses only once live, and going live again lifts the pause and keeps the first time', async () => {
    const id = await newSalon();
    expect(await salons.markPaused(id, '2026-11-22T08:00:00.000Z', null)).toBe(false);
    expect((await salons.get(id))?.pausedAt).toBeNull();
    await salons.markLive(id, '2026-11-22T09:00:00.000Z');
    expect(await salons.markPaused(id, '2026-11-22T12:00:00.000Z', null)).toBe(true);
    expect(await salons.get(id)).toMatchObject({ liveAt: '2026-11-22T09:00:00.000Z', pausedAt: '2026-11-22T12:00:00.000Z' });
    await salons.markLive(id, '2026-11-23T09:00:00.000Z');
    expect(await salons.get(id)).toMatchObject({ liveAt: '2026-11-22T09:00:00.000Z', pausedAt: null });
  });

  it('recreates nothing for a salon that was deleted', async () => {
    const id = await newSalon();
    await salons.deleteAll(id);
    expect(await salons.markLive(id, '2026-11-22T09:00:00.000Z')).toBe(false);
    expect(await salons.markPaused(id, '2026-11-22T10:00:00.000Z', null)).toBe(false);
    expect(await salons.get(id)).toBeNull();
  });
});
