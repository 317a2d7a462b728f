import { READINESS_ITEMS, type Readiness } from '../contracts/go-live.js';
import { setupProgress } from '../contracts/setup.js';
import type { Salon } from './salon-profile.js';
import type { StoredSetup } from './ports/setup-store.js';
import { trialEndsAt } from './usage/billing-period.js';
import { subscriptionCovers } from './billing/subscription.js';

/**
 * Whether the salon's calls may reach the receptionist, and what is missing if not: the setup's
 * three steps complete (the dashboard's progress rules), its number (from the pool once setup is
 * complete), and a
 * trial or plan that is active (the free trial from sign-up, or a Stripe subscription). Live means
 * the owner pressed Go Live Now; calls reach the agent only while live and everything holds.
 * Apart from Go Live (go-live.ts), which makes the agent: the voice webhook asks this on every
 * call and need not load the agent's definition and the tools it describes.
 */
export function callReadiness(salon: Salon, setup: StoredSetup, now: Date): Readiness {
  const progress = setupProgress({
    // Name and phone count once step 1 saved them (until then the name is a placeholder).
    business: { name: salon.business ? salon.name : '', phone: salon.business ? (salon.phone ?? '') : '', hours: salon.hours },
    stylists: setup.stylists,
    services: setup.services,
    selectedVoice: setup.voice?.selectedVoice ?? '',
    phoneOption: setup.phoneOption,
    forwardNumber: setup.forwardNumber,
  });
  const trialEnd = trialEndsAt(salon);
  const state = {
    setup: progress.completed === 3,
    number: Boolean(salon.assignedNumber),
    // The trial, or a plan: paid up, in grace while a payment is retried, or cancelled but paid to the period's end.
    billing: now < trialEnd || subscriptionCovers(salon.subscription, now),
  };
  const missing = READINESS_ITEMS.filter((item) => !state[item]);
  // A pause with an end is over by itself once that moment comes.
  const paused = Boolean(salon.pausedAt) && !(salon.pausedUntil && now >= new Date(salon.pausedUntil));
  const switchedOn = Boolean(salon.liveAt) && !paused;
  return {
    setupComplete: state.setup,
    numberAssigned: state.number,
    billingActive: state.billing,
    live: switchedOn && missing.length === 0,
    state: missing.length ? 'not-ready' : switchedOn ? 'live' : salon.liveAt ? 'paused' : 'ready',
    missing,
    trialEndsAt: trialEnd.toISOString(),
    ...(!state.billing && salon.subscription ? { planEnded: true } : {}),
    pausedUntil: paused ? (salon.pausedUntil ?? null) : null,
    numberWaitingSince: salon.assignedNumber ? null : (salon.numberWaitingSince ?? null),
  };
}
