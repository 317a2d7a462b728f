import type { CalendarReturnPage } from '../../contracts/calendar.js';

/** A pending OAuth authorisation: created by start, consumed once by the callback. */
export interface OAuthStateRecord {
  salonId: string;
  ownerId: string;
  codeVerifier: string;
  createdAt: string;
  /** The page the owner connected from, and goes back to. */
  returnTo: CalendarReturnPage;
}

export type CalendarConnectionStatus = 'connected' | 'broken';

/** `SALON#<id>` / `GOOGLE`: the salon's calendar connection. The refresh token is only ever stored encrypted. */
export interface CalendarConnection {
  salonId: string;
  encryptedRefreshToken: string;
  connectedAt: string;
  provider: 'google' | 'sandbox';
  status: CalendarConnectionStatus;
  brokenAt?: string;
}

/** An event the calendar sandbox keeps (start and end as ISO instants). */
export interface SandboxEvent {
  calendarId: string;
  id: string;
  summary: string;
  description?: string;
  start: string;
  end: string;
  timeZone: string;
  /** The sandbox's change counter when it was written or deleted: what its sync tokens count in. */
  seq?: number;
  /** Deleted events stay as `cancelled`, so an incremental sync can tell that they went. */
  status?: 'confirmed' | 'cancelled';
}

export interface GoogleStore {
  saveState(stateHash: string, record: OAuthStateRecord, expiresAt: Date): Promise<void>;
  /** Reads without consuming (the sandbox consent page). */
  peekState(stateHash: string): Promise<OAuthStateRecord | null>;
  /** Deletes and answers the state in one conditional write: of two racing callbacks, one gets it. */
  consumeState(stateHash: string): Promise<OAuthStateRecord | null>;
  getConnection(salonId: string): Promise<CalendarConnection | null>;
  saveConnection(connection: CalendarConnection): Promise<void>;
  /** Marks the connection broken unless it has been replaced (reconnected) meanwhile. */
  markBroken(salonId: string, encryptedRefreshToken: string, at: Date): Promise<void>;
  // The calendar sandbox's data.
  putSandboxEvent(salonId: string, event: SandboxEvent): Promise<boolean>;
  /** With `seq`, the event stays as a `cancelled` tombstone (the sandbox's incremental sync); answers whether it was live. */
  deleteSandboxEvent(salonId: string, calendarId: string, eventId: string, seq?: number): Promise<boolean>;
  /** The calendar's live events. */
  sandboxEvents(salonId: string, calendarId: string): Promise<SandboxEvent[]>;
  /** Live and deleted events, for the sandbox's events.list. */
  sandboxChanges(salonId: string, calendarId: string): Promise<SandboxEvent[]>;
  markSandboxTokenRevoked(salonId: string, tokenHash: string, at: Date): Promise<void>;
  isSandboxTokenRevoked(salonId: string, tokenHash: string): Promise<boolean>;
}
