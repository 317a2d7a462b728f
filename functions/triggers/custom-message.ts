import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { tracedHandler } from '../observability/traced-handler.js';

const settings = z.object({ SITE_URL: z.url() });

/**
 * Cognito sends a code for a forgotten password; owners get a link instead, to /reset-password
 * on the site, carrying the code (Cognito substitutes its {####} placeholder) and the email.
 */
export const handler = tracedHandler(async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return event;
  const { SITE_URL } = settings.parse(process.env);
  const email = event.request.userAttributes.email ?? '';
  const link = `${SITE_URL.replace(/\/$/, '')}/reset-password?email=${encodeURIComponent(email)}&code=${event.request.codeParameter}`;
  event.response.emailSubject = 'Reset your SalonDesk password';
  event.response.emailMessage = [
    '<p>Hello,</p>',
    '<p>We received a request to reset the password for your SalonDesk account.</p>',
    `<p><a href="${link}">Choose a new password</a></p>`,
    '<p>If you did not ask for this, you can ignore this email: your password stays the same.</p>',
  ].join('\n');
  return event;
});
