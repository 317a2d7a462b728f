import { SUPPORT_MESSAGES_PER_DAY, SUPPORT_TOPIC_LABELS, supportMessages, type SupportRequest } from '../contracts/support.js';
import { fixedWindow } from './ports/rate-limits.js';
import { supportRequestEmail } from './confirmations/messages.js';
import { DomainError } from './errors.js';
import type { Owner } from './owner.js';
import type { Ports } from './ports.js';
import { findOrCreateOwnerSalon, type SalonDeps } from './salon.js';

export type SupportDeps = SalonDeps & Pick<Ports, 'email' | 'rateLimits' | 'now'> & { config: { SUPPORT_EMAIL: string } };

const DAY = 24 * 60 * 60 * 1000;

/**
 * Support the site promises, reachable from inside the app: the owner's message goes to the
 * stage's support address with the salon's id and name (what support needs to find it), replying
 * to the owner's email. A day's cap keeps a stuck button from flooding support.
 */
export async function contactSupport(deps: SupportDeps, owner: Owner, request: SupportRequest): Promise<{ sent: true; message: string }> {
  const salon = await findOrCreateOwnerSalon(deps, owner);
  if (!(await deps.rateLimits.take({ kind: 'support-messages', salonId: salon.id }, fixedWindow(deps.now(), DAY), SUPPORT_MESSAGES_PER_DAY))) {
    throw new DomainError('too_many_requests', 'too_many_support_messages', supportMessages.tooMany);
  }
  const content = supportRequestEmail(salon, salon.ownerEmail, SUPPORT_TOPIC_LABELS[request.topic], request.message);
  await deps.email.send({
    salonId: salon.id,
    to: deps.config.SUPPORT_EMAIL,
    ...content,
    fromName: 'SalonDesk support form',
    ...(salon.ownerEmail ? { replyTo: salon.ownerEmail } : {}),
  });
  return { sent: true, message: supportMessages.sent };
}
