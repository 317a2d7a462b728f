/**
 * The email port: confirmations with calendar invites to callers, notices to owners. Two adapters
 * implement it: `ses-email.ts` (SES v2, raw MIME so attachments go along) and `sandbox-email.ts`
 * (the outbox in the single table, listed on the local outbox page).
 */
export type EmailProviderName = 'ses' | 'sandbox';

export interface EmailAttachment {
  filename: string;
  /** e.g. `text/calendar; method=REQUEST` */
  contentType: string;
  /** Text content (UTF-8). */
  content: string;
}

export interface EmailMessage {
  /** The salon the message is sent for (the sandbox keeps its outbox under it). */
  salonId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[];
  /** Display name shown with the configured from address, e.g. the salon's name. */
  fromName?: string;
  /** Where a reply goes (the salon's owner for callers' emails). */
  replyTo?: string;
}

/** As SmsError: `rejected` will not succeed on retry, `unavailable` may. No address or body in the message. */
export class EmailError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmailError';
  }
}

export interface EmailPort {
  provider(): Promise<EmailProviderName>;
  /** Answers the provider's message id. */
  send(message: EmailMessage): Promise<{ id: string }>;
}

/** A plain address (no display name), as the product collects them. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/.test(value);
}
