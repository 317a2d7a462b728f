/**
 * The wizard's busy overlay. The live region stays in the page the whole time so screen readers
 * announce the text as it appears; the overlay only covers the form visually (focus stays where it was).
 */
export function WizardOverlay({ message }: { message: string }) {
  return (
    <div className={`wizard-overlay${message ? ' wizard-overlay-visible' : ''}`}>
      <div className="wizard-overlay-box" role="status" aria-live="polite">
        {message && (
          <>
            <span className="spinner" aria-hidden="true" />
            <span>{message}</span>
          </>
        )}
      </div>
    </div>
  );
}
