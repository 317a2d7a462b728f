import { vatIncludedCents } from '../../functions/core/billing/vat.js';
import { VAT_RATE_PERCENT } from '../../functions/core/plans.js';

/**
 * The payments sandbox's invoices, as Stripe makes them for a subscription whose default tax
 * rate is Irish VAT at 23% inclusive (stripe-billing-rules.ts): the total is the plan's price,
 * and within it the VAT, `round(total × 23/123)`; the customer's VAT number is copied onto the
 * invoice when it is made (Stripe's `customer_tax_ids`), so a later change does not rewrite it.
 */
export const SANDBOX_VAT_RATE_ID = 'txr_sandbox_ie_vat_included';

export interface SandboxCustomer {
  id: string;
  /** The customer's `eu_vat` tax id; none without one. */
  vatNumber: string | null;
}

export interface SandboxInvoice {
  id: string;
  subscriptionId: string;
  customerId: string;
  priceId: string;
  /** Unix seconds. */
  created: number;
  /** What the owner pays, VAT included, in cents (0 for a trial's first invoice). */
  total: number;
  /** The customer's VAT number when the invoice was made. */
  vatNumber: string | null;
}

/** The invoice as Stripe's API shapes it (API 2025-03-31 on: taxes in `total_taxes`). */
export function invoiceObject(invoice: SandboxInvoice): Record<string, unknown> {
  const tax = vatIncludedCents(invoice.total);
  return {
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customerId,
    currency: 'eur',
    created: invoice.created,
    status: 'paid',
    subtotal: invoice.total,
    subtotal_excluding_tax: invoice.total - tax,
    total: invoice.total,
    total_excluding_tax: invoice.total - tax,
    amount_paid: invoice.total,
    total_taxes: [
      {
        amount: tax,
        tax_behavior: 'inclusive',
        tax_rate_details: { tax_rate: SANDBOX_VAT_RATE_ID },
        taxability_reason: 'standard_rated',
        taxable_amount: invoice.total - tax,
        type: 'tax_rate_details',
      },
    ],
    customer_tax_ids: invoice.vatNumber ? [{ type: 'eu_vat', value: invoice.vatNumber }] : [],
    default_tax_rates: [
      {
        id: SANDBOX_VAT_RATE_ID,
        object: 'tax_rate',
        percentage: VAT_RATE_PERCENT,
        inclusive: true,
        country: 'IE',
        tax_type: 'vat',
        display_name: 'VAT',
        active: true,
      },
    ],
    parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscriptionId } },
  };
}
