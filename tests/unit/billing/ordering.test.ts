import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SubscriptionRecord } from '../../../functions/contracts/billing.js';
import { eventOrder, parseStripeSubscription, subscriptionRecord } from '../../../functions/core/billing/subscription.js';
import { PLAN_IDS } from '../../../functions/core/plans.js';

/**
 * RELIABILITY 10: events applied in any order, each any number of times, leave the newest state.
 * The store's rule is "write when the event's order sorts after the stored one's"; this is that
 * rule over every shuffle, with the records the webhook makes from Stripe's objects.
 */
const PRICES = { starter: 'price_s', growth: 'price_g', business: 'price_b' };
const TYPES = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const;

interface Generated {
  created: number;
  type: (typeof TYPES)[number];
  plan: (typeof PLAN_IDS)[number];
  cancel: boolean;
  suffix: string;
}

const stripeEvent: fc.Arbitrary<Generated> = fc.record({
  created: fc.integer({ min: 1_750_000_000, max: 1_750_000_010 }),
  type: fc.constantFrom(...TYPES),
  plan: fc.constantFrom(...PLAN_IDS),
  cancel: fc.boolean(),
  suffix: fc.string({ unit: fc.constantFrom(...'abcdef0123456789'), minLength: 6, maxLength: 6 }),
});

function record(event: Generated, index: number): SubscriptionRecord {
  const id = `evt_${event.suffix}${index}`;
  const object = parseStripeSubscription({
    id: 'sub_1',
    customer: 'cus_1',
    status: event.type === 'customer.subscription.deleted' ? 'canceled' : 'active',
    cancel_at_period_end: event.cancel,
    metadata: { salon_id: 'sal_x' },
    items: { data: [{ price: { id: PRICES[event.plan] }, current_period_start: event.created - 100, current_period_end: event.created + 1000 }] },
  })!;
  return subscriptionRecord(object, PRICES, eventOrder({ id, type: event.type, created: event.created }));
}

/** The store's conditional write. */
const apply = (stored: SubscriptionRecord | null, next: SubscriptionRecord) => (!stored || stored.order < next.order ? next : stored);

describe('newest wins', () => {
  it('any order, any duplicates: the state of the last event in (created, deletion-last, id) order', () => {
    fc.assert(
      fc.property(
        fc.array(stripeEvent, { minLength: 1, maxLength: 8 }).chain((events) => {
          const records = events.map(record);
          const deliveries = records.flatMap((r) => [r, r, r].slice(0, 1 + (r.order.length % 3)));
          return fc.tuple(fc.constant(records), fc.shuffledSubarray(deliveries, { minLength: deliveries.length, maxLength: deliveries.length }));
        }),
        ([records, deliveries]) => {
          const newest = [...records].sort((a, b) => (a.order < b.order ? -1 : 1)).at(-1)!;
          const final = deliveries.reduce<SubscriptionRecord | null>(apply, null);
          expect(final).toEqual(newest);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('orders by created first, then a deletion after an update of the same second', () => {
    expect(
      eventOrder({ id: 'evt_b', type: 'customer.subscription.updated', created: 100 }) <
        eventOrder({ id: 'evt_a', type: 'customer.subscription.updated', created: 101 }),
    ).toBe(true);
    expect(
      eventOrder({ id: 'evt_z', type: 'customer.subscription.updated', created: 100 }) <
        eventOrder({ id: 'evt_a', type: 'customer.subscription.deleted', created: 100 }),
    ).toBe(true);
    // A wider number of seconds still sorts as text.
    expect(eventOrder({ id: 'e', type: 'x', created: 9_999_999_999 }) < eventOrder({ id: 'e', type: 'x', created: 10_000_000_000 })).toBe(true);
  });

  it('takes the plan from the price, and the period from the item', () => {
    const object = parseStripeSubscription({
      id: 'sub_1',
      customer: { id: 'cus_9' },
      status: 'past_due',
      metadata: {},
      items: {
        data: [
          { price: { id: 'price_overage' }, current_period_start: 0, current_period_end: 10 },
          { price: { id: 'price_b' }, current_period_start: 1_767_225_600, current_period_end: 1_769_904_000 },
        ],
      },
    })!;
    expect(subscriptionRecord(object, PRICES, 'o')).toMatchObject({
      planId: 'business',
      customerId: 'cus_9',
      status: 'past_due',
      currentPeriodStart: '2026-01-01T00:00:00.000Z',
      currentPeriodEnd: '2026-02-01T00:00:00.000Z',
    });
    expect(parseStripeSubscription({ id: 'sub_1', status: 'active', items: { data: [] } })).toBeNull();
  });
});
