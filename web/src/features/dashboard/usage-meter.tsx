import type { UsageView } from '@functions/contracts/calls';
import { formatEuro } from '@functions/core/money';
import { EXTRA_MINUTE_PRICE_CENTS } from '@functions/core/plans';

const endDate = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long' });

/** Minutes used against the period's minutes, with what happens past them; shared by the dashboard and Billing. */
export function UsageMeter({ usage }: { usage: UsageView }) {
  const { minutesUsed, minutesIncluded, overageMinutes, testMinutesUsed, testMinutesIncluded, periodKind, periodEndsAt } = usage;
  const shown = Math.min(minutesUsed, minutesIncluded);
  const percent = minutesIncluded ? Math.min(100, Math.round((minutesUsed / minutesIncluded) * 100)) : 0;
  const level = percent >= 100 ? 'usage-full' : percent >= 80 ? 'usage-high' : '';
  const period =
    periodKind === 'trial' ? `Free trial, until ${endDate.format(new Date(periodEndsAt))}` : `This month, until ${endDate.format(new Date(periodEndsAt))}`;
  return (
    <div className="usage-meter" data-testid="usage">
      <p className="usage-figure">
        <strong>
          {minutesUsed} of {minutesIncluded} call minutes
        </strong>{' '}
        <span className="usage-period">{period}</span>
      </p>
      {minutesIncluded > 0 && (
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
      {overageMinutes > 0 && (
        <p className="usage-note">
          {overageMinutes} extra {overageMinutes === 1 ? 'minute' : 'minutes'} at {formatEuro(EXTRA_MINUTE_PRICE_CENTS)} each (
          {formatEuro(overageMinutes * EXTRA_MINUTE_PRICE_CENTS)}).
        </p>
      )}
      <p className="usage-note">
        Test calls: {testMinutesUsed} of {testMinutesIncluded} free test minutes.
      </p>
    </div>
  );
}
