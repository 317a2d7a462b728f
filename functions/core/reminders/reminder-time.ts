import { DateTime } from 'luxon';
import { SALON_TIME_ZONE } from '../../contracts/appointments.js';
import type { Business } from '../../contracts/setup.js';

/**
 * When a booking's reminder goes: its lead (24 h, or the owner's 48 h) before the start, never in
 * the Irish night (21:00–08:00, Europe/Dublin with summer time), where it waits until 08:00.
 */
export const REMINDER_LEADS = [24, 48] as const;
export type ReminderLead = (typeof REMINDER_LEADS)[number];
export const DEFAULT_REMINDER_LEAD: ReminderLead = 24;
const QUIET_FROM_HOUR = 21;
const QUIET_UNTIL_HOUR = 8;
const HOUR_MS = 3_600_000;

export interface ReminderSettings {
  enabled: boolean;
  leadHours: ReminderLead;
}

/** The owner's choice in Settings → Business; a salon that never chose gets reminders, 24 h ahead. */
export function reminderSettings(business: Pick<Business, 'reminders' | 'reminder_hours'> | null | undefined): ReminderSettings {
  return { enabled: business?.reminders !== false, leadHours: business?.reminder_hours ?? DEFAULT_REMINDER_LEAD };
}

export function isQuietHour(at: Date): boolean {
  const hour = DateTime.fromJSDate(at, { zone: SALON_TIME_ZONE }).hour;
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** `at`, or the next 08:00 Irish time when `at` falls in the night. */
export function outOfQuietHours(at: Date): Date {
  if (!isQuietHour(at)) return at;
  const local = DateTime.fromJSDate(at, { zone: SALON_TIME_ZONE });
  const morning = (local.hour >= QUIET_FROM_HOUR ? local.plus({ days: 1 }) : local).set({ hour: QUIET_UNTIL_HOUR, minute: 0, second: 0, millisecond: 0 });
  return morning.toJSDate();
}

/**
 * When to remind of a booking, or null for none: a booking made inside its reminder window gets
 * none (the caller has just spoken to us), nor does one whose morning send would come after it starts.
 */
export function reminderSendAt(appointment: { start: string; createdAt: string }, leadHours: ReminderLead): Date | null {
  const start = Date.parse(appointment.start);
  const due = start - leadHours * HOUR_MS;
  if (Date.parse(appointment.createdAt) > due) return null;
  const sendAt = outOfQuietHours(new Date(due));
  return sendAt.getTime() < start ? sendAt : null;
}
