import type { PreSignUpTriggerEvent } from 'aws-lambda';

/** Sign-up signs straight in (spec: after sign-up the login handler is called with the email). */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
}
