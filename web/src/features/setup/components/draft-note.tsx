import type { FormDraft } from '../use-step-form';

const timeFormat = new Intl.DateTimeFormat('en-IE', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });

/** Says that what the form shows includes changes not saved yet, kept from an earlier visit, and offers to drop them. */
export function DraftNote({ draft }: { draft: FormDraft }) {
  if (!draft.restoredAt) return null;
  const when = new Date(draft.restoredAt);
  return (
    <div className="draft-note" role="status">
      <p>
        We kept the changes you hadn't saved yet{Number.isNaN(when.getTime()) ? '' : ` (last edited ${timeFormat.format(when)})`}. Save them when you're ready.
      </p>
      <button type="button" className="button button-secondary" onClick={draft.discard}>
        Discard changes
      </button>
    </div>
  );
}
