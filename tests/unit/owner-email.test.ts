import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepOwnerEmail } from '../../functions/core/owner-email.js';
import { salonIdForOwner } from '../../functions/core/salon.js';
import { createSalonStore } from '../../functions/store/salon-store.js';
import { type SalonStore } from '../../functions/core/ports/salon-store.js';
import { startTable, type Table } from './booking/harness.js';

/** The owner's email on the salon's profile, where every owner notice reads it (no route of ours may read the user pool). */
let table: Table;
let salons: SalonStore;
beforeAll(async () => {
  table = await startTable();
  salons = createSalonStore(table.client, table.tableName);
});
afterAll(() => table.close());

async function salonOf(userId: string, ownerEmail: string | null) {
  const id = salonIdForOwner(userId);
  await salons.createIfAbsent({
    id,
    ownerId: userId,
    ownerEmail,
    name: 'Bláth',
    phone: null,
    assignedNumber: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    business: null,
    hours: null,
    liveAt: null,
  });
  return id;
}

describe("keeping the owner's email on the salon", () => {
  it('fills in a salon made without it and follows a changed address; the same address writes nothing', async () => {
    const id = await salonOf('user-legacy', null);
    expect(await keepOwnerEmail(() => ({ salons }), 'user-legacy', 'aoife@blath.ie')).toBe(true);
    expect((await salons.get(id))?.ownerEmail).toBe('aoife@blath.ie');
    expect(await keepOwnerEmail(() => ({ salons }), 'user-legacy', 'aoife@blath.ie')).toBe(false);
    expect(await keepOwnerEmail(() => ({ salons }), 'user-legacy', 'bookings@blath.ie')).toBe(true);
    expect((await salons.get(id))?.ownerEmail).toBe('bookings@blath.ie');
  });

  it('never makes a salon, and never fails a sign-in', async () => {
    expect(await keepOwnerEmail(() => ({ salons }), 'user-without-salon', 'new@blath.ie')).toBe(false);
    expect(await salons.get(salonIdForOwner('user-without-salon'))).toBeNull();
    expect(await keepOwnerEmail(() => ({ salons }), undefined, 'x@blath.ie')).toBe(false);
    const broken = () => ({ salons: { keepOwnerEmail: async () => Promise.reject(new Error('ProvisionedThroughputExceededException')) } });
    await expect(keepOwnerEmail(broken, 'user-legacy', 'x@blath.ie')).resolves.toBe(false);
    const unconfigured = () => {
      throw new Error('Invalid configuration');
    };
    await expect(keepOwnerEmail(unconfigured, 'user-legacy', 'x@blath.ie')).resolves.toBe(false);
  });
});
