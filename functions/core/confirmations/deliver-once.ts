import type { DeliveryClaims, DeliveryKey } from '../ports/delivery-claims.js';

export type DeliveryOutcome = { sent: true; messageId: string } | { sent: false };

/**
 * Sends one message at most once per event (RELIABILITY 21): claim, send, mark sent. Another
 * delivery of the same event finds the claim and sends nothing. A failed send releases the claim
 * and rethrows, so the bus retries (and finally dead-letters) with nothing half-done.
 */
export async function deliverOnce(
  deps: { claims: DeliveryClaims; now: () => Date },
  key: DeliveryKey,
  send: () => Promise<{ id: string }>,
): Promise<DeliveryOutcome> {
  const claim = await deps.claims.claim(key, deps.now());
  if (!claim) return { sent: false };
  let messageId: string;
  try {
    ({ id: messageId } = await send());
  } catch (error) {
    try {
      await deps.claims.release(claim);
    } catch {
      // The claim goes stale and a later delivery takes it over; the send error is what matters.
    }
    throw error;
  }
  try {
    await deps.claims.markSent(claim, messageId, deps.now());
  } catch {
    // Sent is sent: failing here would make the bus deliver again, and a stale claim could send twice.
  }
  return { sent: true, messageId };
}
