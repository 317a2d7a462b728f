import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { NAME_MAX_LENGTH, fieldErrors, signInForm, signUpForm, type FieldErrors } from '@functions/contracts/auth';
import { PasswordField } from '../features/auth/password-field';
import { TextInput } from '../components/form-fields';
import { ForgotPasswordDialog } from '../features/auth/forgot-password-dialog';
import { authErrorMessage } from '../features/auth/auth-errors';
import { signInOwner, signUpOwner } from '../features/auth/session';
import '../features/auth/auth.css';

type Mode = 'sign-in' | 'sign-up';
type SignUpFields = { name: string; email: string; password: string; confirmPassword: string; acceptTerms: boolean };

export default function AuthPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'sign-up' : 'sign-in');
  const [form, setForm] = useState<SignUpFields>({ name: '', email: '', password: '', confirmPassword: '', acceptTerms: false });
  const [errors, setErrors] = useState<FieldErrors<SignUpFields>>({});
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

  const update = <K extends keyof SignUpFields>(field: K, value: SignUpFields[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    enter.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    enter.reset();
    const result = mode === 'sign-up' ? signUpForm.safeParse(form) : signInForm.safeParse(form);
    if (!result.success) {
      setErrors(fieldErrors(result as never));
      return;
    }
    enter.mutate({ signUp: mode === 'sign-up', email: form.email.trim(), password: form.password, name: form.name.trim() });
  }

  const signingUp = mode === 'sign-up';
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
          <form className="form" noValidate onSubmit={submit} aria-busy={submitting}>
            {signingUp && (
              <TextInput
                label="Your name"
                name="name"
                autoComplete="name"
                maxLength={NAME_MAX_LENGTH}
                value={form.name}
                error={errors.name}
                onChange={(value) => update('name', value)}
              />
            )}
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={form.email}
              error={errors.email}
              onChange={(value) => update('email', value)}
            />
            <PasswordField
              label="Password"
              name="password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              value={form.password}
              error={errors.password}
              onChange={(value) => update('password', value)}
            />
            {signingUp && (
              <>
                <PasswordField
                  label="Confirm password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  error={errors.confirmPassword}
                  onChange={(value) => update('confirmPassword', value)}
                />
                <div className="field">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      name="acceptTerms"
                      checked={form.acceptTerms}
                      aria-invalid={errors.acceptTerms ? true : undefined}
                      aria-describedby={errors.acceptTerms ? 'terms-error' : undefined}
                      onChange={(event) => update('acceptTerms', event.target.checked)}
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
                      {errors.acceptTerms}
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
      {forgotOpen && <ForgotPasswordDialog initialEmail={form.email} onClose={() => setForgotOpen(false)} />}
    </div>
  );
}
