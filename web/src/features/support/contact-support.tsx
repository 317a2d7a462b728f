import { lazy, Suspense, useState } from 'react';
import type { SupportTopic } from '@functions/contracts/support';
import './support.css';

// Only opened on demand: its form layer (react-hook-form) stays out of the pages that show the button.
const SupportDialog = lazy(() => import('./support-dialog'));

/**
 * Support the site promises, from inside the app: a button that opens a dialog to write to
 * support (the message goes with the salon's id, and support replies to the owner's email), with
 * the support address beside it for those who would rather email.
 */
export function ContactSupport({
  label = 'Contact support',
  topic = 'other',
  className = 'button button-secondary',
}: {
  label?: string;
  topic?: SupportTopic;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SupportDialog initialTopic={topic} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
