import type { ForwardingCodes } from './forwarding.js';
import type { Readiness } from './go-live.js';
import type { ForwardWhen } from './setup.js';

/** `GET /api/salon`: the owner's salon and whether calls reach the receptionist (dashboard, test page, account deletion). */
export interface SalonAnswer {
  id: string;
  owner_id: string;
  name: string;
  phone: string | null;
  assigned_number: string | null;
  /** The receptionist's number as people write it; null until it has one. */
  assigned_number_display: string | null;
  live: boolean;
  readiness: Readiness;
  /** The salon's own line forwards to the receptionist (setup's "Forward my existing number"); null otherwise. */
  forwarding: ForwardingStatus | null;
  /** Numbers we dialled for the salon that sent the call straight back (never dialled again), as people write them. */
  looping_numbers_display: string[];
  /** Where the salon reaches us. */
  support_email: string;
}

export interface ForwardingStatus {
  line_display: string;
  when: ForwardWhen;
  /** The codes to dial on the salon's phone; null until the receptionist has its number. */
  codes: ForwardingCodes | null;
  /** The owner started checking the forwarding: the next call to reach us ticks it. */
  check_started_at: string | null;
  /** A call reached the receptionist through the salon's line (or while the owner checked). */
  seen_at: string | null;
  seen_from_display: string | null;
  /** The carrier said the call came through the salon's line. */
  via_carrier: boolean;
}
