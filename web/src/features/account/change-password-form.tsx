import { useState, type FormEvent } from 'react';
import { accountMessages, changePasswordForm, type ChangePasswordForm as Fields } from '@functions/contracts/account';
import { fieldErrors, type FieldErrors } from '@functions/contracts/auth';
import { authErrorMessage, PasswordField } from '../auth';
import { changePassword } from './api';

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

type Outcome = { kind: 'none' } | { kind: 'changed' } | { kind: 'failed'; detail: string };

/** Change password through the auth service, with the sign-up password rules checked first. */
export function ChangePasswordForm() {
  const [form, setForm] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const update = (field: keyof Fields, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setOutcome({ kind: 'none' });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const result = changePasswordForm.safeParse(form);
    if (!result.success) {
      setErrors(fieldErrors(result));
      return;
    }
    setSaving(true);
    setOutcome({ kind: 'none' });
    try {
      await changePassword(form.currentPassword, form.newPassword);
      setForm(EMPTY);
      setOutcome({ kind: 'changed' });
    } catch (error) {
      // Cognito says NotAuthorizedException when the current password is wrong.
      if ((error as Error)?.name === 'NotAuthorizedException') setErrors({ currentPassword: accountMessages.currentPasswordWrong });
      else setOutcome({ kind: 'failed', detail: authErrorMessage(error, '') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-busy={saving}>
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={form.currentPassword}
        error={errors.currentPassword}
        onChange={(value) => update('currentPassword', value)}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={form.newPassword}
        error={errors.newPassword}
        onChange={(value) => update('newPassword', value)}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={errors.confirmPassword}
        onChange={(value) => update('confirmPassword', value)}
      />
      <div aria-live="polite">{outcome.kind === 'changed' && <p className="alert alert-success">{accountMessages.passwordChanged}</p>}</div>
      {outcome.kind === 'failed' && (
        <div className="alert alert-error" role="alert">
          <p>{accountMessages.passwordChangeFailed}</p>
          {outcome.detail && <p>{outcome.detail}</p>}
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={saving}>
        {saving ? 'Please wait…' : 'Change password'}
      </button>
    </form>
  );
}
