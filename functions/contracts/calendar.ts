import * as z from 'zod';

/**
 * The query strings of the calendar connection's browser pages. Only each value's size is checked
 * here: whether a state, code or challenge is right is the connection's business, which answers
 * a wrong one its own way (the callback sends the owner back to the wizard).
 */
const capped = (name: string, max: number) => z.string().max(max, `${name} is too long`).optional();

/** Where the owner started connecting, so the callback takes them back there (the wizard when absent). */
export const CALENDAR_RETURN_PAGES = ['setup-wizard', 'settings'] as const;
export type CalendarReturnPage = (typeof CALENDAR_RETURN_PAGES)[number];
export const oauthStartQuery = z.strictObject({ from: z.enum(CALENDAR_RETURN_PAGES).optional() });

/** Where Google sends the owner back: `?code&state` (with `scope`, `authuser`, `hd`, `prompt`, `iss`) or `?error&state`. */
export const oauthCallbackQuery = z.strictObject({
  code: capped('code', 512),
  state: capped('state', 128),
  error: capped('error', 128),
  error_description: capped('error_description', 1024),
  error_uri: capped('error_uri', 1024),
  error_subtype: capped('error_subtype', 128),
  scope: capped('scope', 2048),
  authuser: capped('authuser', 16),
  hd: capped('hd', 253),
  prompt: capped('prompt', 128),
  iss: capped('iss', 256),
});

/** The local sandbox's stand-in for Google's consent screen, linked to as Google's would be. */
export const sandboxConsentQuery = z.strictObject({
  state: capped('state', 128),
  redirect_uri: capped('redirect_uri', 2048),
  code_challenge: capped('code_challenge', 128),
  code_challenge_method: capped('code_challenge_method', 16),
  scope: capped('scope', 2048),
});
