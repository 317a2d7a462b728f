export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** Text attachments only (the calendar invite). */
  content: string;
}

export interface OutboxEntry {
  id: string;
  salonId: string;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  /** The SMS text, or the email's plain-text part. */
  body: string;
  /** The email's HTML part. */
  html?: string;
  attachments: OutboxAttachment[];
  sentAt: string;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'id' | 'sentAt'>;

export interface OutboxStore {
  add(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /** Every salon's entries, newest first. */
  listRecent(limit?: number): Promise<OutboxEntry[]>;
  /** Every salon's entries sent at or after `since` (an ISO instant), oldest first, however many. */
  listSince(since: string): Promise<OutboxEntry[]>;
  /** One salon's entries, newest first (what it sent is not lost among every other salon's). */
  listForSalon(salonId: string, limit?: number): Promise<OutboxEntry[]>;
}
