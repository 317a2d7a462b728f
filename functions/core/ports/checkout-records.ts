/**
 * `SALON#<id>` / `CHECKOUT#<sessionId>`: the subscription Checkout Sessions made for the salon and
 * not known to be over, each gone at its expiry (TTL), so that making one expires the others
 * (RELIABILITY 48). Part of the subscription store.
 */
export interface OpenCheckout {
  id: string;
  priceId: string;
  url: string;
  createdAt: string;
  /** When Stripe expires it unless it is paid first. */
  expiresAt: string;
  /** When its first payment is due (the trial's end); absent when paid at checkout. */
  firstChargeAt?: string;
}

export interface CheckoutRecords {
  /** The salon's subscription checkouts not past their expiry, oldest first (then by id). */
  openCheckouts(salonId: string, now: Date): Promise<OpenCheckout[]>;
  keepCheckout(salonId: string, checkout: OpenCheckout): Promise<void>;
  forgetCheckouts(salonId: string, checkouts: readonly Pick<OpenCheckout, 'id'>[]): Promise<void>;
}

/** The order checkouts were made in: of two made at once, the same one is last wherever it is asked. */
export const checkoutOrder = (checkout: Pick<OpenCheckout, 'createdAt' | 'id'>) => `${checkout.createdAt}#${checkout.id}`;
