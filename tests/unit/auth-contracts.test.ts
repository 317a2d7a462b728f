import { describe, expect, it } from 'vitest';
import { fieldErrors, forgotPasswordForm, resetPasswordForm, signInForm, signUpForm } from '../../functions/contracts/auth.js';

describe('auth form rules', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'Email is required', password: 'Password is required' },
    ],
    [
      { email: 'a@b', password: 'short' },
      { email: 'Please enter a valid email address', password: 'Password must be at least 8 characters' },
    ],
    [{ email: '  niamh@salon.ie ', password: '12345678' }, {}],
  ])('sign-in %j', (form, expected) => {
    expect(fieldErrors(signInForm.safeParse(form))).toEqual(expected);
  });

  it('sign-up needs a confirmation, a match and the terms', () => {
    const base = { name: 'Niamh', email: 'niamh@salon.ie', password: 'long-enough', confirmPassword: '', acceptTerms: false };
    expect(fieldErrors(signUpForm.safeParse(base))).toEqual({
      confirmPassword: 'Please confirm your password',
      acceptTerms: 'Please accept the terms and conditions',
    });
    expect(fieldErrors(signUpForm.safeParse({ ...base, confirmPassword: 'different', acceptTerms: true }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(signUpForm.safeParse({ ...base, confirmPassword: 'long-enough', acceptTerms: true }).success).toBe(true);
  });

  it('forgot password wants a valid email', () => {
    expect(fieldErrors(forgotPasswordForm.safeParse({ email: 'nope' }))).toEqual({ email: 'Please enter a valid email address' });
    expect(forgotPasswordForm.safeParse({ email: 'a@b.ie' }).success).toBe(true);
  });

  it('reset password wants 8 characters and a match', () => {
    expect(fieldErrors(resetPasswordForm.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(fieldErrors(resetPasswordForm.safeParse({ password: 'long-enough', confirmPassword: 'other-one' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});
