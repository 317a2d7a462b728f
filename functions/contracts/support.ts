import * as z from 'zod';

/**
 * The in-app support form (`POST /api/support`): what the owner writes, sent with the salon's id
 * and the owner's email to the stage's support address. The same messages for the form and the server.
 */
/** The brand's support inbox, as the public pages print it before the stage's own (config.json) is known. */
export const DEFAULT_SUPPORT_EMAIL = 'support@salondesk.ie';

export const SUPPORT_TOPICS = ['number', 'forwarding', 'billing', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  number: "My receptionist's number",
  forwarding: "Forwarding my salon's line",
  billing: 'Billing and plans',
  other: 'Something else',
};

export const SUPPORT_MESSAGE_MAX = 2000;
/** Messages one salon can send support in a day through the form (email works beyond it). */
export const SUPPORT_MESSAGES_PER_DAY = 10;

export const supportMessages = {
  messageRequired: 'Please tell us what you need help with',
  messageTooLong: `Please keep your message under ${SUPPORT_MESSAGE_MAX} characters`,
  sent: "Thanks: your message is with our support team. We'll reply to your email, usually within a working day.",
  failed: 'Your message could not be sent just now. Please try again, or email us.',
  tooMany: "You've sent us a lot of messages today: please email us instead and we'll pick them all up.",
} as const;

export const supportRequest = z.strictObject({
  topic: z.enum(SUPPORT_TOPICS, { error: 'Please choose what your message is about' }),
  message: z
    .string({ error: supportMessages.messageRequired })
    .trim()
    .min(1, supportMessages.messageRequired)
    .max(SUPPORT_MESSAGE_MAX, supportMessages.messageTooLong),
});
export type SupportRequest = z.infer<typeof supportRequest>;
