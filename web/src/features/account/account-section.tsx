import { useRef, useState } from 'react';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadData } from './download-data';

/** Settings → Account: the password, a copy of the salon's data, and the Danger Zone. */
export function AccountSection() {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="account-section">
      <section aria-labelledby="change-password-heading">
        <h3 id="change-password-heading">Change password</h3>
        <ChangePasswordForm />
      </section>
      <section aria-labelledby="your-data-heading">
        <h3 id="your-data-heading">Your data</h3>
        <p className="section-lead">
          Download everything SalonDesk keeps about your salon as a JSON file: business details and hours, stylists, services, voice settings, appointments,
          calls with their transcripts, messages, minutes used and recent activity.
        </p>
        <DownloadData />
      </section>
      <section className="danger-zone" aria-labelledby="danger-zone-heading">
        <h3 id="danger-zone-heading">Danger Zone</h3>
        <p className="section-lead">Deleting your account removes your salon and everything in it, for good.</p>
        <button ref={deleteButton} type="button" className="button button-danger" onClick={() => setConfirmingDelete(true)}>
          Delete Account
        </button>
      </section>
      {confirmingDelete && (
        <DeleteAccountDialog
          onClose={() => {
            setConfirmingDelete(false);
            deleteButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
