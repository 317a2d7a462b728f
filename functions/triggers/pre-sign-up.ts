import type { PreSignUpTriggerEvent } from 'aws-lambda';

/** Sign-up signs straight in: the owner is confirmed at once, with no confirmation email to wait for. */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
}
