import type { CalendarMirror } from '../ports/calendar-mirror-store.js';
import { SWEEP_EVERY_MINUTES } from '../sweep-schedule.js';
import { RESYNC_MS } from './mirror.js';

/**
 * When booking trusts the mirror instead of asking Google (issue 21): its last sync succeeded,
 * its push channel is open and unexpired, no notification is waiting for its sync, and it was
 * synced within MIRROR_TRUSTED_MS. A healthy channel is what makes it fresh: Google tells us of a
 * change within seconds and the sync follows at once. The time bound only covers a notification
 * Google never delivered: the booking sweep resyncs every mirror within RESYNC_MS (plus its own
 * period), and a mirror not synced for longer is not trusted. docs/bookings.md says what that
 * costs in the worst case.
 */
export const MIRROR_TRUSTED_MS = RESYNC_MS + SWEEP_EVERY_MINUTES * 60_000;

export function isMirrorTrusted(mirror: CalendarMirror, now: number): boolean {
  if (mirror.failure || !mirror.syncedAt || !mirror.channel) return false;
  const synced = Date.parse(mirror.syncedAt);
  if (mirror.notifiedAt && Date.parse(mirror.notifiedAt) > synced) return false;
  return Date.parse(mirror.channel.expiresAt) > now && now - synced <= MIRROR_TRUSTED_MS;
}

/** The mirror's busy time overlapping [from, to). */
export function mirrorBusy(mirror: CalendarMirror, from: number, to: number): { start: number; end: number }[] {
  const intervals: { start: number; end: number }[] = [];
  for (const [start, end] of Object.values(mirror.busy)) {
    const interval = { start: Date.parse(start), end: Date.parse(end) };
    if (interval.start < to && interval.end > from) intervals.push(interval);
  }
  return intervals;
}
