export interface DeliveryKey {
  salonId: string;
  eventType: string;
  /** What the message is about: a booking, or a period's usage threshold. */
  subjectId: string;
  channel: string;
}

export interface Claim {
  key: DeliveryKey;
  /** Identifies this holder: only it may release or complete the claim. */
  token: string;
}

export interface DeliveryClaims {
  /** The claim, or null when another delivery holds it or already sent the message. */
  claim(key: DeliveryKey, now: Date): Promise<Claim | null>;
  markSent(claim: Claim, messageId: string, now: Date): Promise<void>;
  release(claim: Claim): Promise<void>;
  /** Whether the message was sent (its claim marked sent): what a delivery that could not claim asks before it lets go of its work. */
  wasSent(key: DeliveryKey): Promise<boolean>;
}
