/** The auth and account forms' validation and error messages: one copy for the browser and the server. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please accept the terms and conditions',
  invalidResetLink: 'Invalid or expired reset link. Please request a new one.',
  somethingWentWrong: 'Something went wrong',
  resetEmailFailed: 'Failed to send reset email',
  resetFailed: 'Failed to reset password',
  signInAgain: 'Please sign in again to manage settings',
  deletePasswordRequired: 'Please enter your password to delete your account',
  deletePasswordWrong: 'Incorrect password. Your account has not been deleted.',
  deleteFailed: 'Failed to delete account',
} as const;
