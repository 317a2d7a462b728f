/**
 * `SALON#<id>` / `CALMIRROR#<calendarId>`: our copy of one connected calendar's busy time (issue
 * 21), kept by full and incremental syncs and Google's push channel. One item per calendar, so a
 * salon's mirrors are one query; listed across salons on gsi1 (`CALMIRRORS` / when it is next due)
 * for the booking sweep. A sync writes it conditionally on its version: two syncs racing cannot undo
 * each other's changes (the loser reads again and applies its page to the winner's state). What
 * arrives beside the syncs (a notification, our own write awaited) is written on its own and never
 * overwritten by a sync that read the item before it.
 */
export interface MirrorChannel {
  id: string;
  resourceId: string;
  /** The secret half of the channel token Google echoes on every notification. */
  secret: string;
  expiresAt: string;
}

export interface CalendarMirror {
  salonId: string;
  calendarId: string;
  /** Busy events by their id: [start, end] as UTC ISO instants. */
  busy: Record<string, [string, string]>;
  syncToken: string | null;
  /** The last sync that succeeded (full or incremental). */
  syncedAt: string | null;
  /** The last push notification received: newer than syncedAt while its sync is still to come. */
  notifiedAt: string | null;
  /** The last sync that failed, until one succeeds. */
  failure: { kind: string; at: string } | null;
  channel: MirrorChannel | null;
  /** Our own event writes whose change no sync has seen yet: event id → when the write began (own-writes.ts). */
  ownWrites: Record<string, string>;
  /** When the booking sweep should next look at it (a resync, or its channel's renewal). */
  dueAt: string;
  version: number;
}

export interface CalendarMirrorStore {
  /** The salon's mirrors (every calendar), in one query. */
  list(salonId: string): Promise<CalendarMirror[]>;
  /**
   * Writes a sync's outcome if the stored version is still `mirror.version - 1` (or creates the
   * mirror at version 1), and forgets the own writes `settled`. Keeps `notifiedAt` and the own
   * writes as stored: they may have changed since the sync read them.
   */
  save(mirror: CalendarMirror, settled?: readonly string[]): Promise<boolean>;
  noteNotified(salonId: string, calendarId: string, at: string): Promise<void>;
  /** Notes that we are about to write event `eventId` to the calendar (false when it has no mirror). */
  noteOwnWrite(salonId: string, calendarId: string, eventId: string, at: string): Promise<boolean>;
  /**
   * Forgets our write of `eventId` (it changed nothing or failed, or its notification came):
   * false when it was not noted, or already forgotten.
   */
  dropOwnWrite(salonId: string, calendarId: string, eventId: string): Promise<boolean>;
  /** Notes a failed sync; the mirror is then due for the booking sweep at once. */
  noteFailure(salonId: string, calendarId: string, failure: { kind: string; at: string }): Promise<void>;
  /** Mirrors due before `before` (failed ones at once), soonest first. */
  dueForRenewal(before: Date, limit: number): Promise<{ salonId: string; calendarId: string }[]>;
  /** The mirror of a calendar no longer mirrored (unmapped, disconnected). */
  remove(salonId: string, calendarId: string): Promise<void>;
}
