import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { tracedHandler } from '../observability/traced-handler.js';

/** Sign-up signs straight in: the owner is confirmed at once, with no confirmation email to wait for. */
export const handler = tracedHandler(async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
});
