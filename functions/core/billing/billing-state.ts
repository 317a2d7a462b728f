import type { BillingState, SubscriptionRecord } from '../../contracts/billing.js';
import type { UsageTotals } from '../ports/usage-store.js';
import { formatEuro } from '../money.js';
import { EXTRA_MINUTE_PRICE_CENTS, findPlan } from '../plans.js';
import type { Ports } from '../ports.js';
import { billingPeriodAt, trialEndsAt } from '../usage/billing-period.js';
import { summarise } from '../usage/meter-usage.js';
import { subscriptionCovers } from './subscription.js';

/**
 * The one place that decides what the owner is told about money (issue 46 #1): whether the free
 * trial runs, which plan is chosen and when it is first charged, and the minutes of the period.
 * Billing, the dashboard's meter and the owner's emails render this state and its headline, so
 * after a plan is chosen in the trial every one of them still says "Free trial until …", and
 * none speaks of a payment or of extra minutes before the trial is over.
 */
type StateSalon = { createdAt: string; subscription?: SubscriptionRecord | null };

let dayMonth: Intl.DateTimeFormat | undefined;
/** "12 December", in Irish time. */
export function billingDate(iso: string): string {
  dayMonth ??= new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long' });
  return dayMonth.format(new Date(iso));
}

/** The plan the owner chose and has not seen end: in the trial, the one that starts at its end. */
function chosenPlan(subscription: SubscriptionRecord | null | undefined, now: Date): BillingState['plan'] {
  if (!subscription?.planId || !subscriptionCovers(subscription, now)) return null;
  const plan = findPlan(subscription.planId);
  return { id: plan.id, name: plan.name, priceCents: plan.priceCents, minutesIncluded: plan.minutesIncluded };
}

const perMonth = (plan: NonNullable<BillingState['plan']>) => `${plan.name}, ${formatEuro(plan.priceCents)} a month incl. VAT`;

function headline(state: Omit<BillingState, 'headline'>, ended: { name: string; at: string } | null): string {
  const { plan, minutesUsed, minutesIncluded } = state;
  const minutes = `${minutesUsed} of ${minutesIncluded} minutes used`;
  if (state.phase === 'trial') {
    const then = !plan
      ? 'then choose a plan to keep your receptionist answering'
      : state.cancelled
        ? `${plan.name} is cancelled, so nothing will be charged`
        : `then ${perMonth(plan)}`;
    return `Free trial until ${billingDate(state.trialEndsAt)}: ${minutes}; ${then}.`;
  }
  if (state.phase === 'ended' || !plan) {
    const what = ended ? `Your ${ended.name} plan ended on ${billingDate(ended.at)}` : `Your free trial ended on ${billingDate(state.trialEndsAt)}`;
    return `${what}: choose a plan to keep your receptionist answering.`;
  }
  const until = billingDate(state.period.endsAt);
  const extra = state.extraMinutes
    ? ` ${state.extraMinutes} extra ${state.extraMinutes === 1 ? 'minute' : 'minutes'} at ${formatEuro(EXTRA_MINUTE_PRICE_CENTS)} each (${formatEuro(state.extraCents)}).`
    : '';
  const pastDue = state.pastDue ? ' Your last payment did not go through: update your card in Manage subscription.' : '';
  if (state.cancelled) return `${plan.name} until ${until} (cancelled): ${minutes}; nothing more is charged.${extra}${pastDue}`;
  return `${perMonth(plan)}: ${minutes} until ${until}, when it renews.${extra}${pastDue}`;
}

/** The state at `now` from the salon's subscription and the minutes counted in the period `now` falls in. */
export function billingState(salon: StateSalon, totals: UsageTotals, now: Date): BillingState {
  const subscription = salon.subscription ?? null;
  const trialEnd = trialEndsAt(salon);
  const period = billingPeriodAt(salon, now);
  const plan = chosenPlan(subscription, now);
  const phase = period.kind === 'trial' ? 'trial' : plan ? 'plan' : 'ended';
  const usage = summarise(period.id, period.minutesIncluded, totals);
  const cancelled = Boolean(plan && subscription && (subscription.cancelAtPeriodEnd || subscription.status === 'canceled'));
  const state = {
    phase,
    trialEndsAt: trialEnd.toISOString(),
    plan,
    cancelled,
    pastDue: subscription?.status === 'past_due',
    period: { kind: period.kind, startsAt: period.startsAt, endsAt: period.endsAt },
    minutesUsed: usage.minutesUsed,
    minutesIncluded: usage.minutesIncluded,
    extraMinutes: usage.overageMinutes,
    extraCents: usage.overageCents,
    testMinutesUsed: usage.testMinutesUsed,
    testMinutesIncluded: usage.testMinutesIncluded,
  } satisfies Omit<BillingState, 'headline'>;
  // A plan held after the trial and since ended (cancelled, or unpaid) is named, not the trial long gone.
  const ended =
    phase === 'ended' && subscription?.planId && Date.parse(subscription.currentPeriodEnd) > trialEnd.getTime()
      ? { name: findPlan(subscription.planId).name, at: subscription.currentPeriodEnd }
      : null;
  return { ...state, headline: headline(state, ended) };
}

/** The state now, reading the period's minutes. */
export async function loadBillingState(deps: Pick<Ports, 'usage' | 'now'>, salon: StateSalon & { id: string }, at?: Date): Promise<BillingState> {
  const now = at ?? deps.now();
  const totals = await deps.usage.totals(salon.id, billingPeriodAt(salon, now).id);
  return billingState(salon, totals, now);
}
