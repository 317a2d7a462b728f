import { SelectInput } from '../../../components/form-fields';
import type { BusinessDraft } from '../wizard-data';

interface Props {
  enabled: boolean;
  hours: 24 | 48;
  onChange: <K extends 'reminders' | 'reminder_hours'>(field: K, value: BusinessDraft[K]) => void;
}

/** Reminder texts: on or off, and how long before the appointment (Settings → Business). */
export function ReminderSettings({ enabled, hours, onChange }: Props) {
  return (
    <section className="wizard-section" aria-labelledby="reminders-heading">
      <h3 id="reminders-heading">Reminders</h3>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="reminders"
            checked={enabled}
            aria-describedby="reminders-hint"
            onChange={(event) => onChange('reminders', event.target.checked)}
          />
          <span>Text callers a reminder before their appointment</span>
        </label>
        <p id="reminders-hint" className="field-hint">
          With the service, stylist, day and time, and &ldquo;Reply C to cancel, or call us to change it&rdquo;. Never sent between 9pm and 8am: a reminder due
          then goes at 8am. Bookings made closer to the time get none.
        </p>
      </div>
      <SelectInput
        label="When to send it"
        value={String(hours)}
        disabled={!enabled}
        options={[
          { value: '24', label: '24 hours before' },
          { value: '48', label: '48 hours before' },
        ]}
        onChange={(value) => onChange('reminder_hours', value === '48' ? 48 : 24)}
      />
    </section>
  );
}
