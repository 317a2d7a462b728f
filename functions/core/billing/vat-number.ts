import { BILLING_MESSAGES, type VatNumberAnswer } from '../../contracts/billing.js';
import { NotFoundError } from '../errors.js';
import { logger } from '../../logger.js';
import type { Salon } from '../salon-profile.js';
import { ProviderFailedError, type BillingDeps } from './billing.js';

/**
 * The salon's VAT number (optional; the contract has checked its format): kept with the salon's
 * billing, and on its Stripe customer as the `eu_vat` tax id every invoice from then on shows. A
 * salon without a customer yet gets it when its customer is made (the first checkout). Stripe
 * first: when Stripe cannot take it nothing is kept, and saving again does the rest.
 */
export async function saveVatNumber(deps: BillingDeps, salon: Salon, vatNumber: string | null): Promise<VatNumberAnswer> {
  const customerId = salon.subscription?.customerId ?? salon.billingCustomerId;
  if (customerId) {
    try {
      await deps.payments.setCustomerVatNumber({ salonId: salon.id, customerId, vatNumber });
    } catch (error) {
      logger.error('VAT number not sent to Stripe', { salonId: salon.id, detail: (error as Error)?.message });
      throw new ProviderFailedError(BILLING_MESSAGES.vatNumberFailed);
    }
  }
  if (!(await deps.subscriptions.keepVatNumber(salon.id, vatNumber))) throw new NotFoundError('No such salon');
  return { vatNumber };
}
