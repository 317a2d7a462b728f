import type { Appointment } from '../../contracts/appointments.js';
import type { ActivityEntry } from '../ports/activity-store.js';
import type { CallOutcome } from '../../contracts/calls.js';
import { spokenWhen } from '../confirmations/format.js';

/**
 * The lines of the dashboard's recent activity, built when the thing happens (the bus consumers)
 * so reading the list is one query. Caller names appear (it is the owner's own data); phone
 * numbers never do.
 */
const CALL_LINES: Record<CallOutcome, (minutes: string) => string> = {
  answered: (minutes) => `Your receptionist answered a call${minutes}.`,
  forwarded: (minutes) => `A call was forwarded to the salon${minutes}.`,
  transferred: (minutes) => `Your receptionist put a caller through to the salon${minutes}.`,
  message: () => 'A caller left a message while your receptionist was off.',
  missed: () => 'Missed call: nobody could answer.',
  abandoned: () => 'A caller hung up before anyone answered.',
  'test-call': (minutes) => `You tested your receptionist${minutes}.`,
};

export function callActivity(call: { callSid: string; startedAt: string; durationSeconds: number; outcome: CallOutcome; test: boolean }): ActivityEntry {
  const minutes = call.durationSeconds > 0 ? ` (${Math.max(1, Math.round(call.durationSeconds / 60))} min)` : '';
  return { kind: 'call', id: call.callSid, at: call.startedAt, text: CALL_LINES[call.outcome](minutes), test: call.test };
}

/** `happenedAt`: when it was booked or cancelled (the bus event's time). */
export function bookingActivity(kind: 'confirmed' | 'cancelled', appointment: Appointment, happenedAt: string, now: Date): ActivityEntry {
  const what = `${appointment.service.name} with ${appointment.stylistName}, ${spokenWhen(appointment.start, now)}`;
  const test = appointment.source === 'test-call';
  if (kind === 'confirmed') {
    return { kind: 'booking', id: appointment.id, at: appointment.createdAt || happenedAt, text: `Booked ${appointment.callerName} for ${what}.`, test };
  }
  return { kind: 'cancellation', id: appointment.id, at: happenedAt, text: `${appointment.callerName} cancelled ${what}.`, test };
}

export function messageActivity(message: { id: string; callerName: string; createdAt: string }): ActivityEntry {
  return { kind: 'message', id: message.id, at: message.createdAt, text: `${message.callerName} left a message.`, test: false };
}
