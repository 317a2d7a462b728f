import { type BookAnswer, type BookingView, type OfferedSlot, toolSay } from '../../contracts/agent-tools.js';
import type { Appointment } from '../../contracts/appointments.js';
import type { Stylist } from '../../contracts/setup.js';
import { publicAppointment, type DayReservation, type StoredAppointment } from './records.js';
import { DEPOSIT_HOLD_MS } from './deposit.js';
import { speakDate, speakList, speakPrice, speakTime, withArticle } from './speak.js';
import { appointmentOf } from './projections.js';
import { fromWallClock, localDate, MINUTE } from './time.js';

/** What book, cancel and reschedule say about a booking, and how they show it to the agent. */

/** "today at half two" / "on Saturday the 28th at half two". */
export function speakWhen(start: number, now: number): string {
  const day = speakDate(localDate(start), now);
  return `${day === 'today' || day === 'tomorrow' ? day : `on ${day}`} at ${speakTime(start)}`;
}

export function bookingView(appointment: Appointment, now: number): BookingView {
  const start = Date.parse(appointment.start);
  return {
    id: appointment.id,
    service: appointment.service.name,
    stylist: appointment.stylistName,
    start: appointment.start,
    end: appointment.end,
    spoken: speakWhen(start, now),
    price: speakPrice(appointment.service),
    status: appointment.status,
  };
}

/** "That time was just taken", with the nearby times still free that day. */
export function speakSlotTaken(alternatives: readonly OfferedSlot[]): string {
  return alternatives.length
    ? `${toolSay.slotTaken} I could do ${speakList(
        alternatives.map((option) => speakTime(fromWallClock(option.start))),
        'or',
      )} instead. Would one of those suit?`
    : `${toolSay.slotTaken} There's nothing else free that day, I'm afraid. Would another day suit you?`;
}

/** The answer to a booking made: confirmed, or held until its deposit is paid. */
export function bookedAnswer(
  booking: StoredAppointment,
  reservation: DayReservation,
  chosen: Pick<Stylist, 'name'>,
  pastNoShows: number,
  now: number,
): BookAnswer {
  const start = Date.parse(reservation.start);
  const { service } = booking;
  const price = speakPrice(service);
  if (booking.status === 'awaiting_deposit') {
    const deposit = reservation.record!.deposit!;
    // A caller who missed appointments here before is told why the deposit matters (docs/reminders.md, no-shows).
    const missed = pastNoShows
      ? ` As ${pastNoShows === 1 ? 'an appointment was' : 'appointments were'} missed before, the deposit is needed to keep this one.`
      : '';
    return {
      ok: true,
      pastNoShows,
      say: `I've pencilled you in for ${withArticle(service.name)} with ${chosen.name} ${speakWhen(start, now)}.${price ? ` It's ${price}.` : ''} There's a ${speakPrice({ priceCents: deposit.amountCents, priceMinCents: null, priceMaxCents: null })} deposit for it: I've texted you a link to pay it, and I'll hold the time for ${Math.floor(DEPOSIT_HOLD_MS / MINUTE) - 1} minutes until it's paid.${missed} You don't need to give me any card details.`,
      booking: bookingView(publicAppointment(booking), now),
      deposit: { amountCents: deposit.amountCents, expiresAt: deposit.expiresAt, texted: true },
      calendar: booking.calendarSync,
    };
  }
  return {
    ok: true,
    say: `You're booked in for ${withArticle(service.name)} with ${chosen.name} ${speakWhen(start, now)}.${price ? ` It's ${price}.` : ''} See you then!`,
    booking: bookingView(publicAppointment(booking), now),
    calendar: booking.calendarSync,
  };
}

/**
 * A booking's answer as it was first given, from its reservation's record alone: the stylist's
 * name and the clock when it was booked, its status then (a held time is unpaid when booked). So
 * a retry under its key is told the first answer word for word (RELIABILITY 13), even once the
 * booking has been paid, cancelled or moved, or its stylist renamed. Only a held time's answer
 * depends on more (the no-shows the caller had then): that one is kept under the key.
 */
export function firstAnswer(salonId: string, stylistId: string, reservation: DayReservation, pastNoShows: number): BookAnswer {
  const record = reservation.record!;
  const asMade: DayReservation = {
    bookingId: reservation.bookingId,
    start: reservation.start,
    end: reservation.end,
    record: record.deposit ? { ...record, deposit: { ...record.deposit, paidAt: null } } : record,
  };
  return bookedAnswer(appointmentOf(salonId, stylistId, asMade)!, asMade, { name: record.stylistName }, pastNoShows, Date.parse(record.createdAt));
}
