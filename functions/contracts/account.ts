import { z } from 'zod';
import { messages } from './messages.js';

export const deleteAccountRequest = z.strictObject({
  password: z.string({ error: messages.deletePasswordRequired }).refine((value) => value.trim().length > 0, messages.deletePasswordRequired),
});

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
