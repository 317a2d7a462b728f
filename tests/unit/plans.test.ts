import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EVERY_PLAN_FEATURES,
  EXTRA_MINUTE_PRICE_CENTS,
  FREE_TEST_MINUTES,
  FREE_TRIAL_DAYS,
  PLANS,
  PLAN_IDS,
  UnknownPlanError,
  findPlan,
  isPlanId,
  planPriceIdsJsonSchema,
  planPriceIdsSchema,
  resolvePriceId,
} from '../../functions/core/plans';

const stagePriceIds = { starter: 'price_starter_test', growth: 'price_growth_test', business: 'price_business_test' };

describe('plans', () => {
  it('lists the three plans with the specified prices and minutes', () => {
    expect(PLANS.map((plan) => [plan.id, plan.name, plan.priceCents, plan.priceEuro, plan.minutesIncluded])).toEqual([
      ['starter', 'Starter', 7900, 79, 100],
      ['growth', 'Growth', 14900, 149, 300],
      ['business', 'Business', 49900, 499, 800],
    ]);
    expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  });

  it('marks only Growth as popular', () => {
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['growth']);
  });

  // Issue 46 #3: nothing is held back by plan (no code reads a plan to allow a feature), so a
  // card that left calendar sync or texts off Starter told the owner less than Starter does.
  it('says what every plan really does: calendar sync and texts on Starter too, and nothing the product lacks', () => {
    for (const plan of PLANS) {
      expect(plan.features).toEqual([...EVERY_PLAN_FEATURES]);
      expect(plan.features).toEqual(expect.arrayContaining(['Google Calendar sync', 'SMS notifications', 'Email notifications', 'Call forwarding']));
      for (const missing of ['Multiple locations', 'Advanced analytics', 'Priority support', 'Custom integrations'])
        expect(plan.features).not.toContain(missing);
    }
  });

  it('holds because no feature reads the plan: only billing, the plans and the payment providers name a plan id', () => {
    // The profile entity names a plan id only as the stored subscription's shape: it reads no plan.
    const billingFiles = /^(core\/billing\/|core\/plans\.ts|contracts\/billing\.ts|providers\/stripe-|api\/stripe|store\/entities\/profile-entity\.ts)/;
    const readers = readdirSync('functions', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !billingFiles.test(file.replaceAll('\\', '/')))
      .filter((file) => /\bplanId\b|\bcurrentPlan\(/.test(readFileSync(join('functions', file), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('keeps the trial and overage constants', () => {
    expect(EXTRA_MINUTE_PRICE_CENTS).toBe(15);
    expect(FREE_TRIAL_DAYS).toBe(14);
    expect(FREE_TEST_MINUTES).toBe(10);
  });

  it('rejects unknown plan ids', () => {
    expect(isPlanId('growth')).toBe(true);
    expect(isPlanId('enterprise')).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
    expect(() => findPlan('enterprise')).toThrow(UnknownPlanError);
  });
});

describe('payment price ids', () => {
  it('resolves the stage price id for each plan', () => {
    expect(PLAN_IDS.map((id) => resolvePriceId(id, stagePriceIds))).toEqual(['price_starter_test', 'price_growth_test', 'price_business_test']);
  });

  it('refuses a plan id that is not a plan', () => {
    expect(() => resolvePriceId('enterprise', stagePriceIds)).toThrow(UnknownPlanError);
    expect(() => resolvePriceId('toString', stagePriceIds)).toThrow(UnknownPlanError);
  });

  it('parses the PLAN_PRICE_IDS config value from JSON', () => {
    expect(planPriceIdsJsonSchema.parse(JSON.stringify(stagePriceIds))).toEqual(stagePriceIds);
  });

  it('rejects config that is not JSON, misses a plan, has blanks or unknown plans', () => {
    expect(planPriceIdsJsonSchema.safeParse('starter=price_1').success).toBe(false);
    expect(planPriceIdsJsonSchema.safeParse(JSON.stringify({ starter: 'a', growth: 'b' })).success).toBe(false);
    expect(planPriceIdsSchema.safeParse({ ...stagePriceIds, growth: '  ' }).success).toBe(false);
    expect(planPriceIdsSchema.safeParse({ ...stagePriceIds, enterprise: 'price_x' }).success).toBe(false);
  });
});
