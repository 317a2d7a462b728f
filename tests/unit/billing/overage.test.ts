import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SubscriptionRecord } from '../../../functions/contracts/billing.js';
import { overageMinutes, reportCallOverage, type OverageDeps } from '../../../functions/core/billing/overage.js';
import type { DeliveryClaims } from '../../../functions/core/ports/delivery-claims.js';
import type { Salon } from '../../../functions/core/salon-profile.js';

const subscription: SubscriptionRecord = {
  id: 'sub_1',
  customerId: 'cus_1',
  planId: 'starter',
  priceId: 'price_s',
  status: 'active',
  currentPeriodStart: '2026-12-05T10:00:00.000Z',
  currentPeriodEnd: '2027-01-05T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  order: 'o',
};

/** Memory stand-ins with the stores' semantics: a ledger placing each call once, claims taken once. */
function fakes(salon: Partial<Salon> | null) {
  const ledger = new Map<string, { total: number; calls: Map<string, number> }>();
  const claims = new Set<string>();
  const reported: { identifier: string; value: number; customerId: string; eventName: string }[] = [];
  const deps: OverageDeps = {
    salons: { get: async () => (salon ? ({ id: 'sal_1', createdAt: '2026-11-01T09:30:00.000Z', ...salon } as Salon) : null) },
    subscriptions: {
      placeCall: async (_salonId, periodId, callSid, minutes) => {
        const period = ledger.get(periodId) ?? { total: 0, calls: new Map() };
        ledger.set(periodId, period);
        const placed = period.calls.get(callSid);
        if (placed !== undefined) return { before: placed };
        period.calls.set(callSid, period.total);
        period.total += minutes;
        return { before: period.total - minutes };
      },
    },
    payments: {
      reportMeterEvent: async (input) => {
        reported.push({ identifier: input.identifier, value: input.value, customerId: input.customerId, eventName: input.eventName });
        return { id: input.identifier };
      },
    },
    deliveryClaims: {
      claim: async (key) => {
        const id = `${key.subjectId}:${key.channel}`;
        if (claims.has(id)) return null;
        claims.add(id);
        return { key, token: id };
      },
      markSent: async () => undefined,
      release: async (claim) => void claims.delete(claim.token),
      wasSent: async (key) => claims.has(`${key.subjectId}:${key.channel}`),
    } as DeliveryClaims,
    meterEventName: 'overage_minutes',
    now: () => new Date('2026-12-20T12:00:00Z'),
  };
  return { deps, reported };
}

const call = (callSid: string, minutes: number, extra: Partial<Parameters<typeof reportCallOverage>[1]> = {}) => ({
  salonId: 'sal_1',
  callSid,
  startedAt: '2026-12-20T11:00:00.000Z',
  durationSeconds: minutes * 60,
  outcome: 'answered' as const,
  test: false,
  ...extra,
});

describe('overage minutes', () => {
  it('counts only the minutes past the plan', () => {
    expect(overageMinutes(90, 5, 100)).toBe(0);
    expect(overageMinutes(98, 5, 100)).toBe(3);
    expect(overageMinutes(120, 5, 100)).toBe(5);
    expect(overageMinutes(0, 5, 0)).toBe(5);
  });

  it('reports each call once, with the call as identifier, however often its event arrives', async () => {
    const { deps, reported } = fakes({ subscription });
    expect(await reportCallOverage(deps, call('CA_big', 98))).toEqual({ reported: false, reason: 'within-plan' });
    for (let delivery = 0; delivery < 3; delivery += 1) await reportCallOverage(deps, call('CA_over', 5));
    expect(reported).toEqual([{ identifier: 'CA_over', value: 3, customerId: 'cus_1', eventName: 'overage_minutes' }]);
  });

  it('the minutes reported add up to the period overage, whatever order the calls are counted in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 12 }), async (lengths) => {
        const { deps, reported } = fakes({ subscription });
        const calls = lengths.map((minutes, index) => call(`CA${index}`, minutes));
        // Each delivered twice, all at once.
        await Promise.all([...calls, ...calls].map((each) => reportCallOverage(deps, each)));
        const total = lengths.reduce((sum, minutes) => sum + minutes, 0);
        expect(reported.reduce((sum, each) => sum + each.value, 0)).toBe(Math.max(0, total - 100));
        expect(new Set(reported.map((each) => each.identifier)).size).toBe(reported.length);
      }),
      { numRuns: 100 },
    );
  });

  it('reports nothing for test calls, missed calls, salons without a plan, or salons that are gone', async () => {
    const { deps, reported } = fakes({ subscription: { ...subscription, planId: 'starter' } });
    expect(await reportCallOverage(deps, call('CA_test', 500, { test: true, outcome: 'test-call' }))).toMatchObject({ reason: 'no-minutes' });
    expect(await reportCallOverage(deps, call('CA_missed', 500, { outcome: 'missed' }))).toMatchObject({ reason: 'no-minutes' });
    expect(await reportCallOverage(fakes({}).deps, call('CA_trial', 500))).toMatchObject({ reason: 'not-subscribed' });
    expect(await reportCallOverage(fakes(null).deps, call('CA_gone', 500))).toMatchObject({ reason: 'no-salon' });
    expect(reported).toEqual([]);
  });

  // Issue 46 #1: a plan chosen in the trial (Stripe trialing until the trial's end) made the trial's
  // calls a 300-minute subscription period, with extra minutes sent to the meter inside the trial.
  it('reports nothing for calls in the free trial, even with a plan chosen in it, and reports past the plan after it', async () => {
    const chosen: SubscriptionRecord = {
      ...subscription,
      planId: 'growth',
      status: 'trialing',
      currentPeriodStart: '2026-11-04T16:00:00.000Z',
      currentPeriodEnd: '2026-11-15T09:30:00.000Z',
      startedAt: '2026-11-04T16:00:00.000Z',
      trialEnd: '2026-11-15T09:30:00.000Z',
    };
    const { deps, reported } = fakes({ subscription: chosen });
    for (const [n, at] of ['2026-11-05T08:00:00.000Z', '2026-11-10T21:45:00.000Z', '2026-11-15T09:29:00.000Z'].entries()) {
      expect(await reportCallOverage(deps, call(`CA_trial${n}`, 150, { startedAt: at }))).toEqual({ reported: false, reason: 'not-subscribed' });
    }
    const after = { ...chosen, status: 'active' as const, currentPeriodStart: chosen.currentPeriodEnd, currentPeriodEnd: '2026-12-15T09:30:00.000Z' };
    const { deps: paid, reported: paidReports } = fakes({ subscription: after });
    expect(await reportCallOverage(paid, call('CA_paid', 310, { startedAt: '2026-11-16T10:00:00.000Z' }))).toEqual({ reported: true, minutes: 10 });
    expect(reported).toEqual([]);
    expect(paidReports).toHaveLength(1);
  });

  it('gives the claim back when Stripe fails, so the retry reports', async () => {
    const { deps, reported } = fakes({ subscription });
    let fail = true;
    const flaky: OverageDeps = {
      ...deps,
      payments: {
        reportMeterEvent: async (input) => {
          if (fail) throw new Error('Stripe down');
          return deps.payments.reportMeterEvent(input);
        },
      },
    };
    await expect(reportCallOverage(flaky, call('CA_retry', 120))).rejects.toThrow('Stripe down');
    fail = false;
    expect(await reportCallOverage(flaky, call('CA_retry', 120))).toEqual({ reported: true, minutes: 20 });
    expect(reported).toHaveLength(1);
  });
});
