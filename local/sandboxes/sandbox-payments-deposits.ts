import { PaymentsError, type PaymentsPort } from '../../functions/core/ports/payments.js';
import { sandboxPageUrl, type SandboxContext } from './sandbox-payments-context.js';
import { seconds, type SandboxStripeEvent } from './sandbox-stripe-objects.js';

/**
 * The payments sandbox's booking deposits: a Checkout Session of the platform's, paid over to the
 * salon's connected account, that the caller pays (or lets expire) on the deposit page; and the
 * refund of a payment that came too late.
 */
export interface SandboxDepositSession {
  id: string;
  accountId: string;
  bookingId: string;
  salonName: string;
  serviceName: string;
  amountCents: number;
  /** Unix seconds. */
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  /** Unix seconds; set once a paid deposit is refunded. */
  refundedAt?: number;
}

export interface SandboxDeposits extends Pick<PaymentsPort, 'createDepositCheckout' | 'expireDepositCheckout' | 'refundDeposit'> {
  /** An open deposit checkout (null once paid, expired, or past its expiry). */
  depositSession(salonId: string, id: string): Promise<SandboxDepositSession | null>;
  /** A deposit checkout whatever its state (what became of a payment). */
  depositRecord(salonId: string, id: string): Promise<SandboxDepositSession | null>;
  /** Pay the deposit (`checkout.session.completed`) or, as Stripe does at `expires_at`, expire it (`checkout.session.expired`); once. */
  finishDeposit(salonId: string, id: string, outcome: 'pay' | 'expire'): Promise<SandboxStripeEvent[] | null>;
}

/** A deposit session's payment, as Stripe names the PaymentIntent behind a paid session; and back. */
const paymentIntentOf = (sessionId: string) => sessionId.replace(/^cs_/, 'pi_');
const sessionOfPayment = (paymentIntentId: string) => paymentIntentId.replace(/^pi_/, 'cs_');

export function sandboxDeposits(context: SandboxContext): SandboxDeposits {
  const { store, now, keyedId, event } = context;
  return {
    async createDepositCheckout(input) {
      const id = await keyedId('cs', input.idempotencyKey);
      const session = await store.putIfAbsent<SandboxDepositSession>(input.salonId, 'DEPOSIT', id, {
        id,
        accountId: input.accountId,
        bookingId: input.bookingId,
        salonName: input.salonName,
        serviceName: input.serviceName,
        amountCents: input.amountCents,
        expiresAt: seconds(input.expiresAt),
        status: 'open',
      });
      return { id, url: sandboxPageUrl(new URL(input.successUrl).origin, 'deposit', input.salonId, id), expiresAt: new Date(session.expiresAt * 1000) };
    },

    async expireDepositCheckout(input) {
      const session = await store.get<SandboxDepositSession>(input.salonId, 'DEPOSIT', input.sessionId);
      // As Stripe: only an open session expires; a paid or expired one is left as it is.
      if (session?.status === 'open') await store.replaceIf(input.salonId, 'DEPOSIT', input.sessionId, { ...session, status: 'expired' }, 'status', 'open');
    },

    async refundDeposit(input) {
      const id = sessionOfPayment(input.paymentIntentId);
      const session = await store.get<SandboxDepositSession>(input.salonId, 'DEPOSIT', id);
      if (!session || session.status !== 'complete') throw new PaymentsError('not_found', 'No such sandbox payment');
      if (!session.refundedAt) await store.put(input.salonId, 'DEPOSIT', id, { ...session, refundedAt: seconds(now()) });
    },

    async depositSession(salonId, id) {
      const session = await store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id);
      return session && session.status === 'open' && session.expiresAt > seconds(now()) ? session : null;
    },

    depositRecord: (salonId, id) => store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id),

    async finishDeposit(salonId, id, outcome) {
      const session = await store.get<SandboxDepositSession>(salonId, 'DEPOSIT', id);
      if (!session || session.status !== 'open') return null;
      // A session past its expiry can only expire, as Stripe's can no longer be paid.
      if (outcome === 'pay' && session.expiresAt <= seconds(now())) return null;
      const status = outcome === 'pay' ? 'complete' : 'expired';
      if (!(await store.replaceIf(salonId, 'DEPOSIT', id, { ...session, status }, 'status', 'open'))) return null;
      const object = {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status,
        payment_status: outcome === 'pay' ? 'paid' : 'unpaid',
        payment_intent: outcome === 'pay' ? paymentIntentOf(session.id) : null,
        amount_total: session.amountCents,
        currency: 'eur',
        expires_at: session.expiresAt,
        metadata: { salon_id: salonId, booking_id: session.bookingId },
      };
      // The platform's own session: its events carry no connected account.
      return [event(outcome === 'pay' ? 'checkout.session.completed' : 'checkout.session.expired', object)];
    },
  };
}
