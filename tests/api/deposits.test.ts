import { DateTime } from 'luxon';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { deps } from '../../functions/composition-root.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { issueAgentSecret } from '../../functions/core/agent-secret.js';
import { stripeSignatureHeader } from '../../functions/providers/stripe-signature.js';
import { cancel } from '../../functions/core/booking/cancel.js';
import { PaymentsError } from '../../functions/core/ports/payments.js';
import type { SandboxStripeEvent } from '../../local/sandboxes/sandbox-stripe-objects.js';
import { agentTool } from '../support/bookable-salon.js';
import { api, signUpOwner, type TestOwner } from '../support/owners.js';
import { eventually } from '../support/stand-ins.js';
import { useProductDeps } from '../support/config-env.js';
import { localSandboxes } from '../../local/sandboxes/stand-ins.js';

/**
 * Deposits end to end over HTTP against the running product: a salon with an Active (sandbox)
 * payment account books its €20-deposit balayage through the voice agent's tools route, the
 * caller is texted the link, and the sandbox Checkout page pays it (a signed
 * `checkout.session.completed` on the connected account) or expires it.
 */
beforeAll(useProductDeps);

function nextWeekday(weekday: number, minDays = 3): string {
  let day = DateTime.now().setZone('Europe/Dublin').startOf('day').plus({ days: minDays });
  while (day.weekday !== weekday) day = day.plus({ days: 1 });
  return day.toISODate()!;
}
const TUESDAY = nextWeekday(2);
const WEDNESDAY = nextWeekday(3);
const THURSDAY = nextWeekday(4);

let phones = 0;
const newPhone = () => `+35385${String(1000000 + (process.pid % 100) * 10000 + (phones += 1)).slice(-7)}`;

interface Outboxed {
  to: string;
  body: string;
  salonId: string;
}
const outbox = async () => (await api('/_local/outbox.json')).body as Outboxed[];
async function textTo(phone: string, pattern: RegExp): Promise<Outboxed> {
  const found = await eventually(async () => (await outbox()).find((entry) => entry.to === phone && pattern.test(entry.body)), Boolean, 10_000);
  expect(found, `a text to ${phone} matching ${pattern}`).toBeDefined();
  return found!;
}

async function press(url: string, action: string) {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }).toString(),
  });
  return { status: response.status, html: await response.text() };
}

/** A salon with a €180 balayage taking a €20 deposit, its agent secret and (optionally) an Active payment account. */
async function depositSalon(label: string, options: { active: boolean }) {
  const owner = await signUpOwner(label);
  const step = async (body: unknown) =>
    expect((await api('/api/setup/step', { method: 'POST', token: owner.accessToken, body: JSON.stringify(body) })).status).toBe(200);
  const business = { name: 'Bláth Hair', phone: '01 234 5678', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };
  await step({ step: 1, business, hours: DEFAULT_HOURS, currentStep: 2 });
  const services = [
    { name: 'Cut and blow-dry', duration: 45, price: 45, price_min: null, price_max: null, isRange: false, comment: '' },
    { name: 'Balayage', duration: 180, price: 180, price_min: null, price_max: null, isRange: false, comment: '', deposit: 20 },
  ];
  await step({ step: 2, stylists: [{ key: 'new-0', name: 'Aoife' }], mappings: {}, services, currentStep: 3 });
  const salonId = (await api('/api/salon', { token: owner.accessToken })).body.id as string;
  const issued = await issueAgentSecret(deps(), salonId);
  if (issued.outcome !== 'created') throw new Error(`No agent secret: ${issued.outcome}`);
  if (options.active) {
    const link = (await api('/api/stripe', { method: 'POST', token: owner.accessToken })).body as { url: string };
    await press(link.url, 'complete');
    expect((await api('/api/stripe', { token: owner.accessToken })).body.account.status).toBe('Active');
  }
  return { owner, salonId, secret: issued.secret };
}

const appointmentOf = async (owner: TestOwner, id: string) =>
  (
    (await api(`/api/appointments?from=${DateTime.now().setZone('Europe/Dublin').toISODate()}&days=14`, { token: owner.accessToken })).body.appointments as {
      id: string;
      status: string;
    }[]
  ).find((each) => each.id === id);

const bookBalayage = (secret: string, phone: string, time = '10:00', date = TUESDAY) =>
  agentTool(secret, 'book', { service: 'Balayage', start: `${date}T${time}`, callerName: 'Mary Murphy', callerPhone: phone, stylist: 'Aoife' });

describe('a deposit service booked through the tools route', () => {
  let salon: Awaited<ReturnType<typeof depositSalon>>;
  beforeAll(async () => {
    salon = await depositSalon('deposits', { active: true });
  });

  it('holds the time awaiting deposit, texts the link; paying on the Checkout page confirms it', async () => {
    const phone = newPhone();
    const booked = await bookBalayage(salon.secret, phone);
    expect(booked.status).toBe(200);
    expect(booked.body.say).toMatch(/There's a €20 deposit for it: I've texted you a link to pay it, and I'll hold the time for 30 minutes until it's paid\./);
    const id = booked.body.booking.id as string;
    expect((await appointmentOf(salon.owner, id))?.status).toBe('awaiting_deposit');
    // The held time is not free.
    expect((await bookBalayage(salon.secret, newPhone(), '11:00')).body.code).toBe('slot_taken');

    const text = await textTo(phone, /deposit/);
    expect(text.body).toMatch(/^Bláth Hair: to book your Balayage on .+ with Aoife, pay the €20(\.00)? deposit by \d\d:\d\d here: http/);
    const link = /(https?:\/\/\S+)/.exec(text.body)![1]!;
    expect(new URL(link).origin).toBe(inject('baseUrl'));
    const page = await fetch(link);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('Bláth Hair');
    expect(html).toContain('Deposit: Balayage');
    expect(html).not.toContain('<script');

    expect(await press(link, 'pay')).toMatchObject({ status: 200, html: expect.stringContaining('Deposit paid') });
    expect((await appointmentOf(salon.owner, id))?.status).toBe('confirmed');
    await textTo(phone, /^You're booked at Bláth Hair for Balayage/);
    // Paid once: the link is spent.
    expect((await press(link, 'pay')).status).toBe(410);
    expect((await outbox()).filter((entry) => entry.to === phone && /^You're booked/.test(entry.body))).toHaveLength(1);
  });

  it('an expired session releases the hold: cancelled, the caller told once, the time free again', async () => {
    const phone = newPhone();
    const booked = await bookBalayage(salon.secret, phone, '14:00');
    const id = booked.body.booking.id as string;
    const link = /(https?:\/\/\S+)/.exec((await textTo(phone, /deposit/)).body)![1]!;
    expect((await press(link, 'expire')).status).toBe(200);
    expect((await appointmentOf(salon.owner, id))?.status).toBe('cancelled');
    await textTo(phone, /deposit wasn't paid in time/);
    expect((await press(link, 'pay')).status).toBe(410);
    const again = await bookBalayage(salon.secret, newPhone(), '14:00');
    expect(again.body.booking).toMatchObject({ status: 'awaiting_deposit' });
    expect((await outbox()).filter((entry) => entry.to === phone && /deposit wasn't paid/.test(entry.body))).toHaveLength(1);
  });

  it('a webhook with a bad signature changes nothing', async () => {
    const phone = newPhone();
    const id = (await bookBalayage(salon.secret, phone, '10:00', WEDNESDAY)).body.booking.id as string;
    const payload = JSON.stringify({
      id: 'evt_forged_000000000001',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: 'cs_forged', object: 'checkout.session', mode: 'payment', status: 'complete', metadata: { salon_id: salon.salonId, booking_id: id } },
      },
    });
    const forged = await api('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: {
        'stripe-signature': stripeSignatureHeader('whsec_not_the_secret', payload, Math.floor(Date.now() / 1000)),
        'content-type': 'application/json',
      },
    });
    expect(forged.status).toBe(400);
    expect((await appointmentOf(salon.owner, id))?.status).toBe('awaiting_deposit');
  });
});

/** Stripe's events, signed as the sandbox signs them, reaching the webhook over HTTP. */
async function deliverSigned(events: readonly SandboxStripeEvent[]) {
  const secret = (await deps().payments.webhookSecrets())[0]!;
  const statuses: number[] = [];
  for (const event of events) {
    const payload = JSON.stringify(event);
    const answer = await api('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': stripeSignatureHeader(secret, payload, Math.floor(Date.now() / 1000)) },
    });
    statuses.push(answer.status);
  }
  return statuses;
}
const sessionIdOf = (link: string) => new URL(link).searchParams.get('id')!;

describe('money follows the booking (RELIABILITY 66)', () => {
  let salon: Awaited<ReturnType<typeof depositSalon>>;
  beforeAll(async () => {
    salon = await depositSalon('deposits-money', { active: true });
  });
  const held = async (time: string, date = WEDNESDAY) => {
    const phone = newPhone();
    const id = (await bookBalayage(salon.secret, phone, time, date)).body.booking.id as string;
    const link = /(https?:\/\/\S+)/.exec((await textTo(phone, /deposit/)).body)![1]!;
    return { phone, id, link };
  };
  const cancelTool = (booking: { id: string; phone: string }) => agentTool(salon.secret, 'cancel', { bookingId: booking.id, callerPhone: booking.phone });

  it('cancelled with the cancel tool: the texted link no longer holds the time or takes money', async () => {
    const booking = await held('09:00');
    expect((await cancelTool(booking)).body.say).toMatch(/^That's cancelled/);
    const page = await fetch(booking.link);
    expect(page.status).toBe(410);
    expect(await page.text()).not.toContain('Your time is held');
    const paid = await press(booking.link, 'pay');
    expect(paid.status).toBe(410);
    expect(paid.html).not.toContain('has your');
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('cancelled');
  });

  it('a payment that reaches us after the cancel is refunded at once, and the caller texted', async () => {
    const booking = await held('12:00');
    // Paid at Stripe a moment before the cancel; its webhook arrives after it.
    const events = (await localSandboxes().payments.finishDeposit(salon.salonId, sessionIdOf(booking.link), 'pay'))!;
    expect((await cancelTool(booking)).body.say).toMatch(/^That's cancelled/);
    expect(await deliverSigned(events)).toEqual([200]);
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('cancelled');
    const text = await textTo(booking.phone, /refunded in full/);
    expect((await localSandboxes().payments.depositRecord(salon.salonId, sessionIdOf(booking.link)))?.refundedAt).toEqual(expect.any(Number));
    expect(text.body).toMatch(
      /^Bláth Hair: your €20(\.00)? deposit for Balayage on .+ with Aoife came after that booking was cancelled or released, so it is refunded in full\./,
    );
    // Stripe redelivers: nothing twice.
    expect(await deliverSigned(events)).toEqual([200]);
    await textTo(booking.phone, /is cancelled/);
    const texts = (await outbox()).filter((entry) => entry.to === booking.phone);
    expect(texts.filter((entry) => /refunded in full/.test(entry.body))).toHaveLength(1);
    expect(texts.filter((entry) => /^You're booked/.test(entry.body))).toHaveLength(0);
  });

  it('the Checkout page paid after the time was released (the expiry never reached Stripe) says it is refunded', async () => {
    const booking = await held('15:00');
    const unreachable = {
      ...deps(),
      payments: {
        ...deps().payments,
        expireDepositCheckout: async () => {
          throw new PaymentsError('unavailable', 'Stripe could not expire the deposit checkout', 503);
        },
      },
    };
    await cancel(unreachable, salon.salonId, { bookingId: booking.id, callerPhone: booking.phone });
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('cancelled');
    const paid = await press(booking.link, 'pay');
    expect(paid).toMatchObject({ status: 200, html: expect.stringContaining('Deposit refunded') });
    expect(paid.html).toContain('refunded in full');
    await textTo(booking.phone, /refunded in full/);
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('cancelled');
  });

  const sessionEvent = (type: string, booking: { id: string; link: string }, paymentStatus: 'paid' | 'unpaid', connectedAccount?: string) =>
    ({
      id: `evt_sepa_${type.replaceAll('.', '_')}_${booking.id}${connectedAccount ? '_connected' : ''}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(connectedAccount ? { account: connectedAccount } : {}),
      data: {
        object: {
          id: sessionIdOf(booking.link),
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: paymentStatus,
          payment_intent: `pi_sepa_${booking.id}`,
          amount_total: 2000,
          metadata: { salon_id: salon.salonId, booking_id: booking.id },
        },
      },
    }) satisfies SandboxStripeEvent;

  it("a deposit is the platform's destination charge: a session event from a connected account settles nothing", async () => {
    const account = (await deps().subscriptions.getPaymentAccount(salon.salonId))!;
    const booking = await held('15:00', TUESDAY);
    expect(await deliverSigned([sessionEvent('checkout.session.completed', booking, 'paid', account.id)])).toEqual([200]);
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('awaiting_deposit');
    expect(await deliverSigned([sessionEvent('checkout.session.completed', booking, 'paid')])).toEqual([200]);
    expect((await appointmentOf(salon.owner, booking.id))?.status).toBe('confirmed');
  });

  it('a delayed payment (SEPA): completion while it is processing holds on; async success confirms, async failure releases', async () => {
    const succeeding = await held('09:00', THURSDAY);
    expect(await deliverSigned([sessionEvent('checkout.session.completed', succeeding, 'unpaid')])).toEqual([200]);
    expect((await appointmentOf(salon.owner, succeeding.id))?.status).toBe('awaiting_deposit');
    expect(await deliverSigned([sessionEvent('checkout.session.async_payment_succeeded', succeeding, 'paid')])).toEqual([200]);
    expect((await appointmentOf(salon.owner, succeeding.id))?.status).toBe('confirmed');
    await textTo(succeeding.phone, /^You're booked at Bláth Hair for Balayage/);

    const failing = await held('13:00', THURSDAY);
    expect(await deliverSigned([sessionEvent('checkout.session.completed', failing, 'unpaid')])).toEqual([200]);
    expect((await appointmentOf(salon.owner, failing.id))?.status).toBe('awaiting_deposit');
    expect(await deliverSigned([sessionEvent('checkout.session.async_payment_failed', failing, 'unpaid')])).toEqual([200]);
    expect((await appointmentOf(salon.owner, failing.id))?.status).toBe('cancelled');
    await textTo(failing.phone, /deposit wasn't paid/);
  });
});

describe('a salon whose payment account is not Active', () => {
  it('books the deposit service confirmed, as before (no deposit taken)', async () => {
    const salon = await depositSalon('deposits-inactive', { active: false });
    const booked = await bookBalayage(salon.secret, newPhone());
    expect(booked.status).toBe(200);
    expect(booked.body.booking.status).toBe('confirmed');
    expect(booked.body.say).toMatch(/^You're booked in for a Balayage/);
  });
});
