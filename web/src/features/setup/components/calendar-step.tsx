import type { ApiService, Calendar } from '../api';
import { SelectInput, TextInput } from '../../../components/form-fields';
import type { ServiceDraft, ServiceErrors } from '../service-draft';
import type { StylistRow } from '../wizard-data';
import { PriceListUpload } from './price-list-upload';
import { ServiceEditor } from './service-editor';
import { StylistSkills } from './stylist-skills';

export type ConnectState = 'idle' | 'starting' | 'ok' | 'fail';

export interface CalendarsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  list: Calendar[];
}

interface Props {
  connected: boolean;
  connectState: ConnectState;
  connectError: string;
  onConnect: () => void;
  calendars: CalendarsState;
  onReloadCalendars: () => void;
  stylists: StylistRow[];
  stylistErrors: Record<string, string>;
  onStylistChange: (uid: string, patch: Partial<StylistRow>) => void;
  onAddStylist: () => void;
  onRemoveStylist: (uid: string) => void;
  services: ServiceDraft[];
  serviceErrors: Record<string, ServiceErrors>;
  expanded: ReadonlySet<string>;
  onServiceChange: (uid: string, patch: Partial<ServiceDraft>) => void;
  onToggleService: (uid: string) => void;
  onAddService: () => void;
  onRemoveService: (uid: string) => void;
  onImported: (services: ApiService[]) => void;
  /** A list imported again with names already here: how many it holds and how many match, until the owner chooses. */
  pendingImport: { count: number; matching: number } | null;
  onImportChoice: (choice: 'update' | 'add' | 'cancel') => void;
  removedService: string | null;
  onUndoRemove: () => void;
  onReviewed: (uid: string) => void;
  onAutoFill: () => void;
  autoFilling: boolean;
  /** What the last auto-fill left without a duration, and why; null when it filled them all. */
  autoFillSkipped: string | null;
  /** How many services show at a time (Settings); all of them when absent. */
  servicePageSize?: number;
}

/**
 * Step 2: stylists and services, and Google Calendar if the salon keeps one (optional: without it
 * the bookings live in SalonDesk's own diary, on the dashboard). Connected, each stylist may be
 * mapped to a calendar.
 */
export function CalendarStep(props: Props) {
  const { connected, connectState, connectError, onConnect } = props;
  return (
    <div className="wizard-step-body">
      <section className="wizard-section" aria-labelledby="calendar-connect-heading">
        <h3 id="calendar-connect-heading">Google Calendar (optional)</h3>
        <p className="section-lead">
          Every booking goes into your SalonDesk diary. If your stylists keep Google calendars, connect them too: the receptionist then works around what is in
          them and adds each booking there.
        </p>
        {connected ? (
          <p className="connect-status connect-status-ok" role="status">
            <span aria-hidden="true">✓</span> Google Calendar connected
          </p>
        ) : (
          <div className="connect-block">
            <button type="button" className="button button-primary" onClick={onConnect} aria-disabled={connectState === 'starting'}>
              {connectState === 'starting' ? 'Opening Google…' : 'Connect Google Calendar'}
            </button>
            <p className="field-hint">Diary in Phorest, Fresha or on paper? Skip this and add your stylists and services below.</p>
          </div>
        )}
        {connectError && (
          <p className="alert alert-error" role="alert">
            {connectError}
          </p>
        )}
      </section>
      <StylistsSection {...props} />
      <ServicesSection {...props} />
    </div>
  );
}

function StylistsSection({
  connected,
  calendars,
  onReloadCalendars,
  stylists,
  stylistErrors,
  onStylistChange,
  onAddStylist,
  onRemoveStylist,
  services,
}: Props) {
  const options = calendars.list.map((calendar) => ({ value: calendar.id, label: calendar.summary || calendar.id }));
  const onlyOne = stylists.length <= 1;
  return (
    <section className="wizard-section" aria-labelledby="stylists-heading">
      <h3 id="stylists-heading">Stylists</h3>
      <p className="section-lead">
        {connected ? 'Add each stylist and choose the calendar their appointments go into.' : 'Add each stylist: callers can ask for them by name.'}
      </p>
      <div aria-live="polite" className="calendar-load-status">
        {connected && calendars.status === 'loading' && <p className="field-hint">Loading your calendars…</p>}
        {connected && calendars.status === 'ready' && calendars.list.length === 0 && (
          <p className="field-hint">No calendars were found in your Google account.</p>
        )}
      </div>
      {connected && calendars.status === 'error' && (
        <p className="alert alert-error" role="alert">
          We could not load your calendars.{' '}
          <button type="button" className="button-link" onClick={onReloadCalendars}>
            Try again
          </button>
        </p>
      )}
      <ol className="stylist-list">
        {stylists.map((stylist, index) => {
          const label = stylist.name.trim() || `stylist ${index + 1}`;
          return (
            <li key={stylist.uid} className="stylist-row" data-testid="stylist-row">
              <TextInput
                label={`Stylist ${index + 1} name`}
                value={stylist.name}
                autoComplete="off"
                error={stylistErrors[stylist.uid]}
                onChange={(name) => onStylistChange(stylist.uid, { name })}
              />
              {connected && (
                <SelectInput
                  label={`Calendar for stylist ${index + 1}`}
                  value={stylist.calendarId}
                  placeholder={calendars.status === 'loading' ? 'Loading calendars…' : 'Choose a calendar'}
                  options={
                    stylist.calendarId && !options.some((option) => option.value === stylist.calendarId)
                      ? [...options, { value: stylist.calendarId, label: stylist.calendarId }]
                      : options
                  }
                  onChange={(calendarId) => onStylistChange(stylist.uid, { calendarId })}
                />
              )}
              <button
                type="button"
                className="button button-secondary stylist-remove"
                disabled={onlyOne}
                aria-label={`Remove ${label}`}
                title={onlyOne ? 'You need at least one stylist' : undefined}
                onClick={() => onRemoveStylist(stylist.uid)}
              >
                Remove
              </button>
              <StylistSkills stylist={stylist} label={label} services={services} onChange={(patch) => onStylistChange(stylist.uid, patch)} />
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-secondary" onClick={onAddStylist}>
        Add stylist
      </button>
    </section>
  );
}

function ServicesSection({
  services,
  serviceErrors,
  expanded,
  onServiceChange,
  onToggleService,
  onAddService,
  onRemoveService,
  onImported,
  pendingImport,
  onImportChoice,
  removedService,
  onUndoRemove,
  onReviewed,
  onAutoFill,
  autoFilling,
  autoFillSkipped,
  servicePageSize,
}: Props) {
  return (
    <section className="wizard-section" aria-labelledby="services-heading">
      <h3 id="services-heading">Services</h3>
      <p className="section-lead">What you offer, how long it takes and what it costs. The receptionist quotes these to callers.</p>
      <div className="services-tools">
        <PriceListUpload onImported={onImported} />
        <div className="auto-fill">
          <button
            type="button"
            className="button button-secondary"
            onClick={onAutoFill}
            aria-disabled={autoFilling || services.length === 0}
            disabled={services.length === 0}
          >
            {autoFilling ? 'Filling in durations…' : 'Auto-fill durations'}
          </button>
          <p className="field-hint">Missing durations? AI suggests typical times for each service.</p>
          <p className="auto-fill-skipped" role="status">
            {autoFillSkipped}
          </p>
        </div>
      </div>
      {pendingImport && <ImportChoice {...pendingImport} onChoose={onImportChoice} />}
      <ServiceEditor
        services={services}
        errors={serviceErrors}
        expanded={expanded}
        onChange={onServiceChange}
        onToggle={onToggleService}
        onAdd={onAddService}
        onRemove={onRemoveService}
        removed={removedService}
        onUndoRemove={onUndoRemove}
        onReviewed={onReviewed}
        pageSize={servicePageSize}
      />
    </section>
  );
}

/** A price list read again: update the services of the same names, or add everything as new (it once appended 21 duplicates). */
function ImportChoice({ count, matching, onChoose }: { count: number; matching: number; onChoose: (choice: 'update' | 'add' | 'cancel') => void }) {
  return (
    <div className="import-choice" role="group" aria-labelledby="import-choice-text">
      <p id="import-choice-text">
        {matching === count ? `All ${count}` : `${matching} of the ${count}`} services in this price list are already in your list, by name. Update them, or add
        everything as new services?
      </p>
      <div className="import-choice-actions">
        <button type="button" className="button button-primary" onClick={() => onChoose('update')}>
          Update {matching === 1 ? 'that service' : `those ${matching}`}
          {count > matching ? ` and add ${count - matching} new` : ''}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onChoose('add')}>
          Add all {count} as new
        </button>
        <button type="button" className="button button-link" onClick={() => onChoose('cancel')}>
          Cancel
        </button>
      </div>
    </div>
  );
}
