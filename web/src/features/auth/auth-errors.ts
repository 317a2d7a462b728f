import { messages } from '@functions/contracts/messages';

/** The auth service's own message where it has one, else the fallback. */
export function authErrorMessage(error: unknown, fallback: string = messages.somethingWentWrong): string {
  const message = (error as { message?: unknown })?.message;
  if (typeof message === 'string' && message.trim() && !/^(undefined|null)$/i.test(message)) return message;
  return fallback;
}
