import { parseEventDetail, type EventDetail } from '../../contracts/events.js';
import type { Salon } from '../salon-profile.js';
import type { SalonStore } from '../ports/salon-store.js';
import { displayPhone } from '../../contracts/phone.js';
import { addressLine } from './format.js';
import type { BookingKind } from './messages.js';
import type { SalonContact } from './invite.js';

export type BookingEventType = 'booking.confirmed' | 'booking.cancelled';

export interface BookingEvent {
  type: BookingEventType;
  kind: BookingKind;
  detail: EventDetail<BookingEventType>;
}

/** A booking event as a consumer receives it, checked against the catalogue; anything else throws. */
export function parseBookingEvent(event: { 'detail-type': string; detail: unknown }): BookingEvent {
  const type = event['detail-type'];
  if (type !== 'booking.confirmed' && type !== 'booking.cancelled') throw new Error(`Not a booking event: ${type}`);
  return { type, kind: type === 'booking.confirmed' ? 'confirmed' : 'cancelled', detail: parseEventDetail(type, event.detail) };
}

/**
 * The salon store as one delivery sees it: each salon read at most once, however many times the
 * consumer asks (a test booking's text reads the profile for the owner's mobile as well as for
 * the salon's contact).
 */
export function readingOnce(salons: Pick<SalonStore, 'get'>): Pick<SalonStore, 'get'> {
  const read = new Map<string, Promise<Salon | null>>();
  return {
    get(salonId) {
      if (!read.has(salonId)) read.set(salonId, salons.get(salonId));
      return read.get(salonId)!;
    },
  };
}

/**
 * What the messages say about the salon: the name the event carries, the number callers should
 * ring (the salon's own, else the receptionist's) and the address. Null when the salon is gone.
 */
export async function salonContact(salons: Pick<SalonStore, 'get'>, salonId: string, salonName: string): Promise<SalonContact | null> {
  const salon = await salons.get(salonId);
  if (!salon) return null;
  const phone = salon.phone ?? salon.assignedNumber;
  return { name: salonName.trim() || salon.name, phone: phone ? displayPhone(phone) : null, address: addressLine(salon.business) };
}

/** Nobody needs a message about an appointment that is already over. */
export function isOver(detail: BookingEvent['detail'], now: Date): boolean {
  return Date.parse(detail.appointment.end) <= now.getTime();
}
