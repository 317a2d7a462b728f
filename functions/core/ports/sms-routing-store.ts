/**
 * Every salon's texts come from the platform's sender (docs/reminders.md), so a caller's reply says
 * which number it was sent to but not which salon it is for: these items, under a hash of the
 * caller's number, say which salons texted it lately and keep a "which salon?" asked back
 * (functions/core/replies/route-text.ts).
 */
export interface WhichSalonQuestion {
  /** The text that could not be placed, answered once the caller says which salon. */
  body: string;
  /** The salons offered, in the order the question numbers them. */
  salonIds: string[];
}

export interface SmsRoutingStore {
  /** The salon texted this number now (a later text refreshes it); forgotten after 30 days. */
  noteTexted(phone: string, salonId: string, at: Date): Promise<void>;
  /** The salons that texted this number since `since`, newest first. */
  textedBy(phone: string, since: Date): Promise<{ salonId: string; at: string }[]>;
  /** Asks the caller which salon a text was for (a later question replaces it), until `expiresAt`. */
  askWhich(phone: string, question: WhichSalonQuestion, expiresAt: Date): Promise<void>;
  /** The open question, if any. */
  which(phone: string, now: Date): Promise<WhichSalonQuestion | null>;
  /** Takes the question for one answer: null when it is gone (answered already, or never asked). */
  takeWhich(phone: string, now: Date): Promise<WhichSalonQuestion | null>;
}

/** A reply comes within days of the text it answers; a salon that texted longer ago is not who a reply is for. */
export const TEXTED_WITHIN_DAYS = 30;
