import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../../functions/contracts/billing.js';
import { billingState } from '../../../functions/core/billing/billing-state.js';
import { firstChargeAfterTrial } from '../../../functions/core/billing/billing.js';
import { usageWarningEmail } from '../../../functions/core/confirmations/messages.js';
import { MINUTES_RULE } from '../../../functions/core/plans.js';
import { billingPeriodAt } from '../../../functions/core/usage/billing-period.js';

/**
 * Issue 46 #1: one truth about the plan, trial and minutes. A salon signs up on Saturday
 * 28 November 2026 at 10:00 (trial to Saturday 12 December, 10:00) and chooses Growth on
 * Tuesday 1 December; Stripe's subscription is trialing until the trial's end
 * (https://docs.stripe.com/billing/subscriptions/trials: "When creating a subscription with a
 * trial period, no payment method is required … A new billing cycle also begins for the customer
 * when the trial ends"; its `trial_end`: https://docs.stripe.com/api/subscriptions/object).
 */
const createdAt = '2026-11-28T10:00:00.000Z';
const trialEnd = '2026-12-12T10:00:00.000Z';
const chosen: SubscriptionRecord = {
  id: 'sub_1',
  customerId: 'cus_1',
  planId: 'growth',
  priceId: 'price_g',
  status: 'trialing',
  currentPeriodStart: '2026-12-01T14:20:00.000Z',
  currentPeriodEnd: trialEnd,
  cancelAtPeriodEnd: false,
  startedAt: '2026-12-01T14:20:00.000Z',
  trialEnd,
  order: 'o',
};
const totals = (minutes: number, testMinutes = 0) => ({ minutes, testMinutes, calls: 3 });
const TRIAL_WITH_GROWTH = (used: number) => `Free trial until 12 December: ${used} of 100 minutes used; then Growth, €149 a month incl. VAT.`;

describe('the plan, trial and minutes, after a plan is chosen in the trial', () => {
  it.each([
    ['Tuesday afternoon, the day it is chosen', '2026-12-01T15:00:00.000Z'],
    ['Sunday night', '2026-12-06T22:30:00.000Z'],
    ['Saturday, a minute before the trial ends', '2026-12-12T09:59:00.000Z'],
  ])('is still the free trial on %s: its 100 minutes, its test minutes, and the plan to come', (_when, at) => {
    const salon = { createdAt, subscription: chosen };
    const state = billingState(salon, totals(7, 4), new Date(at));
    expect(state).toMatchObject({
      phase: 'trial',
      trialEndsAt: trialEnd,
      plan: { id: 'growth', priceCents: 14900 },
      minutesUsed: 7,
      minutesIncluded: 100,
      extraMinutes: 0,
      testMinutesUsed: 4,
      period: { kind: 'trial', endsAt: trialEnd },
    });
    expect(state.headline).toBe(TRIAL_WITH_GROWTH(7));
    // The same period as before the plan was chosen: the minutes and test minutes carry on, never reset.
    expect(billingPeriodAt(salon, new Date(at)).id).toBe(billingPeriodAt({ createdAt }, new Date(at)).id);
  });

  it('a trialing record kept before its trial end was: its current period is the trial', () => {
    const { trialEnd: _kept, ...older } = chosen;
    expect(billingState({ createdAt, subscription: older }, totals(7), new Date('2026-12-05T12:00:00.000Z'))).toMatchObject({
      phase: 'trial',
      trialEndsAt: trialEnd,
      headline: TRIAL_WITH_GROWTH(7),
    });
  });

  it('never speaks of extra minutes in the trial, however many are used', () => {
    const state = billingState({ createdAt, subscription: chosen }, totals(103), new Date('2026-12-08T11:00:00.000Z'));
    expect(state).toMatchObject({ extraMinutes: 0, extraCents: 0 });
    expect(state.headline).toBe(TRIAL_WITH_GROWTH(103));
    expect(state.headline).not.toMatch(/extra|€0\.15/);
  });

  it('the plan and its 300 minutes from the trial end, renewing monthly from it, with extra minutes then', () => {
    const paid = { ...chosen, status: 'active' as const, currentPeriodStart: trialEnd, currentPeriodEnd: '2027-01-12T10:00:00.000Z' };
    const state = billingState({ createdAt, subscription: paid }, totals(303), new Date('2026-12-14T09:00:00.000Z'));
    expect(state).toMatchObject({ phase: 'plan', minutesIncluded: 300, extraMinutes: 3, extraCents: 45 });
    expect(state.headline).toBe(
      'Growth, €149 a month incl. VAT: 303 of 300 minutes used until 12 January, when it renews. 3 extra minutes at €0.15 each (€0.45).',
    );
  });

  it("a webhook late at the trial's end: the first paid month starts at the trial's end (Stripe's new billing cycle)", () => {
    expect(billingPeriodAt({ createdAt, subscription: chosen }, new Date('2026-12-12T10:30:00.000Z'))).toMatchObject({
      kind: 'month',
      startsAt: trialEnd,
      endsAt: '2027-01-12T10:00:00.000Z',
      minutesIncluded: 300,
    });
  });

  it('a plan cancelled in the trial is said never to be charged; then the trial runs out as any other', () => {
    const cancelled = { ...chosen, cancelAtPeriodEnd: true };
    expect(billingState({ createdAt, subscription: cancelled }, totals(20), new Date('2026-12-03T08:00:00.000Z')).headline).toBe(
      'Free trial until 12 December: 20 of 100 minutes used; Growth is cancelled, so nothing will be charged.',
    );
    const ended = { ...cancelled, status: 'canceled' as const };
    expect(billingState({ createdAt, subscription: ended }, totals(0), new Date('2026-12-13T08:00:00.000Z'))).toMatchObject({
      phase: 'ended',
      headline: 'Your free trial ended on 12 December: choose a plan to keep your receptionist answering.',
    });
  });

  it("chosen on the trial's last day, the trial lasts to Stripe's later trial end, and is said so", () => {
    const lastDay = new Date('2026-12-11T18:00:00.000Z');
    const stripeEnd = firstChargeAfterTrial({ createdAt }, lastDay)!.toISOString();
    expect(stripeEnd > trialEnd).toBe(true);
    const late = { ...chosen, currentPeriodStart: lastDay.toISOString(), startedAt: lastDay.toISOString(), currentPeriodEnd: stripeEnd, trialEnd: stripeEnd };
    const state = billingState({ createdAt, subscription: late }, totals(40), new Date('2026-12-12T20:00:00.000Z'));
    expect(state).toMatchObject({ phase: 'trial', trialEndsAt: stripeEnd, minutesIncluded: 100 });
    expect(state.headline).toBe(`Free trial until 13 December: 40 of 100 minutes used; then Growth, €149 a month incl. VAT.`);
  });

  it('a plan started today (charged today) ends the trial then: the plan and its minutes from its start', () => {
    const now = { ...chosen, status: 'active' as const, trialEnd: undefined, currentPeriodEnd: '2027-01-01T14:20:00.000Z' };
    const state = billingState({ createdAt, subscription: now }, totals(2), new Date('2026-12-02T09:00:00.000Z'));
    expect(state).toMatchObject({ phase: 'plan', trialEndsAt: chosen.startedAt, minutesIncluded: 300 });
    expect(state.headline).toBe('Growth, €149 a month incl. VAT: 2 of 300 minutes used until 1 January, when it renews.');
  });

  it('a plan that ended after the trial is named as what ended', () => {
    const over = {
      ...chosen,
      status: 'canceled' as const,
      currentPeriodStart: trialEnd,
      currentPeriodEnd: '2027-01-12T10:00:00.000Z',
      cancelAtPeriodEnd: true,
    };
    expect(billingState({ createdAt, subscription: over }, totals(0), new Date('2027-01-20T10:00:00.000Z'))).toMatchObject({
      phase: 'ended',
      plan: null,
      headline: 'Your Growth plan ended on 12 January: choose a plan to keep your receptionist answering.',
    });
  });

  it('without a plan: the trial, then the trial ended, dated in Irish time', () => {
    const summer = '2027-06-17T23:30:00.000Z'; // 00:30 on 18 June in Dublin: the trial ends on 2 July, Irish time
    expect(billingState({ createdAt: summer }, totals(0), new Date('2027-06-20T12:00:00.000Z')).headline).toBe(
      'Free trial until 2 July: 0 of 100 minutes used; then choose a plan to keep your receptionist answering.',
    );
    expect(billingState({ createdAt: summer }, totals(0), new Date('2027-07-05T12:00:00.000Z'))).toMatchObject({
      phase: 'ended',
      minutesIncluded: 0,
      extraMinutes: 0,
    });
  });
});

describe("the owner's usage email says what Billing and the dashboard say", () => {
  it('in the trial with a plan chosen: the headline word for word, nothing charged, how minutes are counted', () => {
    const state = billingState({ createdAt, subscription: chosen }, totals(80), new Date('2026-12-09T10:00:00.000Z'));
    const email = usageWarningEmail({ threshold: 80 }, state, 'Bláth Hair', 'https://salondesk.example/settings?section=billing');
    expect(email.text).toContain(TRIAL_WITH_GROWTH(80));
    expect(email.text).toContain('nothing in the free trial is charged');
    expect(email.text).toContain(MINUTES_RULE);
    expect(email.text).not.toMatch(/choose a plan|€0\.15/);
  });

  it('on a plan: the headline and the extra-minute price', () => {
    const paid = { ...chosen, status: 'active' as const, currentPeriodStart: trialEnd, currentPeriodEnd: '2027-01-12T10:00:00.000Z' };
    const state = billingState({ createdAt, subscription: paid }, totals(300), new Date('2026-12-30T16:00:00.000Z'));
    const email = usageWarningEmail({ threshold: 100 }, state, 'Bláth Hair', 'https://salondesk.example/settings?section=billing');
    expect(email.text).toContain('Growth, €149 a month incl. VAT: 300 of 300 minutes used until 12 January, when it renews.');
    expect(email.text).toContain('each minute past your plan costs €0.15');
  });
});
