import type { PaymentAccountAnswer, PaymentAccountLinkAnswer, RedirectAnswer, SubscriptionStatusAnswer, VatNumberAnswer } from '@functions/contracts/billing';
import { BILLING_MESSAGES, PAYMENT_ACCOUNT_MESSAGES } from '@functions/contracts/billing';
import { apiFetch } from '../../lib/api-client';

/** The Billing section's calls to `/api/stripe` typed by the shared contracts. */
export function loadSalon(): Promise<{ id: string; owner_id: string }> {
  return apiFetch('/api/salon', { fallbackError: BILLING_MESSAGES.statusLoadFailed });
}

export function loadSubscription(salonId: string): Promise<SubscriptionStatusAnswer> {
  return apiFetch(`/api/stripe?${new URLSearchParams({ route: 'status', salon_id: salonId })}`, { fallbackError: BILLING_MESSAGES.statusLoadFailed });
}

export function startCheckout(body: { priceId: string; salonId: string; userId: string; email: string }): Promise<Partial<RedirectAnswer>> {
  return apiFetch('/api/stripe?route=create-checkout', { method: 'POST', body: JSON.stringify(body), fallbackError: BILLING_MESSAGES.checkoutFailed });
}

export function openPortal(): Promise<Partial<RedirectAnswer>> {
  return apiFetch('/api/stripe?route=portal', { method: 'POST', body: '{}', fallbackError: BILLING_MESSAGES.portalFailed });
}

export function loadPaymentAccount(): Promise<PaymentAccountAnswer> {
  return apiFetch('/api/stripe', { fallbackError: PAYMENT_ACCOUNT_MESSAGES.loadFailed });
}

export function connectPaymentAccount(): Promise<Partial<PaymentAccountLinkAnswer>> {
  return apiFetch('/api/stripe', { method: 'POST', body: '{}', fallbackError: PAYMENT_ACCOUNT_MESSAGES.connectFailed });
}

export function saveVatNumber(vatNumber: string | null): Promise<VatNumberAnswer> {
  return apiFetch('/api/stripe?route=vat-number', { method: 'POST', body: JSON.stringify({ vatNumber }), fallbackError: BILLING_MESSAGES.vatNumberFailed });
}
