/**
 * Texts callers send the salon (functions/core/replies/): who said STOP, and what the salon's
 * last text to a number is waiting for an answer to. A question is under the salon, keyed by the
 * caller's phone hash; a STOP is kept by the scope Twilio blocks (`scope`: the Messaging Service
 * or the sending number, functions/providers/twilio-opt-out.ts), so it covers every salon that
 * texts through it, as Twilio's block does.
 */
export type PendingReply = { kind: 'cancel'; bookingId: string; askedAt: string } | { kind: 'offer'; offerId: string; askedAt: string };

/** A question as it stands: `answeredAt` once a reply took it (kept until it expires, so a repeated answer is known as one). */
export type AskedQuestion = PendingReply & { answeredAt: string | null };

export interface SmsReplyStore {
  optOut(scope: string, phone: string, at: string): Promise<void>;
  optIn(scope: string, phone: string): Promise<void>;
  isOptedOut(scope: string, phone: string): Promise<boolean>;
  /** Remembers the question the salon's text asked (a later one replaces it); gone after `expiresAt`. */
  ask(salonId: string, phoneHash: string, pending: PendingReply, expiresAt: Date): Promise<void>;
  /** The question the salon's last text asked, answered or not, until it expires; null when never asked or stale. */
  pending(salonId: string, phoneHash: string, now: Date): Promise<AskedQuestion | null>;
  /** Takes the question for one reply: true for the first reply only (of several at once, or one after another). */
  answer(salonId: string, phoneHash: string, at: Date): Promise<boolean>;
  /** Remembers the booking the salon's latest text to the number was about (a later one replaces it). */
  noteSubject(salonId: string, phoneHash: string, bookingId: string, at: Date): Promise<void>;
  /** The booking the salon's latest text about a booking named, or null. */
  subject(salonId: string, phoneHash: string): Promise<string | null>;
  /** Takes a received text (Twilio's MessageSid) to act on: false when it was taken before (a replayed webhook). */
  receive(messageSid: string, at: Date): Promise<boolean>;
  /** Gives a received text back, when acting on it failed, so a redelivery can. */
  unreceive(messageSid: string): Promise<void>;
}
