import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { deps } from '../composition-root.js';
import { keepOwnerEmail } from '../core/owner-email.js';
import { tracedHandler } from '../observability/traced-handler.js';

/** After each sign-in: the salon's profile keeps the owner's current login email (core/owner-email.ts). */
export const handler = tracedHandler(async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
  const { sub, email } = event.request.userAttributes;
  await keepOwnerEmail(deps, sub, email);
  return event;
});
