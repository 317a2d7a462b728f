import { useEffect, useRef, useState, type FormEvent } from 'react';
import { forgotPasswordForm } from '@functions/contracts/auth';
import { messages } from '@functions/contracts/messages';
import { TextInput } from '../../components/form-fields';
import { configureAuth, sendResetLink } from './session';

interface Props {
  initialEmail: string;
  onClose: () => void;
}

/** Sends a reset link that lands on /reset-password. */
export function ForgotPasswordDialog({ initialEmail, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [sandbox, setSandbox] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    configureAuth()
      .then((runtime) => setSandbox(runtime.stage === 'local'))
      .catch(() => setSandbox(false));
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = forgotPasswordForm.safeParse({ email });
    if (!result.success) {
      setError(messages.emailInvalid);
      return;
    }
    setStatus('sending');
    setError('');
    try {
      await sendResetLink(result.data.email);
      setStatus('sent');
    } catch {
      setError(messages.resetEmailFailed);
      setStatus('idle');
    }
  }

  return (
    <dialog ref={dialog} aria-labelledby="forgot-title" onClose={onClose}>
      <h2 id="forgot-title">Reset your password</h2>
      {status === 'sent' ? (
        <div className="form">
          <p className="alert alert-success" role="status">
            If an account exists for {email.trim()}, we have sent a link to reset your password. Check your email.
          </p>
          {sandbox && (
            <p className="field-hint">
              Sandbox: no email leaves this machine. Open the <a href="/_local/outbox">sandbox outbox</a> to find the link.
            </p>
          )}
          <button type="button" className="button button-primary" onClick={onClose}>
            Back to sign in
          </button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <TextInput
            label="Email"
            name="reset-email"
            type="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(value) => {
              setEmail(value);
              setError('');
            }}
          />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={status === 'sending'}>
              {status === 'sending' ? 'Please wait…' : 'Send reset link'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
