import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { NumberInput, TextArea, TextInput } from '../../../components/form-fields';
import { loadPaymentAccount } from '../../billing';
import type { ServiceReview } from '@functions/contracts/price-list';
import { formatDuration, formatPrice, type ServiceDraft, type ServiceErrors } from '../service-draft';

interface Props {
  services: ServiceDraft[];
  errors: Record<string, ServiceErrors>;
  expanded: ReadonlySet<string>;
  onChange: (uid: string, patch: Partial<ServiceDraft>) => void;
  onToggle: (uid: string) => void;
  onAdd: () => void;
  onRemove: (uid: string) => void;
  /** The name of the service removed last, while Undo can still put it back. */
  removed?: string | null;
  onUndoRemove?: () => void;
  onReviewed: (uid: string) => void;
  /** Shows this many at a time, with Show more and Show less (Settings); every service when absent (the wizard). */
  pageSize?: number;
}

/** The service list: each row collapses to a summary and expands to its fields. */
export function ServiceEditor({ services, errors, expanded, onChange, onToggle, onAdd, onRemove, removed, onUndoRemove, onReviewed, pageSize }: Props) {
  const [limit, setLimit] = useState(pageSize ?? Number.POSITIVE_INFINITY);
  const paymentsActive = usePaymentsActive();
  // Past the page, a service with an error or one being edited (a new one, say) stays in view.
  const shown = services
    .map((service, index) => ({ service, index }))
    .filter(({ service, index }) => index < limit || errors[service.uid] || service.review || expanded.has(service.uid));
  return (
    <div className="service-editor">
      <div aria-live="polite">
        {removed && onUndoRemove && (
          <p className="service-undo">
            Removed {removed}.{' '}
            <button type="button" className="button-link" onClick={onUndoRemove}>
              Undo
            </button>
          </p>
        )}
      </div>
      {services.length === 0 ? (
        <p className="empty-state">No services yet. Add your services one by one, or upload your price list and we will read them for you.</p>
      ) : (
        <ul className="service-list" aria-label="Services">
          {shown.map(({ service, index }) => (
            <ServiceRow
              key={service.uid}
              service={service}
              position={index + 1}
              errors={errors[service.uid] ?? {}}
              open={expanded.has(service.uid)}
              paymentsActive={paymentsActive}
              onChange={(patch) => onChange(service.uid, patch)}
              onToggle={() => onToggle(service.uid)}
              onRemove={() => onRemove(service.uid)}
              onReviewed={() => onReviewed(service.uid)}
            />
          ))}
        </ul>
      )}
      {pageSize && services.length > pageSize && (
        <div className="service-paging">
          <p className="field-hint" aria-live="polite">
            Showing {shown.length} of {services.length} services
          </p>
          {limit < services.length && (
            <button type="button" className="button button-secondary" onClick={() => setLimit((current) => current + pageSize)}>
              Show more
            </button>
          )}
          {limit > pageSize && (
            <button type="button" className="button button-secondary" onClick={() => setLimit(pageSize)}>
              Show less
            </button>
          )}
        </div>
      )}
      <button type="button" className="button button-secondary" onClick={onAdd}>
        Add service
      </button>
    </div>
  );
}

/** Whether the salon's payment account is Active (deposits are taken only then); null while unknown. */
function usePaymentsActive(): boolean | null {
  const [active, setActive] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    loadPaymentAccount()
      .then((answer) => live && setActive(answer.account.status === 'Active'))
      .catch(() => live && setActive(false));
    return () => {
      live = false;
    };
  }, []);
  return active;
}

interface RowProps {
  paymentsActive: boolean | null;
  service: ServiceDraft;
  position: number;
  errors: ServiceErrors;
  open: boolean;
  onChange: (patch: Partial<ServiceDraft>) => void;
  onToggle: () => void;
  onRemove: () => void;
  onReviewed: () => void;
}

function ServiceRow({ service, position, errors, open, paymentsActive, onChange, onToggle, onRemove, onReviewed }: RowProps) {
  const panelId = `service-panel-${service.uid}`;
  const title = service.name.trim() || `Service ${position}`;
  const errorCount = Object.keys(errors).length;
  const review = service.review ?? [];
  const state = errorCount ? ' service-row-invalid' : review.length ? ' service-row-review' : '';
  return (
    <li className={`service-row${state}${open ? ' service-row-open' : ''}`} data-testid="service-row">
      <div className="service-row-line">
        <h4 className="service-summary-heading">
          <button type="button" className="service-summary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
            <span className="service-summary-name">{title}</span>
            <span className="service-summary-meta">
              {formatDuration(service.duration)} · {formatPrice(service)}
              {service.deposit ? ` · €${service.deposit} deposit` : ''}
              {errorCount > 0 && <span className="service-summary-flag"> · Needs attention</span>}
              {errorCount === 0 && review.length > 0 && <span className="service-summary-review"> · Please check: may be misread</span>}
            </span>
            <span className="service-summary-chevron" aria-hidden="true">
              {open ? '▴' : '▾'}
            </span>
          </button>
        </h4>
        {/* Ticked straight from the list, without opening its editor; once open, the editor's own button says it. */}
        {!open && errorCount === 0 && review.length > 0 && (
          <button type="button" className="button button-secondary service-tick" onClick={onReviewed} aria-label={`${title} is right`}>
            ✓ Right
          </button>
        )}
      </div>
      {open && (
        <div id={panelId} className="service-panel" role="group" aria-label={`Edit ${title}`}>
          {review.length > 0 && <ReviewNote review={review} title={title} onReviewed={onReviewed} />}
          <div className="form-grid">
            <TextInput label="Service name" value={service.name} error={errors.name} onChange={(name) => onChange({ name })} />
            <NumberInput
              label="Duration (minutes)"
              suffix="min"
              value={service.duration}
              error={errors.duration}
              onChange={(duration) => onChange({ duration })}
            />
          </div>
          <fieldset className="price-type">
            <legend>Pricing</legend>
            <div className="segmented">
              <label>
                <input
                  type="radio"
                  name={`price-type-${service.uid}`}
                  checked={!service.isRange && !service.consultation}
                  onChange={() => onChange({ isRange: false, consultation: false })}
                />
                <span>Single price</span>
              </label>
              <label>
                <input
                  type="radio"
                  name={`price-type-${service.uid}`}
                  checked={service.isRange && !service.consultation}
                  onChange={() => onChange({ isRange: true, consultation: false })}
                />
                <span>Price range</span>
              </label>
              <label>
                <input
                  type="radio"
                  name={`price-type-${service.uid}`}
                  checked={Boolean(service.consultation)}
                  onChange={() => onChange({ consultation: true })}
                />
                <span>Price on consultation</span>
              </label>
            </div>
          </fieldset>
          {service.consultation ? (
            <p className="field-hint">The receptionist tells callers the price is given on consultation, and quotes no number.</p>
          ) : service.isRange ? (
            <div className="form-grid">
              <NumberInput
                label="Min price (€)"
                cents
                prefix="€"
                value={service.price_min}
                error={errors.price_min}
                onChange={(price_min) => onChange({ price_min })}
              />
              <NumberInput
                label="Max price (€)"
                cents
                prefix="€"
                value={service.price_max}
                error={errors.price_max}
                onChange={(price_max) => onChange({ price_max })}
              />
            </div>
          ) : (
            <NumberInput label="Price (€)" cents prefix="€" value={service.price} error={errors.price} onChange={(price) => onChange({ price })} />
          )}
          <NumberInput
            label="Deposit (€)"
            prefix="€"
            value={service.deposit}
            error={errors.deposit}
            hint={
              paymentsActive === false ? (
                <>
                  Deposits need an active payment account: you can save one now, and it is taken once your account is active.{' '}
                  <Link to="/settings?section=billing">Set up payments in Billing</Link>
                </>
              ) : (
                'Optional. Callers pay it by a link we text them; the time is held until it is paid.'
              )
            }
            onChange={(deposit) => onChange({ deposit })}
          />
          <TextArea
            label="Comment (optional)"
            rows={2}
            maxLength={300}
            value={service.comment}
            error={errors.comment}
            hint="Anything callers should know, e.g. 'Price depends on hair length'."
            onChange={(comment) => onChange({ comment })}
          />
          <div className="service-actions">
            <button type="button" className="button button-link danger-link" onClick={onRemove}>
              Remove {title}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** What the import was unsure of about one service, and the owner's way to say it is right. */
function ReviewNote({ review, title, onReviewed }: { review: ServiceReview[]; title: string; onReviewed: () => void }) {
  return (
    <div className="service-review" data-testid="service-review">
      <p className="service-review-lead">The import was not sure of this service. Please check:</p>
      <ul>
        {review.map((flag) => (
          <li key={`${flag.reason}:${flag.detail}`}>{flag.detail}</li>
        ))}
      </ul>
      <button type="button" className="button button-secondary" onClick={onReviewed}>
        {`${title} is right`}
      </button>
    </div>
  );
}
