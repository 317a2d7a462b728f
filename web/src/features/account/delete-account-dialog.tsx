import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deleteAccountRequest } from '@functions/contracts/account';
import { messages } from '@functions/contracts/messages';
import { undoForwardingLine } from '@functions/contracts/forwarding';
import { ApiError } from '../../lib/api-client';
import { fieldProps, useContractForm } from '../../lib/contract-form';
import { forgetSession, PasswordField } from '../auth';
import { deleteAccount } from './api';
import { DownloadData } from './download-data';
import { useDeletionSummary } from './use-deletion-summary';

/**
 * Danger Zone → Delete Account: a modal dialog (the page behind is inert, Escape closes it) naming
 * what goes with the account (the plan, upcoming bookings, the number), offering the data export
 * first, and asking for the password again. Success signs out and says it is done; any failure, a wrong password too,
 * says 'Failed to delete account' here, with the server's reason when it gave one.
 */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useContractForm(deleteAccountRequest, { password: '' });
  const remove = useMutation({
    mutationFn: ({ password }: { password: string }) => deleteAccount(password),
    onError: (caught) => console.error('Deleting the account failed', caught),
    onSuccess: async () => {
      // The login is gone: only the copy of the session in this browser is left to drop.
      await forgetSession();
      await navigate('/account-deleted', { replace: true });
    },
  });
  // Stays busy from the click until the page has gone to /account-deleted.
  const deleting = remove.isPending || remove.isSuccess;
  const failure = remove.error && { detail: remove.error instanceof ApiError && remove.error.message !== messages.deleteFailed ? remove.error.message : '' };
  const summary = useDeletionSummary();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    // The password is what the dialog asks for: it takes the focus, not the download offered above it.
    dialog.current?.querySelector<HTMLInputElement>('input[name="delete-password"]')?.focus();
  }, []);

  // A modal dialog makes the page inert, but Tab can still leave it for the browser's own controls: wrap it around.
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('input, button, select, textarea, a[href]')].filter(
      (element) => !element.matches(':disabled'),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      className="account-dialog"
      aria-labelledby="delete-account-title"
      aria-describedby="delete-account-warning"
      onClose={onClose}
      onCancel={(event) => deleting && event.preventDefault()}
      onKeyDown={keepFocusInside}
    >
      <h2 id="delete-account-title">Delete your account?</h2>
      {/* What goes, and the download, scroll on a small phone; the password and the buttons below stay in view. */}
      <div className="account-dialog-body">
        <div id="delete-account-warning">
          <p>This cannot be undone. Deleting your account:</p>
          <ul className="deletion-list" aria-busy={!summary}>
            <li>
              {summary?.plan ? `Cancels your ${summary.plan} plan: you won't be charged again.` : "Cancels any plan you chose: you won't be charged again."}
            </li>
            <li>
              {summary?.upcomingBookings
                ? `Deletes your ${summary.upcomingBookings} upcoming ${summary.upcomingBookings === 1 ? 'booking' : 'bookings'} and their clients' details. We don't contact your clients; bookings synced to your Google Calendar stay there.`
                : "Deletes your bookings and your clients' details."}
            </li>
            {summary?.number && (
              <li>
                Releases your receptionist&apos;s number, {summary.number}: for 30 days it tells callers who it belonged to and how to reach you.{' '}
                {undoForwardingLine()}
              </li>
            )}
            <li>Removes your salon's setup, calls and messages, disconnects your calendar and removes your login.</li>
          </ul>
          <p>Want a copy of everything first?</p>
        </div>
        <DownloadData />
      </div>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          if (deleting) return event.preventDefault();
          void form.handleSubmit((fields) => remove.mutate(fields))(event);
        }}
        aria-busy={deleting}
      >
        <PasswordField label="Your password" autoComplete="current-password" {...fieldProps(form, 'password')} name="delete-password" />
        {failure && (
          <div className="alert alert-error" role="alert">
            <p>{messages.deleteFailed}</p>
            {failure.detail && <p>{failure.detail}</p>}
          </div>
        )}
        <div className="account-dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()} disabled={deleting}>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
