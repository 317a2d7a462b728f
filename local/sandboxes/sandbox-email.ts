import type { OutboxStore } from '../../functions/core/ports/outbox-store.js';
import { EmailError, isEmailAddress, type EmailPort } from '../../functions/core/ports/email.js';

/**
 * Sandbox: the email provider when SES is not configured. Nothing is sent: the email, its HTML
 * and its attachments (the calendar invite, as text) go to the outbox the local page lists.
 */
export function createSandboxEmail(outbox: OutboxStore): EmailPort {
  return {
    provider: async () => 'sandbox',
    async send(message) {
      if (!isEmailAddress(message.to)) throw new EmailError('rejected', 'Sandbox email refused: the recipient is not an email address', 400);
      const stored = await outbox.add({
        salonId: message.salonId,
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
        attachments: message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      });
      return { id: `sandbox-email-${stored.id}` };
    },
  };
}
