import { createHash } from 'node:crypto';
import { createEvent } from 'ics';
import type { Appointment } from '../../contracts/appointments.js';

/** The salon as its messages and invites name it. */
export interface SalonContact {
  name: string;
  /** As people write it (contracts/phone.ts, displayPhone), or null when the salon has no number yet. */
  phone: string | null;
  /** One line, or null. */
  address: string | null;
}

/**
 * The calendar invite sent with a caller's confirmation (iCalendar, RFC 5545/5546): METHOD:REQUEST
 * when booked, METHOD:CANCEL with the same UID (and a higher SEQUENCE) when cancelled, so the
 * caller's calendar adds the event and later removes that same event. Times are UTC instants.
 */
export type InviteKind = 'confirmed' | 'cancelled';

/** Stable per booking: derived from the booking id, never from anything that can change. */
export function inviteUid(bookingId: string): string {
  return `booking-${createHash('sha256').update(bookingId).digest('hex').slice(0, 32)}@salondesk`;
}

export const INVITE_FILENAME = 'invite.ics';

export function inviteContentType(kind: InviteKind): string {
  return `text/calendar; method=${kind === 'confirmed' ? 'REQUEST' : 'CANCEL'}`;
}

export function buildInvite(
  kind: InviteKind,
  appointment: Appointment,
  salon: SalonContact,
  /** The address the invite comes from (the organiser). */
  organizerEmail: string,
): string {
  const result = createEvent({
    uid: inviteUid(appointment.id),
    method: kind === 'confirmed' ? 'REQUEST' : 'CANCEL',
    status: kind === 'confirmed' ? 'CONFIRMED' : 'CANCELLED',
    // The cancellation supersedes the request (RFC 5546: a higher sequence wins).
    sequence: kind === 'confirmed' ? 0 : 1,
    start: Date.parse(appointment.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(appointment.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${appointment.service.name} at ${salon.name}`,
    description: [
      `${appointment.service.name}${appointment.stylistName.trim() ? ` with ${appointment.stylistName.trim()}` : ''} at ${salon.name}.`,
      salon.phone ? `To change or cancel, call ${salon.phone}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    ...(salon.address ? { location: salon.address } : {}),
    organizer: { name: salon.name, email: organizerEmail },
    ...(appointment.callerEmail
      ? {
          attendees: [
            { name: appointment.callerName, email: appointment.callerEmail, rsvp: false, partstat: 'ACCEPTED' as const, role: 'REQ-PARTICIPANT' as const },
          ],
        }
      : {}),
    productId: 'salondesk/bookings',
    busyStatus: kind === 'confirmed' ? 'BUSY' : 'FREE',
  });
  if (result.error || !result.value) throw new Error(`The calendar invite could not be built: ${result.error?.name ?? 'no output'}`);
  return result.value;
}
