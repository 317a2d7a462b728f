import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'You have changes that are not saved yet. They stay in this browser as a draft until you save or discard them.';

/**
 * Asks before a page with unsaved changes is left: React Router's blocker for links and Back within
 * the app (https://reactrouter.com/api/hooks/useBlocker), the browser's own prompt (beforeunload)
 * for a reload, a closed tab or another site. Moving within the page (a Settings section, a query
 * parameter) is not leaving it. `allowNextLeave` lets a navigation the page makes after saving
 * through, before the saved state has reached `dirty`; `leavingOnPurpose` names a departure the
 * owner chose (Google's consent page, whose return keeps the draft).
 */
export function useLeaveGuard(dirty: boolean, options: { leavingOnPurpose?: () => boolean } = {}) {
  const { leavingOnPurpose } = options;
  const allowed = useRef(false);
  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }) => dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname, [dirty]),
  );

  useEffect(() => {
    if (!dirty) return;
    // Chromium, Firefox and Safari show their own wording; preventDefault is what asks (https://developer.mozilla.org/docs/Web/API/Window/beforeunload_event).
    const ask = (event: BeforeUnloadEvent) => {
      if (!allowed.current && !leavingOnPurpose?.()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty, leavingOnPurpose]);

  return {
    blocker,
    allowNextLeave: () => {
      allowed.current = true;
    },
  };
}

/** The question, as a modal dialog: Stay keeps the page (the default, focused), Leave goes on. */
export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (blocked && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [blocked]);

  if (!blocked) return null;
  return (
    <dialog
      ref={dialog}
      className="leave-dialog"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      onCancel={(event) => {
        event.preventDefault();
        blocker.reset();
      }}
    >
      <h2 id="leave-title">{LEAVE_TITLE}</h2>
      <p id="leave-text">{LEAVE_TEXT}</p>
      <div className="leave-dialog-actions">
        <button type="button" className="button button-primary" autoFocus onClick={() => blocker.reset()}>
          Stay
        </button>
        <button type="button" className="button button-secondary" onClick={() => blocker.proceed()}>
          Leave
        </button>
      </div>
    </dialog>
  );
}
