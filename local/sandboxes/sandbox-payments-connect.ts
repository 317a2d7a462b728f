import { PaymentsError, type ConnectAccount, type PaymentsPort } from '../../functions/core/ports/payments.js';
import { randomId, SANDBOX_PAGE_PATH, sandboxPageUrl, type SandboxContext } from './sandbox-payments-context.js';
import { accountObject, seconds, type SandboxOutcome } from './sandbox-stripe-objects.js';

/**
 * The payments sandbox's Connect side: the salon's Express account, its onboarding and
 * dashboard links, and the onboarding page's outcome (Stripe's `account.updated`).
 */
export interface SandboxAccountLink {
  id: string;
  accountId: string;
  kind: 'onboarding' | 'dashboard';
  returnUrl: string;
  refreshUrl: string;
  expiresAt: number;
}

/** Onboarding links expire as Stripe's do (a few minutes); then the refresh URL asks for a new one. */
const LINK_TTL_SECONDS = 300;
/** What Stripe asks a fresh Express account in Ireland for, in short. */
const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'individual.dob.day', 'individual.verification.document', 'tos_acceptance.date'];

export interface SandboxConnect extends Pick<PaymentsPort, 'createConnectAccount' | 'createOnboardingLink' | 'createDashboardLink'> {
  accountLink(salonId: string, id: string): Promise<SandboxAccountLink | null>;
  account(salonId: string, accountId: string): Promise<ConnectAccount | null>;
  /** Onboarding: complete (Active), submitted but under review (Pending verification), or left with details due (Action required). */
  finishOnboarding(salonId: string, linkId: string, outcome: 'complete' | 'pending' | 'leave'): Promise<SandboxOutcome | null>;
}

function onboarded(account: ConnectAccount, outcome: 'complete' | 'pending' | 'leave'): ConnectAccount {
  const cleared = { currentlyDue: [], pastDue: [], pendingVerification: [] };
  if (outcome === 'complete') return { ...account, ...cleared, chargesEnabled: true, detailsSubmitted: true, disabledReason: null };
  if (outcome === 'pending') {
    return {
      ...account,
      ...cleared,
      chargesEnabled: false,
      detailsSubmitted: true,
      pendingVerification: ['individual.verification.document'],
      disabledReason: 'requirements.pending_verification',
    };
  }
  return {
    ...account,
    ...cleared,
    chargesEnabled: false,
    detailsSubmitted: false,
    currentlyDue: ONBOARDING_REQUIREMENTS,
    disabledReason: 'requirements.past_due',
  };
}

export function sandboxConnect(context: SandboxContext): SandboxConnect {
  const { store, now, keyedId, event } = context;
  return {
    async createConnectAccount(input) {
      const id = await keyedId('acct', input.idempotencyKey);
      return store.putIfAbsent<ConnectAccount>(input.salonId, 'ACCOUNT', id, {
        id,
        chargesEnabled: false,
        detailsSubmitted: false,
        currentlyDue: ONBOARDING_REQUIREMENTS,
        pastDue: [],
        pendingVerification: [],
        disabledReason: 'requirements.past_due',
      });
    },

    async createOnboardingLink(input) {
      if (!(await store.get(input.salonId, 'ACCOUNT', input.accountId))) throw new PaymentsError('not_found', 'No such sandbox account');
      const id = randomId('al');
      await store.put<SandboxAccountLink>(input.salonId, 'LINK', id, {
        id,
        accountId: input.accountId,
        kind: 'onboarding',
        returnUrl: input.returnUrl,
        refreshUrl: input.refreshUrl,
        expiresAt: seconds(now()) + LINK_TTL_SECONDS,
      });
      return { url: sandboxPageUrl(new URL(input.returnUrl).origin, 'connect', input.salonId, id) };
    },

    async createDashboardLink(input) {
      const account = await store.get<ConnectAccount>(input.salonId, 'ACCOUNT', input.accountId);
      if (!account) throw new PaymentsError('not_found', 'No such sandbox account');
      const id = randomId('ll');
      // The login link has no return: the page is opened in a new tab.
      await store.put<SandboxAccountLink>(input.salonId, 'LINK', id, {
        id,
        accountId: input.accountId,
        kind: 'dashboard',
        returnUrl: '',
        refreshUrl: '',
        expiresAt: seconds(now()) + LINK_TTL_SECONDS,
      });
      return { url: `${SANDBOX_PAGE_PATH}?${new URLSearchParams({ page: 'dashboard', salon: input.salonId, id })}` };
    },

    async accountLink(salonId, id) {
      const link = await store.get<SandboxAccountLink>(salonId, 'LINK', id);
      return link && link.expiresAt > seconds(now()) ? link : null;
    },

    account: (salonId, accountId) => store.get<ConnectAccount>(salonId, 'ACCOUNT', accountId),

    async finishOnboarding(salonId, linkId, outcome) {
      const link = await store.get<SandboxAccountLink>(salonId, 'LINK', linkId);
      if (!link || link.kind !== 'onboarding' || link.expiresAt <= seconds(now())) return null;
      const account = await store.get<ConnectAccount>(salonId, 'ACCOUNT', link.accountId);
      if (!account) return null;
      const next = onboarded(account, outcome);
      await store.put(salonId, 'ACCOUNT', account.id, next);
      // A used link is gone, as Stripe's are.
      await store.put(salonId, 'LINK', linkId, { ...link, expiresAt: 0 });
      return { events: [event('account.updated', accountObject(salonId, next))], redirectTo: link.returnUrl };
    },
  };
}
