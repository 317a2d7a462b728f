import type { Appointment } from '../../../functions/contracts/appointments.js';
import type { SalonContact } from '../../../functions/core/confirmations/invite.js';

/** A Saturday afternoon cut with Aoife, booked by the phone agent (Irish winter time: UTC+0). */
export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'bk_01HZX3Q8Y5',
    salonId: 'sal_test',
    stylistId: 'sty_aoife',
    stylistName: 'Aoife',
    service: { id: 'svc_cut', name: 'Cut and blow-dry', durationMinutes: 45, priceCents: 4500, priceMinCents: null, priceMaxCents: null },
    start: '2026-11-28T14:30:00+00:00',
    end: '2026-11-28T15:15:00+00:00',
    callerName: 'Niamh Ní Bhriain',
    callerPhone: '+353871234567',
    callerEmail: 'niamh@example.ie',
    status: 'confirmed',
    source: 'phone-agent',
    createdAt: '2026-11-20T10:00:00.000Z',
    calendarEventId: null,
    ...overrides,
  };
}

export const salon: SalonContact = { name: 'Bláth Hair', phone: '01 234 5678', address: 'Shop Street, Galway, Co. Galway, H91 X2Y3' };

/** 21 November 2026, a week before the appointment. */
export const NOW = new Date('2026-11-21T09:00:00Z');
