import { useState } from 'react';
import * as z from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { NAME_MAX_LENGTH, signInForm, signUpForm } from '@functions/contracts/auth';
import { fieldProps, useContractForm } from '../lib/contract-form';
import { PasswordField } from '../features/auth/password-field';
import { TextInput } from '../components/form-fields';
import { ForgotPasswordDialog } from '../features/auth/forgot-password-dialog';
import { authErrorMessage } from '../features/auth/auth-errors';
import { signInOwner, signUpOwner } from '../features/auth/session';
import '../features/auth/auth.css';

type Mode = 'sign-in' | 'sign-up';
/** Sign-in checks the email and the password (signInForm) and lets the sign-up fields be, whatever they hold. */
const signInFields = signInForm.extend({ name: z.string(), confirmPassword: z.string(), acceptTerms: z.boolean() });

export default function AuthPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'sign-up' : 'sign-in');
  const signingUp = mode === 'sign-up';
  // The form takes the mode's contract (react-hook-form reads its options again at every render).
  const form = useContractForm(signingUp ? signUpForm : signInFields, { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const errors = form.formState.errors;
  const acceptTerms = form.watch('acceptTerms');
  const enter = useMutation({
    mutationFn: async ({ signUp, email, password, name }: { signUp: boolean; email: string; password: string; name: string }) => {
      if (signUp) await signUpOwner(email, password, name);
      await signInOwner(email, password);
    },
    onSuccess: () => navigate('/dashboard', { replace: true }),
  });
  // Busy from the click until the dashboard has opened.
  const submitting = enter.isPending || enter.isSuccess;
  const formError = enter.isError ? authErrorMessage(enter.error) : '';
  const [forgotOpen, setForgotOpen] = useState(false);

  const switchMode = (next: Mode) => {
    setMode(next);
    form.clearErrors();
    enter.reset();
  };

  const submit = form.handleSubmit(() => {
    const { email, password, name } = form.getValues();
    enter.mutate({ signUp: signingUp, email: email.trim(), password, name: name.trim() });
  });

  return (
    <div className="auth-layout">
      <header className="auth-header">
        <Link to="/" className="auth-brand">
          SalonDesk
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/how-it-works">How it works</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main className="auth-main">
        <title>{signingUp ? 'Start your free trial · SalonDesk' : 'Sign in · SalonDesk'}</title>
        <meta name="description" content="Sign in to SalonDesk, or start your 14-day free trial of the AI receptionist for Irish hair salons." />
        <div className="card auth-card">
          <h1>{signingUp ? 'Start your free trial' : 'Welcome back'}</h1>
          <p className="auth-lead">{signingUp ? '14 days free, no credit card needed.' : 'Sign in to manage your AI receptionist.'}</p>
          <div className="auth-toggle" role="group" aria-label="Sign in or sign up">
            <button type="button" aria-pressed={!signingUp} onClick={() => switchMode('sign-in')}>
              Sign In
            </button>
            <button type="button" aria-pressed={signingUp} onClick={() => switchMode('sign-up')}>
              Sign Up
            </button>
          </div>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              if (submitting) return event.preventDefault();
              enter.reset();
              void submit(event);
            }}
            aria-busy={submitting}
          >
            {signingUp && <TextInput label="Your name" autoComplete="name" maxLength={NAME_MAX_LENGTH} {...fieldProps(form, 'name')} />}
            <TextInput label="Email" type="email" autoComplete="email" inputMode="email" {...fieldProps(form, 'email')} />
            <PasswordField label="Password" autoComplete={signingUp ? 'new-password' : 'current-password'} {...fieldProps(form, 'password')} />
            {signingUp && (
              <>
                <PasswordField label="Confirm password" autoComplete="new-password" {...fieldProps(form, 'confirmPassword')} />
                <div className="field">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="acceptTerms"
                      checked={acceptTerms}
                      aria-invalid={errors.acceptTerms ? true : undefined}
                      aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                      onChange={(event) => {
                        form.setValue('acceptTerms', event.target.checked);
                        form.clearErrors('acceptTerms');
                      }}
                    />
                    <span>
                      I agree to the{' '}
                      <a href="/terms" target="_blank" rel="noopener">
                        terms and conditions
                      </a>{' '}
                      and the{' '}
                      <a href="/privacy" target="_blank" rel="noopener">
                        privacy policy
                      </a>
                    </span>
                  </label>
                  {errors.acceptTerms && (
                    <p id="terms-error" className="field-error">
                      {errors.acceptTerms.message}
                    </p>
                  )}
                </div>
              </>
            )}
            {formError && (
              <p className="alert alert-error" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="button button-primary" disabled={submitting}>
              {submitting ? 'Please wait…' : signingUp ? 'Start Free Trial' : 'Sign In'}
            </button>
          </form>
          {!signingUp && (
            <button type="button" className="button-link auth-forgot" onClick={() => setForgotOpen(true)}>
              Forgot your password?
            </button>
          )}
        </div>
      </main>
      {forgotOpen && <ForgotPasswordDialog initialEmail={form.getValues('email')} onClose={() => setForgotOpen(false)} />}
    </div>
  );
}
