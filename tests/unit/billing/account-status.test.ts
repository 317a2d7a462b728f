import { describe, expect, it } from 'vitest';
import { paymentAccountStatus } from '../../../functions/core/billing/account-status.js';

const fresh = {
  chargesEnabled: false,
  detailsSubmitted: false,
  currentlyDue: ['external_account'],
  pastDue: [],
  pendingVerification: [],
  disabledReason: 'requirements.past_due',
};
const active = { chargesEnabled: true, detailsSubmitted: true, currentlyDue: [], pastDue: [], pendingVerification: [], disabledReason: null };

describe('the payment account status', () => {
  it.each([
    ['no account', null, 'Not connected'],
    ['just made, nothing submitted', fresh, 'Action required'],
    [
      'submitted, Stripe verifying',
      {
        ...fresh,
        detailsSubmitted: true,
        currentlyDue: [],
        pendingVerification: ['individual.verification.document'],
        disabledReason: 'requirements.pending_verification',
      },
      'Pending verification',
    ],
    ['submitted, nothing due, charges not on yet', { ...fresh, detailsSubmitted: true, currentlyDue: [], disabledReason: null }, 'Pending verification'],
    ['under review', { ...fresh, detailsSubmitted: true, currentlyDue: [], disabledReason: 'under_review' }, 'Pending verification'],
    ['taking payments', active, 'Active'],
    ['taking payments, but something is now due', { ...active, currentlyDue: ['individual.id_number'] }, 'Action required'],
    ['past due', { ...active, chargesEnabled: false, pastDue: ['external_account'], disabledReason: 'requirements.past_due' }, 'Action required'],
    ['rejected', { ...active, chargesEnabled: false, disabledReason: 'rejected.fraud' }, 'Action required'],
  ] as const)('%s → %s', (_name, account, status) => {
    expect(paymentAccountStatus(account as Parameters<typeof paymentAccountStatus>[0])).toBe(status);
  });
});
