import { DAYS, type Day } from '@functions/contracts/setup';
import type { ServiceDraft } from '../service-draft';
import type { StylistRow } from '../wizard-data';

interface Props {
  stylist: StylistRow;
  /** How the row is named to a screen reader: the stylist's name, or "stylist 2". */
  label: string;
  services: ServiceDraft[];
  onChange: (patch: Partial<StylistRow>) => void;
}

const SHORT: Record<Day, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };
const capitalised = (day: Day) => `${day.charAt(0).toUpperCase()}${day.slice(1)}`;

/** How the save names a service: a saved one by id (a rename keeps it), a new one by name until it has one. */
export const serviceRef = (service: ServiceDraft) => service.id ?? service.name.trim();

/**
 * Who does what (issue 45): the days a stylist works and the services they do. The receptionist
 * offers a service only with someone who does it, on a day they work. At least one day and one
 * service stay ticked: the last one cannot be unticked.
 */
export function StylistSkills({ stylist, label, services, onChange }: Props) {
  const days = stylist.days ?? [...DAYS];
  const named = services.filter((service) => service.name.trim());
  const refs = named.map(serviceRef);
  const does = stylist.services;
  const ticked = refs.filter((ref) => does?.includes(ref));
  const toggleDay = (day: Day, on: boolean) => onChange({ days: DAYS.filter((each) => (each === day ? on : days.includes(each))) });
  const toggleService = (ref: string, on: boolean) => onChange({ services: refs.filter((each) => (each === ref ? on : ticked.includes(each))) });
  return (
    <div className="stylist-skills">
      <fieldset className="skill-group">
        <legend>Days {label} works</legend>
        <div className="skill-options">
          {DAYS.map((day) => {
            const checked = days.includes(day);
            return (
              <label key={day} className="checkbox skill-day">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={checked && days.length === 1}
                  aria-label={`${label} works ${capitalised(day)}s`}
                  onChange={(event) => toggleDay(day, event.target.checked)}
                />
                <span aria-hidden="true">{SHORT[day]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="skill-group">
        <legend>Services {label} does</legend>
        <label className="checkbox">
          <input type="checkbox" checked={!does} onChange={(event) => onChange({ services: event.target.checked ? null : refs })} />
          <span>Every service</span>
        </label>
        {does && (
          <div className="skill-options skill-services">
            {named.map((service, index) => {
              const ref = refs[index]!;
              const checked = does.includes(ref);
              return (
                <label key={service.uid} className="checkbox">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={checked && ticked.length === 1}
                    aria-label={`${label} does ${service.name.trim()}`}
                    onChange={(event) => toggleService(ref, event.target.checked)}
                  />
                  <span aria-hidden="true">{service.name.trim()}</span>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
    </div>
  );
}
