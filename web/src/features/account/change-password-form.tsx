import { useMutation } from '@tanstack/react-query';
import { accountMessages, changePasswordForm, type ChangePasswordForm as Fields } from '@functions/contracts/account';
import { fieldProps, useContractForm } from '../../lib/contract-form';
import { authErrorMessage, PasswordField } from '../auth';
import { changePassword } from './api';

const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password through the auth service, with the sign-up password rules checked first. */
export function ChangePasswordForm() {
  const form = useContractForm(changePasswordForm, EMPTY);
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: Fields) => changePassword(currentPassword, newPassword),
    onSuccess: () => form.reset(EMPTY),
    // Cognito says NotAuthorizedException when the current password is wrong: that field says so.
    onError: (error) => error.name === 'NotAuthorizedException' && form.setError('currentPassword', { message: accountMessages.currentPasswordWrong }),
  });
  const failed = change.isError && change.error.name !== 'NotAuthorizedException';
  const field = (name: keyof Fields) => {
    const props = fieldProps(form, name);
    return {
      ...props,
      onChange(value: string) {
        props.onChange(value);
        change.reset();
      },
    };
  };

  return (
    <form
      className="form account-form"
      noValidate
      onSubmit={(event) => {
        if (change.isPending) return event.preventDefault();
        change.reset();
        void form.handleSubmit((fields) => change.mutate(fields))(event);
      }}
      aria-busy={change.isPending}
    >
      <PasswordField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
      <PasswordField label="New password" autoComplete="new-password" {...field('newPassword')} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
      <div aria-live="polite">{change.isSuccess && <p className="alert alert-success">{accountMessages.passwordChanged}</p>}</div>
      {failed && (
        <div className="alert alert-error" role="alert">
          <p>{accountMessages.passwordChangeFailed}</p>
          {authErrorMessage(change.error, '') && <p>{authErrorMessage(change.error, '')}</p>}
        </div>
      )}
      <button type="submit" className="button button-primary" disabled={change.isPending}>
        {change.isPending ? 'Please wait…' : 'Change password'}
      </button>
    </form>
  );
}
