import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckout, type BillingDeps } from '../../../functions/core/billing/billing.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import { createSandboxPayments } from '../../../local/sandboxes/sandbox-payments.js';
import { SANDBOX_PRICE_IDS } from '../../../local/sandboxes/sandbox-stripe-objects.js';
import { createSandboxStripeStore } from '../../../local/sandboxes/sandbox-stripe-store.js';
import { createSubscriptionStore } from '../../../functions/store/subscription-store.js';
import { startTable, type Table } from '../booking/harness.js';

/**
 * Two plans pressed at once leave exactly one payable checkout (RELIABILITY 48), in whatever order
 * the two presses keep and read their checkouts. The API test presses both at once and sees the
 * order the machine happens to give; this one holds the order that left both open: the older
 * press (made first) waits at Stripe while the newer one keeps its checkout and reads, finding
 * only its own.
 */
let table: Table;
beforeAll(async () => {
  table = await startTable();
});
afterAll(() => table.close());

const SITE = 'https://app.example.ie';
const OWNER = { userId: 'owner-at-once', username: 'owner-at-once' };

function salon(id: string): Salon {
  return { id, ownerId: OWNER.userId, name: 'Snips', createdAt: '2026-01-01T00:00:00.000Z' } as Salon;
}

describe('checkouts made at once', () => {
  it('the newer of two stays payable and the older is expired, when the newer keeps and reads before the older is kept', async () => {
    const salonId = 'salon-checkouts-at-once';
    const subscriptions = createSubscriptionStore(table.client, table.tableName);
    const sandbox = createSandboxPayments({ store: createSandboxStripeStore(table.client, table.tableName), now: () => new Date('2026-11-26T09:00:00Z') });
    const expired: string[] = [];
    let releaseOlder!: () => void;
    const olderMayGoOn = new Promise<void>((resolve) => (releaseOlder = resolve));
    const payments: BillingDeps['payments'] = {
      ...sandbox,
      async createCheckoutSession(input) {
        const session = await sandbox.createCheckoutSession(input);
        if (input.priceId === SANDBOX_PRICE_IDS.starter) await olderMayGoOn;
        return session;
      },
      async expireCheckoutSession(input) {
        expired.push(input.sessionId);
        await sandbox.expireCheckoutSession(input);
      },
    };
    const pressAt = (at: string, plan: 'starter' | 'business') =>
      createCheckout(
        { payments, subscriptions, now: () => new Date(at) },
        OWNER,
        salonId,
        async () => salon(salonId),
        { salonId, userId: OWNER.userId, priceId: SANDBOX_PRICE_IDS[plan], email: 'owner@example.ie', startNow: true },
        SITE,
      );

    const older = pressAt('2026-11-26T09:00:00.000Z', 'starter');
    const newer = await pressAt('2026-11-26T09:00:00.500Z', 'business');
    releaseOlder();
    const olderAnswer = await older;

    const open = await subscriptions.openCheckouts(salonId, new Date('2026-11-26T09:01:00Z'));
    expect(open.map((checkout) => checkout.url)).toEqual([newer.url]);
    expect(expired).toHaveLength(1);
    expect(olderAnswer.url).not.toBe(newer.url);
    expect(olderAnswer.url).toContain(expired[0]);
  });
});
