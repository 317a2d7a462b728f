import type { Readiness } from '../contracts/go-live.js';
import type { SalonAnswer } from '../contracts/salon.js';
import { forwardingCodes } from '../contracts/forwarding.js';
import { displayPhone } from '../contracts/phone.js';
import type { Salon } from './salon-profile.js';
import type { StoredSetup } from './ports/setup-store.js';

/**
 * `GET /api/salon`'s answer: the salon, whether calls reach the receptionist, its number, and
 * what the going-live checklist needs (the codes that forward the salon's line, and whether a
 * call has shown the forwarding working). Numbers are shown the Irish way.
 */
export function salonStatus(salon: Salon, setup: StoredSetup, readiness: Readiness, supportEmail: string): SalonAnswer {
  const number = salon.assignedNumber;
  const forwarded = setup.phoneOption === 'forward' && setup.forwardNumber;
  const check = salon.forwarding;
  return {
    id: salon.id,
    owner_id: salon.ownerId,
    name: salon.name,
    phone: salon.phone,
    assigned_number: number,
    assigned_number_display: number ? displayPhone(number) : null,
    live: readiness.live,
    readiness,
    forwarding: forwarded
      ? {
          line_display: displayPhone(setup.forwardNumber),
          when: setup.forwardWhen,
          codes: number ? forwardingCodes(number) : null,
          check_started_at: check?.checkStartedAt ?? null,
          seen_at: check?.seenAt ?? null,
          seen_from_display: check?.seenFrom ? displayPhone(check.seenFrom) : null,
          via_carrier: check?.forwardedFrom ?? false,
        }
      : null,
    looping_numbers_display: (salon.loopingNumbers ?? []).map(displayPhone),
    support_email: supportEmail,
  };
}
