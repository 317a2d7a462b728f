import { describe, expect, it } from 'vitest';
import { firstChargeAfterTrial } from '../../../functions/core/billing/billing.js';

/** A plan chosen during the free trial starts when the trial ends: choosing early never cuts the trial short. */
describe('when a plan chosen during the trial is first charged', () => {
  const salon = { createdAt: '2026-11-01T09:00:00.000Z' };
  const trialEnd = new Date('2026-11-15T09:00:00.000Z');

  it('is the end of the trial, chosen on day 3', () => {
    expect(firstChargeAfterTrial(salon, new Date('2026-11-04T12:00:00.000Z'))).toEqual(trialEnd);
  });

  it('is 49 hours away when less is left (Stripe refuses a trial ending sooner than 48 hours)', () => {
    const now = new Date('2026-11-14T09:00:00.000Z');
    expect(firstChargeAfterTrial(salon, now)).toEqual(new Date(now.getTime() + 49 * 3_600_000));
  });

  it('is today once the trial is over', () => {
    expect(firstChargeAfterTrial(salon, trialEnd)).toBeNull();
    expect(firstChargeAfterTrial(salon, new Date('2026-12-01T00:00:00.000Z'))).toBeNull();
  });
});
