import { z } from 'zod';
import { messages } from './messages.js';

/** Cognito's longest password: a longer one cannot be right, and Cognito would refuse it as a bad parameter, not a wrong password. */
const PASSWORD_MAX_LENGTH = 256;

export const deleteAccountRequest = z.strictObject({
  password: z
    .string({ error: messages.deletePasswordRequired })
    .max(PASSWORD_MAX_LENGTH, messages.deletePasswordWrong)
    .refine((value) => value.trim().length > 0, messages.deletePasswordRequired),
});

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
