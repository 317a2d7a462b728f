import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatNumberRequest, vatNumberSchema, VAT_NUMBER_MESSAGE } from '../../../functions/contracts/billing.js';
import { createCheckout } from '../../../functions/core/billing/billing.js';
import { vatIncludedCents } from '../../../functions/core/billing/vat.js';
import { saveVatNumber } from '../../../functions/core/billing/vat-number.js';
import { PLANS } from '../../../functions/core/plans.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import { createSandboxPayments } from '../../../local/sandboxes/sandbox-payments.js';
import { invoiceObject } from '../../../local/sandboxes/sandbox-stripe-invoices.js';
import { SANDBOX_PRICE_IDS } from '../../../local/sandboxes/sandbox-stripe-objects.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { createSandboxStripeStore } from '../../../local/sandboxes/sandbox-stripe-store.js';
import { createSubscriptionStore } from '../../../functions/store/subscription-store.js';
import { startTable, type Table } from '../booking/harness.js';

/**
 * VAT on every invoice (issue 43, point 8). Prices include Irish VAT at 23%: the owner pays the
 * plan's price, and the invoice shows the VAT within it as Stripe computes an inclusive rate's
 * amount, `amount × 23/123` rounded to the cent (https://docs.stripe.com/billing/taxes/tax-rates,
 * inclusive). The VAT number: Stripe's `eu_vat` tax id (https://docs.stripe.com/billing/customer/tax-ids);
 * Irish numbers as Revenue writes them (IE, seven digits, one or two letters, or the older
 * IE + digit + letter or +/* + five digits + letter, as the VIES validators take them:
 * https://vatdb.com/guides/validate-ie-vat-number/).
 */
describe('the VAT within a price', () => {
  it('is 23/123 of it, to the cent: €79 holds €14.77, €149 €27.86, €499 €93.31', () => {
    expect(PLANS.map((plan) => [plan.priceCents, vatIncludedCents(plan.priceCents)])).toEqual([
      [7900, 1477],
      [14900, 2786],
      [49900, 9331],
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (gross) => {
        const vat = vatIncludedCents(gross);
        // The net plus 23% of it gives back the gross to within the cent rounding lost.
        expect(Math.abs((gross - vat) * 1.23 - gross)).toBeLessThanOrEqual(0.5 * 1.23 + 1e-9);
      }),
    );
  });
});

describe('a VAT number', () => {
  it("takes Irish numbers as Revenue writes them, and other EU states' with their prefix, kept compact", () => {
    expect(vatNumberSchema.parse('ie 1234567 t')).toBe('IE1234567T');
    expect(vatNumberSchema.parse('IE1234567TW')).toBe('IE1234567TW');
    expect(vatNumberSchema.parse('IE8Z49289F')).toBe('IE8Z49289F');
    expect(vatNumberSchema.parse('DE-123.456.789')).toBe('DE123456789');
    expect(vatNumberSchema.parse('EL123456789')).toBe('EL123456789');
    expect(vatNumberRequest.parse({ vatNumber: '' })).toEqual({ vatNumber: null });
    expect(vatNumberRequest.parse({ vatNumber: null })).toEqual({ vatNumber: null });
  });

  it('refuses what is not one, saying how to write it', () => {
    for (const wrong of ['1234567T', 'IE123456T', 'IE12345678', 'IE1234567TWX', 'GB123456789', 'US12345', 'DE1', '   ', 'IE1234567T; drop']) {
      const parsed = vatNumberSchema.safeParse(wrong);
      expect(parsed.success, wrong).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(VAT_NUMBER_MESSAGE);
    }
  });
});

describe("VAT on the sandbox's invoices", () => {
  let table: Table;
  beforeAll(async () => {
    table = await startTable();
  });
  afterAll(() => table.close());

  it("a salon's VAT number reaches its customer and the invoice of the plan it pays for, with the VAT line", async () => {
    const salons = createSalonStore(table.client, table.tableName);
    const subscriptions = createSubscriptionStore(table.client, table.tableName);
    const now = () => new Date('2026-12-03T10:00:00Z');
    const sandbox = createSandboxPayments({ store: createSandboxStripeStore(table.client, table.tableName), now });
    const deps = { payments: sandbox, subscriptions, now };
    const owner = { userId: 'owner-vat', username: 'owner-vat' };
    const salonId = 'sal_vatvatvatvatvatvatvatv';
    await salons.createIfAbsent({
      id: salonId,
      ownerId: owner.userId,
      name: 'Bláth',
      createdAt: '2026-10-01T00:00:00.000Z',
      business: null,
      hours: null,
      liveAt: null,
    } as Salon);

    // Given before there is a customer: kept, and the customer is made with it.
    expect(await saveVatNumber(deps, (await salons.get(salonId))!, 'IE1234567T')).toEqual({ vatNumber: 'IE1234567T' });
    expect((await salons.get(salonId))?.vatNumber).toBe('IE1234567T');
    const { url } = await createCheckout(
      deps,
      owner,
      salonId,
      async () => (await salons.get(salonId))!,
      { salonId, userId: owner.userId, priceId: SANDBOX_PRICE_IDS.growth, email: 'o@blath.ie', startNow: true },
      'https://app.example.ie',
    );
    const sessionId = new URL(url).searchParams.get('id')!;
    const customerId = (await sandbox.checkoutSession(salonId, sessionId))!.customerId!;
    expect((await sandbox.customer(salonId, customerId))?.vatNumber).toBe('IE1234567T');

    await sandbox.completeCheckout(salonId, sessionId);
    const [invoice] = await sandbox.invoices(salonId, customerId);
    const shaped = invoiceObject(invoice!);
    // The owner pays the plan's price; within it, the VAT.
    expect(shaped).toMatchObject({
      total: 14900,
      amount_paid: 14900,
      total_excluding_tax: 14900 - 2786,
      customer_tax_ids: [{ type: 'eu_vat', value: 'IE1234567T' }],
    });
    expect(shaped.total_taxes).toEqual([expect.objectContaining({ amount: 2786, tax_behavior: 'inclusive', taxable_amount: 14900 - 2786 })]);

    // A plan change invoices the rest of the period at once (the portal's always_invoice), VAT within it: here all of it.
    const portal = new URL(
      (await sandbox.createPortalSession({ salonId, customerId, returnUrl: 'https://app.example.ie/settings?section=billing' })).url,
    ).searchParams.get('id')!;
    await sandbox.changePlan(salonId, portal, 'business');
    const change = (await sandbox.invoices(salonId, customerId)).find((each) => each.id !== invoice!.id)!;
    expect(invoiceObject(change)).toMatchObject({
      total: 49900 - 14900,
      total_taxes: [expect.objectContaining({ amount: 6545 })],
      customer_tax_ids: [{ type: 'eu_vat', value: 'IE1234567T' }],
    });

    // Changed later: the customer's tax id follows; the invoice made keeps the number it was made with.
    await salons.get(salonId).then((salon) => saveVatNumber(deps, { ...salon!, billingCustomerId: customerId }, 'IE7654321AB'));
    expect((await sandbox.customer(salonId, customerId))?.vatNumber).toBe('IE7654321AB');
    expect((await sandbox.invoices(salonId, customerId)).map((each) => each.vatNumber)).toEqual(['IE1234567T', 'IE1234567T']);
    await saveVatNumber(deps, { ...(await salons.get(salonId))!, billingCustomerId: customerId }, null);
    expect((await salons.get(salonId))?.vatNumber).toBeNull();
    expect((await sandbox.customer(salonId, customerId))?.vatNumber).toBeNull();
  });
});
