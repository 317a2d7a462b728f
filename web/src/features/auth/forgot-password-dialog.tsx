import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { forgotPasswordForm } from '@functions/contracts/auth';
import { messages } from '@functions/contracts/messages';
import { TextInput } from '../../components/form-fields';
import { fieldProps, useContractForm } from '../../lib/contract-form';
import { configureAuth, sendResetLink } from './session';

interface Props {
  initialEmail: string;
  onClose: () => void;
}

/** Sends a reset link that lands on /reset-password. */
export function ForgotPasswordDialog({ initialEmail, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useContractForm(forgotPasswordForm, { email: initialEmail });
  const email = fieldProps(form, 'email');
  const send = useMutation({ mutationFn: sendResetLink });
  const error = email.error ?? (send.isError ? messages.resetEmailFailed : '');
  const [sandbox, setSandbox] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    configureAuth()
      .then((runtime) => setSandbox(runtime.stage === 'local'))
      .catch(() => setSandbox(false));
  }, []);

  const submit = form.handleSubmit((checked) => send.mutate(checked.email));

  return (
    <dialog ref={dialog} aria-labelledby="forgot-title" onClose={onClose}>
      <h2 id="forgot-title">Reset your password</h2>
      {send.isSuccess ? (
        <div className="form">
          <p className="alert alert-success" role="status">
            If an account exists for {email.value.trim()}, we have sent a link to reset your password. Check your email.
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
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <TextInput
            label="Email"
            name="reset-email"
            type="email"
            autoComplete="email"
            value={email.value}
            error={error}
            onChange={(value) => {
              email.onChange(value);
              send.reset();
            }}
          />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              {send.isPending ? 'Please wait…' : 'Send reset link'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
