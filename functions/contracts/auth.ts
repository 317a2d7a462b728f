import * as z from 'zod';
import { messages } from './messages.js';

/** The auth forms' rules, shared by the browser and any server that checks them. */
export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z.string().trim().min(1, messages.emailRequired).regex(EMAIL_PATTERN, messages.emailInvalid);

const password = z.string().min(1, messages.passwordRequired).min(PASSWORD_MIN_LENGTH, messages.passwordTooShort);

export const signInForm = z.object({ email, password });

/** Cognito's standard `name` attribute (OpenID Connect's full name): the dashboard greets her by its first word. */
export const NAME_MAX_LENGTH = 80;
export const ownerName = z.string().trim().min(1, messages.nameRequired).max(NAME_MAX_LENGTH, messages.nameTooLong);

export const signUpForm = z
  .object({
    name: ownerName,
    email,
    password,
    confirmPassword: z.string().min(1, messages.confirmRequired),
    acceptTerms: z.boolean().refine((accepted) => accepted, messages.termsRequired),
  })
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

export const forgotPasswordForm = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, messages.emailInvalid),
});

export const resetPasswordForm = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, messages.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordsDoNotMatch,
  });

/** How the dashboard greets her: the first word of the name she gave, else the part of her email before the @ (the spec's greeting, for accounts made before the name was asked). */
export function greetingName(owner: { name?: string | null; email: string }): string {
  return owner.name?.trim().split(/\s+/)[0] || owner.email.split('@')[0] || 'there';
}

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** First message per field, the way the forms show them. */
export function fieldErrors<T>(result: z.ZodSafeParseResult<T>): FieldErrors<T> {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<T>;
}
