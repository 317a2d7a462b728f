import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceSchema } from '../../../functions/contracts/setup.js';
import { setupMessages } from '../../../functions/contracts/setup-fields.js';
import { book } from '../../../functions/core/booking/book.js';
import { cancel } from '../../../functions/core/booking/cancel.js';
import { reschedule } from '../../../functions/core/booking/reschedule.js';
import { settleDeposit } from '../../../functions/core/booking/deposit.js';
import { ToolError } from '../../../functions/core/booking/errors.js';
import { sweepBookings } from '../../../functions/core/booking/booking-sweep.js';
import { answerText, type ReplyDeps } from '../../../functions/core/replies/sms-reply.js';
import { setLogSink } from '../../../functions/logger.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { createSmsReplyStore } from '../../../functions/store/sms-reply-store.js';
import { PaymentsError } from '../../../functions/core/ports/payments.js';
import { at, makeSalon, startTable, type Table, type UnitSalon } from './harness.js';

/** Deposits: a held time (awaiting deposit) on the booking of record, settled by Stripe's events or released by the sweep. */
let table: Table;

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

let callers = 0;
/** A new caller each time: one number may book 3 times an hour. */
const balayage = (start: string, overrides: Record<string, string> = {}) => {
  callers += 1;
  return { service: 'Balayage', start, callerName: 'Mary Murphy', callerPhone: `+35387${String(2000000 + callers)}`, stylist: 'Aoife', ...overrides };
};
const sk = (items: Record<string, unknown>[], prefix: string) => items.filter((item) => String(item.sk).startsWith(prefix));
const appointment = async (salon: UnitSalon, id: string) => salon.deps.bookings.appointments.get(salon.salonId, id);
/** What Stripe's event says of a payment: on the salon's account, for €20, with its PaymentIntent (none for an event that carries none). */
const paidOn = (_salon: UnitSalon, paymentIntentId: string | null = null) => Promise.resolve({ paymentIntentId, amountCents: 2000 });
const holdOf = async (salon: UnitSalon, id: string) => {
  const days = sk(await table.items(salon.salonId), 'DAY#');
  const entries = days.flatMap((day) => [...(day.intervals as Record<string, unknown>[]), ...(day.ended as Record<string, unknown>[])]);
  return (entries.find((entry) => entry.bookingId === id)!.record as { deposit: { sessionId: string; accountId?: string } }).deposit;
};
const sandboxSession = async (salon: UnitSalon, sessionId: string) =>
  (sk(await table.items(salon.salonId), `SANDBOXSTRIPE#DEPOSIT#${sessionId}`)[0]?.value ?? null) as { status: string; refundedAt?: number } | null;
const count = (salon: UnitSalon, type: string, id: string) =>
  salon.published.filter((event) => event.type === type && (event.detail as { appointment: { id: string } }).appointment.id === id).length;

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the deposit contract', () => {
  const fixed = { name: 'Balayage', duration: 180, price: 180 };
  it("takes a whole number of euro from 0 to the price (or the range's max); absent is none", () => {
    expect(serviceSchema.parse(fixed).deposit).toBe(0);
    expect(serviceSchema.parse({ ...fixed, deposit: 20 }).deposit).toBe(20);
    expect(serviceSchema.parse({ ...fixed, deposit: 180 }).deposit).toBe(180);
    expect(serviceSchema.parse({ name: 'Colour', duration: 60, isRange: true, price_min: 80, price_max: 150, deposit: 150 }).deposit).toBe(150);
  });
  it('refuses a deposit above the price, a negative or a fractional one, with a clear message', () => {
    const issue = (input: unknown) => serviceSchema.safeParse(input).error?.issues.find((each) => each.path[0] === 'deposit')?.message;
    expect(issue({ ...fixed, deposit: 181 })).toBe(setupMessages.depositAbovePrice);
    expect(setupMessages.depositAbovePrice).toBe('Deposit cannot be more than the price');
    expect(issue({ name: 'Colour', duration: 60, isRange: true, price_min: 80, price_max: 150, deposit: 151 })).toBe(setupMessages.depositAbovePrice);
    expect(issue({ ...fixed, deposit: -1 })).toBeDefined();
    expect(issue({ ...fixed, deposit: 2.5 })).toBe(setupMessages.wholeNumber);
  });
});

describe('booking a service with a deposit', () => {
  const clock = { value: at('2026-11-23T08:00') };
  let salon: UnitSalon;
  beforeAll(async () => {
    salon = await makeSalon(table, { now: clock, deposits: true });
  });

  it('holds the time as awaiting deposit, with a checkout on the connected account, and publishes the link (not a confirmation)', async () => {
    const answer = await book(salon.deps, salon.salonId, balayage('2026-11-24T10:00'));
    expect(answer.say).toBe(
      "I've pencilled you in for a Balayage with Aoife tomorrow at ten o'clock. It's €150 to €220. There's a €20 deposit for it: I've texted you a link to pay it, and I'll hold the time for 30 minutes until it's paid. You don't need to give me any card details.",
    );
    const id = (answer.booking as { id: string; status: string }).id;
    expect(answer.booking).toMatchObject({ status: 'awaiting_deposit' });
    expect(await appointment(salon, id)).toMatchObject({ status: 'awaiting_deposit' });
    const [day] = sk(await table.items(salon.salonId), 'DAY#');
    const hold = (day!.intervals as { bookingId: string; record: { deposit: Record<string, unknown> } }[]).find((entry) => entry.bookingId === id)!;
    expect(hold.record.deposit).toMatchObject({ amountCents: 2000, paidAt: null, expiresAt: new Date(clock.value + 31 * 60_000).toISOString() });
    const account = await salon.subscriptions.getPaymentAccount(salon.salonId);
    const session = await salon.payments.depositSession(salon.salonId, String(hold.record.deposit.sessionId));
    expect(session).toMatchObject({ accountId: account!.id, bookingId: id, amountCents: 2000, serviceName: 'Balayage', status: 'open' });
    expect(count(salon, 'booking.confirmed', id)).toBe(0);
    expect(salon.published.at(-1)).toMatchObject({
      type: 'booking.deposit-requested',
      detail: { depositCents: 2000, payUrl: expect.stringContaining('page=deposit'), appointment: { id, status: 'awaiting_deposit' } },
    });
    // The held time is taken like any booking.
    const taken = await refusal(book(salon.deps, salon.salonId, balayage('2026-11-24T11:00')));
    expect(taken.code).toBe('slot_taken');
  });

  it('confirms it as today when the payment account is not Active (no deposit taken)', async () => {
    const inactive = { ...salon.deps, subscriptions: { getPaymentAccount: async () => null } };
    const answer = await book(inactive, salon.salonId, balayage('2026-11-25T10:00'));
    expect(answer.booking).toMatchObject({ status: 'confirmed' });
    expect(answer.say).toMatch(/^You're booked in for a Balayage/);
  });

  it('books nothing when the checkout cannot be made (Stripe down), and says so', async () => {
    const down = {
      ...salon.deps,
      payments: {
        ...salon.payments,
        createDepositCheckout: async () => {
          throw new PaymentsError('unavailable', 'Stripe could not create the deposit checkout', 503);
        },
      },
    };
    const before = await table.items(salon.salonId);
    const error = await refusal(book(down, salon.salonId, balayage('2026-11-26T10:00')));
    expect(error).toMatchObject({ kind: 'unavailable', code: 'deposit_unavailable' });
    expect(error.say).toMatch(/so I haven't booked it/);
    const after = await table.items(salon.salonId);
    expect(sk(after, 'APPT#').length).toBe(sk(before, 'APPT#').length);
    expect(sk(after, 'SETTLE#').length).toBe(sk(before, 'SETTLE#').length);
    // The time is still free.
    expect((await book(salon.deps, salon.salonId, balayage('2026-11-26T10:00'))).booking).toMatchObject({ status: 'awaiting_deposit' });
  });

  it('paid: confirmed once, counted, and booking.confirmed published once however often Stripe says so', async () => {
    const id = ((await book(salon.deps, salon.salonId, balayage('2026-11-27T10:00'))).booking as { id: string }).id;
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'paid', await paidOn(salon))).toBe(true);
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'paid', await paidOn(salon))).toBe(false);
    // An expiry (or a failure) after the payment changes nothing.
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'expired', await paidOn(salon))).toBe(false);
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'failed', await paidOn(salon))).toBe(false);
    expect(await appointment(salon, id)).toMatchObject({ status: 'confirmed' });
    expect(count(salon, 'booking.confirmed', id)).toBe(1);
    expect(count(salon, 'booking.cancelled', id)).toBe(0);
    // Counted once, in its month's shard.
    expect(
      sk(await table.items(salon.salonId), 'BOOKINGS#')
        .flatMap((shard) => [...(shard.ids as Set<string>)])
        .filter((each) => each === id),
    ).toEqual([id]);
  });

  it('expired: released as "deposit not paid", the time free again, the caller told once; a late payment confirms nothing', async () => {
    const id = ((await book(salon.deps, salon.salonId, balayage('2026-11-28T10:00'))).booking as { id: string }).id;
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'expired', await paidOn(salon))).toBe(true);
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'expired', await paidOn(salon))).toBe(false);
    expect(await settleDeposit(salon.deps, salon.salonId, id, 'paid', await paidOn(salon))).toBe(false);
    expect(await appointment(salon, id)).toMatchObject({ status: 'cancelled', cancelReason: 'deposit_not_paid' });
    expect(count(salon, 'booking.cancelled', id)).toBe(1);
    expect(count(salon, 'booking.confirmed', id)).toBe(0);
    expect(
      salon.published.find((event) => event.type === 'booking.cancelled' && (event.detail as { appointment: { id: string } }).appointment.id === id)?.detail,
    ).toMatchObject({ reason: 'deposit_not_paid' });
    const again = await book(salon.deps, salon.salonId, balayage('2026-11-28T10:00'));
    expect(again.booking).toMatchObject({ status: 'awaiting_deposit' });
  });

  it('property: any mix of duplicated paid/expired events, delivered at once, settles one way and tells the caller once', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('paid' as const, 'expired' as const), { minLength: 2, maxLength: 6 }), async (outcomes) => {
        run += 1;
        const date = `2026-12-0${1 + Math.floor(run / 2)}`;
        const id = ((await book(salon.deps, salon.salonId, balayage(`${date}T10:00`, { stylist: run % 2 ? 'Aoife' : 'Ciara' }))).booking as { id: string }).id;
        const payment = await paidOn(salon);
        const changed = await Promise.all(outcomes.map((outcome) => settleDeposit(salon.deps, salon.salonId, id, outcome, payment)));
        expect(changed.filter(Boolean)).toHaveLength(1);
        const final = await appointment(salon, id);
        const confirmed = count(salon, 'booking.confirmed', id);
        const cancelled = count(salon, 'booking.cancelled', id);
        if (final!.status === 'confirmed') expect([confirmed, cancelled]).toEqual([1, 0]);
        else expect([final!.status, final!.cancelReason, confirmed, cancelled]).toEqual(['cancelled', 'deposit_not_paid', 0, 1]);
      }),
      { numRuns: 8 },
    );
  });
});

describe('money follows the booking (RELIABILITY 66)', () => {
  const clock = { value: at('2026-11-23T08:00') };
  let salon: UnitSalon;
  beforeAll(async () => {
    salon = await makeSalon(table, { now: clock, deposits: true });
  });
  const held = async (start: string) => {
    const request = balayage(start);
    const id = ((await book(salon.deps, salon.salonId, request)).booking as { id: string }).id;
    return { id, phone: request.callerPhone, sessionId: (await holdOf(salon, id)).sessionId };
  };

  it('cancelling a held booking expires its Checkout Session: the texted link can no longer be paid, and the sweep has nothing left of it', async () => {
    const booking = await held('2026-12-08T10:00');
    const holdMarker = (items: Record<string, unknown>[]) => sk(items, 'SETTLE#').filter((item) => item.bookingId === booking.id);
    expect(holdMarker(await table.items(salon.salonId))).toHaveLength(1);
    expect(await salon.payments.depositSession(salon.salonId, booking.sessionId)).toMatchObject({ status: 'open' });
    expect((await cancel(salon.deps, salon.salonId, { bookingId: booking.id, callerPhone: booking.phone })).say).toMatch(/^That's cancelled/);
    expect(await salon.payments.depositSession(salon.salonId, booking.sessionId)).toBeNull();
    expect(await salon.payments.finishDeposit(salon.salonId, booking.sessionId, 'pay')).toBeNull();
    expect(await sandboxSession(salon, booking.sessionId)).toMatchObject({ status: 'expired' });
    expect(count(salon, 'booking.confirmed', booking.id)).toBe(0);
    // The hold's marker went in the cancel's own transaction.
    expect(holdMarker(await table.items(salon.salonId))).toEqual([]);
  });

  it('a payment that arrives after the cancel is refunded at once, once, and the caller told', async () => {
    const booking = await held('2026-12-08T14:00');
    // Paid at Stripe a moment before the cancel; its webhook arrives after it.
    const [completed] = (await salon.payments.finishDeposit(salon.salonId, booking.sessionId, 'pay'))!;
    await cancel(salon.deps, salon.salonId, { bookingId: booking.id, callerPhone: booking.phone });
    const session = completed!.data.object as { payment_intent: string };
    const payment = await paidOn(salon, session.payment_intent);
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'paid', payment)).toBe(true);
    expect(await appointment(salon, booking.id)).toMatchObject({ status: 'cancelled' });
    expect(count(salon, 'booking.confirmed', booking.id)).toBe(0);
    expect((await sandboxSession(salon, booking.sessionId))?.refundedAt).toBe(Math.floor(clock.value / 1000));
    const refunded = salon.published.filter((event) => event.type === 'booking.deposit-refunded');
    expect(refunded).toEqual([
      {
        type: 'booking.deposit-refunded',
        detail: expect.objectContaining({ depositCents: 2000, appointment: expect.objectContaining({ id: booking.id, status: 'cancelled' }) }),
      },
    ]);
  });

  it('a payment that arrives after the hold lapsed is refunded too', async () => {
    const booking = await held('2026-12-09T10:00');
    const [completed] = (await salon.payments.finishDeposit(salon.salonId, booking.sessionId, 'pay'))!;
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'expired', await paidOn(salon))).toBe(true);
    expect(
      await settleDeposit(
        salon.deps,
        salon.salonId,
        booking.id,
        'paid',
        await paidOn(salon, (completed!.data.object as { payment_intent: string }).payment_intent),
      ),
    ).toBe(true);
    expect(await appointment(salon, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'deposit_not_paid' });
    expect((await sandboxSession(salon, booking.sessionId))?.refundedAt).toBeDefined();
  });

  it('a delayed payment that failed releases the hold as "deposit not paid"', async () => {
    const booking = await held('2026-12-09T14:00');
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'failed', await paidOn(salon))).toBe(true);
    expect(await appointment(salon, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: 'deposit_not_paid' });
    expect(
      salon.published.find((event) => event.type === 'booking.cancelled' && (event.detail as { appointment: { id: string } }).appointment.id === booking.id)
        ?.detail,
    ).toMatchObject({ reason: 'deposit_not_paid' });
  });

  it('Stripe unreachable as the booking is cancelled: the cancel stands, the session lapses on its own, and a payment in the meantime is refunded', async () => {
    const booking = await held('2026-12-10T10:00');
    const unreachable = {
      ...salon.deps,
      payments: {
        ...salon.payments,
        expireDepositCheckout: async () => {
          throw new PaymentsError('unavailable', 'Stripe could not expire the deposit checkout', 503);
        },
      },
    };
    expect((await cancel(unreachable, salon.salonId, { bookingId: booking.id, callerPhone: booking.phone })).say).toMatch(/^That's cancelled/);
    expect(await appointment(salon, booking.id)).toMatchObject({ status: 'cancelled' });
    expect(await salon.payments.depositSession(salon.salonId, booking.sessionId)).toMatchObject({ status: 'open' });
    expect(count(salon, 'booking.cancelled', booking.id)).toBe(1);
    // The caller pays the link before it lapses: the booking no longer holds its time, so the money goes back.
    const [completed] = (await salon.payments.finishDeposit(salon.salonId, booking.sessionId, 'pay'))!;
    const paid = await paidOn(salon, (completed!.data.object as { payment_intent: string }).payment_intent);
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'paid', paid)).toBe(true);
    expect(count(salon, 'booking.deposit-refunded', booking.id)).toBe(1);
    expect(await appointment(salon, booking.id)).toMatchObject({ status: 'cancelled' });
  });

  it('a paid deposit follows the booking through every move (same day, another day, another stylist); a redelivered payment refunds nothing', async () => {
    const booking = await held('2026-12-11T10:00');
    const [completed] = (await salon.payments.finishDeposit(salon.salonId, booking.sessionId, 'pay'))!;
    const paid = await paidOn(salon, (completed!.data.object as { payment_intent: string }).payment_intent);
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'paid', paid)).toBe(true);
    const deposit = await holdOf(salon, booking.id);
    expect(deposit).toMatchObject({ amountCents: 2000, paidAt: expect.any(String) });
    let current = booking.id;
    for (const move of [{ newStart: '2026-12-11T11:00' }, { newStart: '2026-12-14T10:00' }, { newStart: '2026-12-14T10:00', stylist: 'Ciara' }]) {
      const moved = await reschedule(salon.deps, salon.salonId, { callerPhone: booking.phone, bookingId: current, ...move });
      current = (moved.booking as { id: string }).id;
      expect(moved.booking).toMatchObject({ status: 'confirmed' });
      // The same deposit, paid: a later cancellation keeps it, and the caller is told so.
      expect(await holdOf(salon, current)).toEqual(deposit);
    }
    // Stripe says again that the first booking's deposit was paid: it lives on the moved booking, so nothing is refunded.
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'paid', paid)).toBe(false);
    expect(await settleDeposit(salon.deps, salon.salonId, booking.id, 'expired', paid)).toBe(false);
    expect((await sandboxSession(salon, booking.sessionId))?.refundedAt).toBeUndefined();
    expect(
      salon.published.filter(
        (event) => event.type === 'booking.deposit-refunded' && (event.detail as { appointment: { id: string } }).appointment.id === booking.id,
      ),
    ).toEqual([]);
    expect(await appointment(salon, current)).toMatchObject({ status: 'confirmed' });
    // A "C" about the moved booking still warns that the paid deposit is kept.
    const replies: ReplyDeps = {
      ...salon.deps,
      rateLimits: createRateLimits(table.client, table.tableName),
      smsReplies: createSmsReplyStore(table.client, table.tableName),
    };
    expect((await answerText(replies, { salonId: salon.salonId, from: booking.phone, body: 'C' })).reply).toMatch(
      /The €20 deposit you paid is not refunded when you cancel/,
    );
  });

  it('the hold keeps the account its session was made on', async () => {
    const booking = await held('2026-12-10T14:00');
    expect((await holdOf(salon, booking.id)).accountId).toBe((await salon.subscriptions.getPaymentAccount(salon.salonId))!.id);
  });
});

describe('the sweep', () => {
  it('releases a hold whose session expired with no webhook, only once well past its expiry', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock, deposits: true });
    const id = ((await book(salon.deps, salon.salonId, balayage('2026-11-24T10:00'))).booking as { id: string }).id;
    const sweep = () => sweepBookings(salon.deps, { graceMs: 120_000, limit: 100 });
    clock.value += 35 * 60_000;
    await sweep();
    expect(await appointment(salon, id)).toMatchObject({ status: 'awaiting_deposit' });
    clock.value += 10 * 60_000;
    await sweep();
    expect(await appointment(salon, id)).toMatchObject({ status: 'cancelled', cancelReason: 'deposit_not_paid' });
    expect(count(salon, 'booking.cancelled', id)).toBe(1);
    expect(sk(await table.items(salon.salonId), 'SETTLE#')).toEqual([]);
  });

  it('leaves a paid booking confirmed', async () => {
    const clock = { value: at('2026-11-23T08:00') };
    const salon = await makeSalon(table, { now: clock, deposits: true });
    const id = ((await book(salon.deps, salon.salonId, balayage('2026-11-24T10:00'))).booking as { id: string }).id;
    await settleDeposit(salon.deps, salon.salonId, id, 'paid', await paidOn(salon));
    clock.value += 60 * 60_000;
    await sweepBookings(salon.deps, { graceMs: 120_000, limit: 100 });
    expect(await appointment(salon, id)).toMatchObject({ status: 'confirmed' });
    expect(count(salon, 'booking.confirmed', id)).toBe(1);
  });
});
