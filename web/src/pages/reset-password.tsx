import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { resetPasswordForm } from '@functions/contracts/auth';
import { fieldProps, useContractForm } from '../lib/contract-form';
import { messages } from '@functions/contracts/messages';
import { PasswordField } from '../features/auth/password-field';
import { confirmNewPassword, signInOwner } from '../features/auth/session';
import '../features/auth/auth.css';

export const RESET_REDIRECT_MS = 2000;

const LINK_PROBLEMS = /CodeMismatch|ExpiredCode|UserNotFound|LimitExceeded|Invalid code|expired/i;

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const form = useContractForm(resetPasswordForm, { password: '', confirmPassword: '' });
  const [linkInvalid, setLinkInvalid] = useState(!email || !/^\d{4,10}$/.test(code));
  const reset = useMutation({
    mutationFn: async (password: string) => {
      await confirmNewPassword(email, code, password);
      // The new password is saved; if signing in fails the dashboard guard sends them to sign in.
      await signInOwner(email, password).catch(() => undefined);
    },
    onError: (error) => LINK_PROBLEMS.test(`${error.name} ${error.message}`) && setLinkInvalid(true),
  });
  const status = reset.isPending ? 'saving' : reset.isSuccess ? 'done' : 'idle';
  const formError = reset.isError && !LINK_PROBLEMS.test(`${reset.error.name} ${reset.error.message}`) ? messages.resetFailed : '';

  useEffect(() => {
    if (status !== 'done') return;
    const timer = setTimeout(() => void navigate('/dashboard', { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const submit = form.handleSubmit(() => reset.mutate(form.getValues('password')));

  return (
    <div className="auth-layout">
      <main className="auth-main">
        <title>Choose a new password · SalonDesk</title>
        <div className="card auth-card">
          <h1>Choose a new password</h1>
          {linkInvalid ? (
            <p className="alert alert-error" role="alert">
              {messages.invalidResetLink}
            </p>
          ) : status === 'done' ? (
            <p className="alert alert-success" role="status">
              Your password has been updated. Taking you to your dashboard…
            </p>
          ) : (
            <form
              className="form"
              noValidate
              onSubmit={(event) => {
                reset.reset();
                void submit(event);
              }}
              aria-busy={status === 'saving'}
            >
              <p className="auth-lead">For {email}</p>
              <PasswordField label="New password" autoComplete="new-password" {...fieldProps(form, 'password')} />
              <PasswordField label="Confirm new password" autoComplete="new-password" {...fieldProps(form, 'confirmPassword')} />
              {formError && (
                <p className="alert alert-error" role="alert">
                  {formError}
                </p>
              )}
              <button type="submit" className="button button-primary" disabled={status === 'saving'}>
                {status === 'saving' ? 'Please wait…' : 'Update password'}
              </button>
            </form>
          )}
          <p>
            <Link to="/auth">Back to sign in</Link>
          </p>
        </div>
      </main>
    </div>
  );
}
