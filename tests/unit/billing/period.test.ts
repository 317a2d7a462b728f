import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../../functions/contracts/billing.js';
import { parseStripeSubscription, planLabel, subscriptionCovers, subscriptionRecord } from '../../../functions/core/billing/subscription.js';
import { callReadiness } from '../../../functions/core/call-readiness.js';
import { billingPeriodAt, billingPeriodById, TRIAL_MINUTES } from '../../../functions/core/usage/billing-period.js';
import type { Salon } from '../../../functions/core/salon-profile.js';
import type { StoredSetup } from '../../../functions/core/ports/setup-store.js';

const subscription: SubscriptionRecord = {
  id: 'sub_1',
  customerId: 'cus_1',
  planId: 'growth',
  priceId: 'price_g',
  status: 'active',
  currentPeriodStart: '2026-12-05T10:00:00.000Z',
  currentPeriodEnd: '2027-01-05T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  startedAt: '2026-11-05T10:00:00.000Z',
  order: 'o',
};
const salon = { createdAt: '2026-11-01T09:30:00.000Z', subscription };

describe('billing periods with a subscription', () => {
  it("the subscription's period, with its plan's minutes", () => {
    expect(billingPeriodAt(salon, new Date('2026-12-20T12:00:00Z'))).toEqual({
      kind: 'month',
      id: 'S20261205T100000',
      minutesIncluded: 300,
      startsAt: '2026-12-05T10:00:00.000Z',
      endsAt: '2027-01-05T10:00:00.000Z',
    });
  });

  it('an earlier period for a late event, never one before the subscription began (the trial then)', () => {
    expect(billingPeriodAt(salon, new Date('2026-11-20T12:00:00Z'))).toMatchObject({
      id: 'S20261105T100000',
      minutesIncluded: 300,
      endsAt: '2026-12-05T10:00:00.000Z',
    });
    expect(billingPeriodAt(salon, new Date('2026-11-03T12:00:00Z'))).toMatchObject({ kind: 'trial', minutesIncluded: TRIAL_MINUTES });
  });

  it('the next period while it renews and its webhook is late; none once cancelled', () => {
    expect(billingPeriodAt(salon, new Date('2027-01-06T12:00:00Z'))).toMatchObject({ id: 'S20270105T100000', endsAt: '2027-02-05T10:00:00.000Z' });
    const cancelled = { ...salon, subscription: { ...subscription, status: 'canceled' as const } };
    expect(billingPeriodAt(cancelled, new Date('2027-01-06T12:00:00Z'))).toMatchObject({ kind: 'month', id: '2027-01', minutesIncluded: 0 });
  });

  it('steps months from the billing anchor, as Stripe does at the end of a month', () => {
    const anchored = {
      ...salon,
      subscription: {
        ...subscription,
        currentPeriodStart: '2027-03-31T08:00:00.000Z',
        currentPeriodEnd: '2027-04-30T08:00:00.000Z',
        startedAt: '2027-01-31T08:00:00.000Z',
      },
    };
    expect(billingPeriodAt(anchored, new Date('2027-03-01T00:00:00Z'))).toMatchObject({
      startsAt: '2027-02-28T08:00:00.000Z',
      endsAt: '2027-03-31T08:00:00.000Z',
    });
    expect(billingPeriodAt(anchored, new Date('2027-02-10T00:00:00Z'))).toMatchObject({
      startsAt: '2027-01-31T08:00:00.000Z',
      endsAt: '2027-02-28T08:00:00.000Z',
    });
  });

  it('names a subscription period by its id, and nothing that is not one', () => {
    expect(billingPeriodById(salon, 'S20261205T100000')).toMatchObject({ minutesIncluded: 300, endsAt: '2027-01-05T10:00:00.000Z' });
    expect(billingPeriodById(salon, 'S20261206T100000')).toBeNull();
    expect(billingPeriodById(salon, 'S2026')).toBeNull();
    expect(billingPeriodById({ createdAt: salon.createdAt }, 'S20261205T100000')).toBeNull();
    expect(billingPeriodById(salon, 'trial')).toMatchObject({ kind: 'trial' });
  });
});

describe("a subscription's trial", () => {
  // https://docs.stripe.com/api/subscriptions/object#subscription_object-trial_end: "If the subscription has a trial, the end of that trial."
  it("keeps Stripe's trial_end, which keeps the salon in its free trial until then", () => {
    const object = {
      id: 'sub_t',
      customer: 'cus_1',
      status: 'trialing',
      start_date: 1764599000,
      trial_end: 1765533600,
      items: { data: [{ price: { id: 'price_g' }, current_period_start: 1764599000, current_period_end: 1765533600 }] },
    };
    const record = subscriptionRecord(parseStripeSubscription(object)!, { starter: 'price_s', growth: 'price_g', business: 'price_b' }, 'o');
    expect(record).toMatchObject({ planId: 'growth', status: 'trialing', trialEnd: '2025-12-12T10:00:00.000Z' });
    expect(subscriptionRecord(parseStripeSubscription({ ...object, status: 'active', trial_end: null })!, null, 'o').trialEnd).toBeUndefined();
    expect(billingPeriodAt({ createdAt: '2025-11-28T10:00:00.000Z', subscription: record }, new Date('2025-12-05T12:00:00Z'))).toMatchObject({
      kind: 'trial',
      minutesIncluded: TRIAL_MINUTES,
    });
  });
});

describe('what a subscription changes', () => {
  const now = new Date('2026-12-20T12:00:00Z');
  it.each([
    ['active', {}, true],
    ['trialing', { status: 'trialing' }, true],
    ['past due (grace while Stripe retries)', { status: 'past_due' }, true],
    ['cancelled, period paid to its end', { status: 'canceled' }, true],
    ['cancelled, period over', { status: 'canceled', currentPeriodEnd: '2026-12-19T00:00:00.000Z' }, false],
    ['unpaid', { status: 'unpaid' }, false],
    ['incomplete', { status: 'incomplete' }, false],
  ] as const)('%s', (_name, change, covers) => {
    const record = { ...subscription, ...change } as SubscriptionRecord;
    expect(subscriptionCovers(record, now)).toBe(covers);
    expect(planLabel(record, now)).toBe(covers ? 'Growth' : 'free');
  });

  const setup = { stylists: [], mappings: [], services: [], phoneOption: 'new', forwardNumber: '', forwardWhen: 'unanswered' } as unknown as StoredSetup;
  const base = {
    id: 'sal_1',
    ownerId: 'u',
    name: 'S',
    phone: null,
    ownerEmail: null,
    assignedNumber: null,
    business: null,
    hours: null,
    liveAt: null,
    createdAt: '2026-11-01T09:30:00.000Z',
  } as Salon;

  it('billing holds during the trial, with a plan after it, and says a plan ended when it did', () => {
    expect(callReadiness(base, setup, new Date('2026-11-10T00:00:00Z'))).toMatchObject({ billingActive: true });
    const afterTrial = callReadiness(base, setup, now);
    expect(afterTrial).toMatchObject({ billingActive: false });
    expect(afterTrial.planEnded).toBeUndefined();
    expect(callReadiness({ ...base, subscription }, setup, now)).toMatchObject({ billingActive: true });
    const ended = callReadiness({ ...base, subscription: { ...subscription, status: 'canceled', currentPeriodEnd: '2026-12-19T00:00:00.000Z' } }, setup, now);
    expect(ended).toMatchObject({ billingActive: false, planEnded: true });
    expect(ended.missing).toContain('billing');
  });
});
