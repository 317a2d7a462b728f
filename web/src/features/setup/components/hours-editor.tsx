import { DAYS, type Day, type DayHours, type Hours } from '@functions/contracts/setup';

const DAY_LABELS: Record<Day, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

interface Props {
  hours: Hours;
  onChange: (day: Day, value: DayHours) => void;
  /** Errors keyed by day. */
  errors: Partial<Record<Day, string>>;
}

/** Opening hours, one row per day: opening and closing time, or closed. */
export function HoursEditor({ hours, onChange, errors }: Props) {
  return (
    <fieldset className="hours-editor">
      <legend>Opening hours</legend>
      <p className="field-hint">When your salon is open. The receptionist only books appointments inside these hours.</p>
      <ul className="hours-list">
        {DAYS.map((day) => {
          const value = hours[day];
          const label = DAY_LABELS[day];
          const error = errors[day];
          const errorId = `hours-${day}-error`;
          return (
            <li key={day} className={`hours-row${value.closed ? ' hours-row-closed' : ''}`}>
              <fieldset className="hours-day" aria-describedby={error ? errorId : undefined}>
                <legend className="hours-day-name">{label}</legend>
                <div className="hours-times">
                  <label className="hours-time">
                    <span>Opens</span>
                    <input
                      type="time"
                      value={value.open}
                      disabled={value.closed}
                      aria-label={`${label} opening time`}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => onChange(day, { ...value, open: event.target.value })}
                    />
                  </label>
                  <label className="hours-time">
                    <span>Closes</span>
                    <input
                      type="time"
                      value={value.close}
                      disabled={value.closed}
                      aria-label={`${label} closing time`}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => onChange(day, { ...value, close: event.target.value })}
                    />
                  </label>
                  <label className="checkbox hours-closed">
                    <input
                      type="checkbox"
                      checked={value.closed}
                      aria-label={`${label} closed`}
                      onChange={(event) => onChange(day, { ...value, closed: event.target.checked })}
                    />
                    <span aria-hidden="true">Closed</span>
                  </label>
                </div>
                {error && (
                  <p id={errorId} className="field-error">
                    {error}
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
