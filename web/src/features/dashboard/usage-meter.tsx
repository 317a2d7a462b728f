import type { BillingState } from '@functions/contracts/billing';
import { MINUTES_RULE } from '@functions/core/plans';

/**
 * The plan, trial and minutes in the words the server chose for them (BillingState's headline,
 * the same sentence Billing and the owner's emails say), the bar, and how minutes are counted.
 * Shared by the dashboard and Billing.
 */
export function UsageMeter({ usage }: { usage: BillingState }) {
  const { minutesUsed, minutesIncluded, testMinutesUsed, testMinutesIncluded, phase } = usage;
  const shown = Math.min(minutesUsed, minutesIncluded);
  const percent = minutesIncluded ? Math.min(100, Math.round((minutesUsed / minutesIncluded) * 100)) : 0;
  const level = percent >= 100 ? 'usage-full' : percent >= 80 ? 'usage-high' : '';
  return (
    <div className="usage-meter" data-testid="usage">
      <p className="usage-figure" data-testid="billing-headline">
        {usage.headline}
      </p>
      {minutesIncluded > 0 && phase !== 'ended' && (
        <div
          className={`usage-bar ${level}`}
          role="progressbar"
          aria-label="Minutes used"
          aria-valuemin={0}
          aria-valuemax={minutesIncluded}
          aria-valuenow={shown}
          aria-valuetext={`${minutesUsed} of ${minutesIncluded} minutes used`}
        >
          <span style={{ width: `${percent}%` }} />
        </div>
      )}
      {phase === 'trial' && minutesUsed >= minutesIncluded && (
        <p className="usage-note">Your receptionist keeps answering: minutes past the trial&apos;s are free too.</p>
      )}
      <p className="usage-note">
        Test calls: {testMinutesUsed} of {testMinutesIncluded} free test minutes.
      </p>
      <p className="usage-note" data-testid="minutes-rule">
        {MINUTES_RULE}
      </p>
    </div>
  );
}

/**
 * The meter's room while the figures load (the same lines, the bar and the rule's own words), so
 * the cards under the AI status (on top on a phone) do not move when the figures arrive.
 */
export function UsageMeterSkeleton() {
  return (
    <div className="usage-meter" data-testid="usage-skeleton" aria-hidden="true">
      <p className="usage-figure">
        <span className="skeleton-line" />
      </p>
      <div className="usage-bar" />
      <p className="usage-note">
        <span className="skeleton-line" />
      </p>
      <p className="usage-note">{MINUTES_RULE}</p>
    </div>
  );
}
