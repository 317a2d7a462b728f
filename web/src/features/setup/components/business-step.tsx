import { type Day, type DayHours, type Hours } from '@functions/contracts/setup';
import { CALLER_NOTES_MAX, DIRECTIONS_MAX } from '@functions/contracts/setup-fields';
import { TextArea, TextInput } from '../../../components/form-fields';
import type { BusinessDraft } from '../wizard-data';
import { HoursEditor } from './hours-editor';
import { ReminderSettings } from './reminder-settings';

interface Props {
  business: BusinessDraft;
  hours: Hours;
  errors: Record<string, string>;
  onBusinessChange: <K extends keyof BusinessDraft>(field: K, value: BusinessDraft[K]) => void;
  onHoursChange: (day: Day, value: DayHours) => void;
}

export const IRISH_PHONE_HINT = 'Write it as you usually do, for example 01 234 5678.';

/** Step 1: Business Basics, including opening hours. */
export function BusinessStep({ business, hours, errors, onBusinessChange, onHoursChange }: Props) {
  const hourErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('hours.'))
      .map(([key, message]) => [key.slice('hours.'.length), message]),
  ) as Partial<Record<Day, string>>;
  return (
    <div className="wizard-step-body">
      <section className="wizard-section" aria-labelledby="business-details-heading">
        <h3 id="business-details-heading">Your salon</h3>
        <div className="form-grid">
          <TextInput
            label="Business name"
            name="name"
            autoComplete="organization"
            required
            value={business.name}
            error={errors.name}
            onChange={(value) => onBusinessChange('name', value)}
          />
          <TextInput
            label="Phone number"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            value={business.phone}
            error={errors.phone}
            hint={IRISH_PHONE_HINT}
            onChange={(value) => onBusinessChange('phone', value)}
          />
          <TextInput
            label="Address line"
            name="address_line"
            autoComplete="address-line1"
            value={business.address_line}
            error={errors.address_line}
            onChange={(value) => onBusinessChange('address_line', value)}
          />
          <TextInput
            label="Town or city"
            name="town_city"
            autoComplete="address-level2"
            value={business.town_city}
            error={errors.town_city}
            onChange={(value) => onBusinessChange('town_city', value)}
          />
          <TextInput
            label="County"
            name="county"
            autoComplete="address-level1"
            value={business.county}
            error={errors.county}
            onChange={(value) => onBusinessChange('county', value)}
          />
          <TextInput
            label="Eircode"
            name="eircode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            value={business.eircode}
            error={errors.eircode}
            hint="For example D02 X285."
            onChange={(value) => onBusinessChange('eircode', value)}
          />
        </div>
        <TextInput
          label="Your mobile (optional)"
          name="owner_mobile"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={business.owner_mobile}
          error={errors.owner_mobile}
          hint="We text you here when a caller leaves a message, and when you book during a test call. Leave it empty to get emails only."
          onChange={(value) => onBusinessChange('owner_mobile', value)}
        />
        <TextArea
          label="Directions for callers"
          name="directions"
          counter
          maxLength={DIRECTIONS_MAX}
          value={business.directions}
          error={errors.directions}
          hint="What the receptionist tells callers who ask how to find you: landmarks, parking, the entrance."
          onChange={(value) => onBusinessChange('directions', value)}
        />
        <TextArea
          label="Things callers should know"
          name="caller_notes"
          counter
          maxLength={CALLER_NOTES_MAX}
          value={business.caller_notes}
          error={errors.caller_notes}
          hint="The receptionist tells callers what applies to them: a patch test 48 hours before colour, your cancellation policy, senior stylists' prices."
          onChange={(value) => onBusinessChange('caller_notes', value)}
        />
      </section>
      <ReminderSettings enabled={business.reminders} hours={business.reminder_hours} onChange={onBusinessChange} />
      <HoursEditor hours={hours} errors={hourErrors} onChange={onHoursChange} />
    </div>
  );
}
