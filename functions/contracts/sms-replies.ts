import * as z from 'zod';

/** What the SMS webhook reads from Twilio's form parameters (everything else is ignored). */
export const smsWebhookParams = z.looseObject({
  MessageSid: z.string().min(1),
  From: z.string().regex(/^\+[1-9]\d{6,14}$/),
  To: z.string().min(1),
  Body: z.string().max(1600).default(''),
});

export const smsWebhookQuery = z.strictObject({});
