import type { CalendarConnection, GoogleStore, OAuthStateRecord, SandboxEvent } from '../../../functions/core/ports/google-store.js';

/** The google store's contract in memory (conditional writes included), for unit tests of the core. */
export function memoryGoogleStore() {
  const states = new Map<string, OAuthStateRecord & { expiresAt: Date }>();
  const connections = new Map<string, CalendarConnection>();
  const events = new Map<string, SandboxEvent>();
  const revoked = new Set<string>();
  const store: GoogleStore = {
    async saveState(stateHash, record, expiresAt) {
      if (states.has(stateHash)) throw new Error('ConditionalCheckFailed');
      states.set(stateHash, { ...record, expiresAt });
    },
    async peekState(stateHash) {
      const found = states.get(stateHash);
      return found
        ? { salonId: found.salonId, ownerId: found.ownerId, codeVerifier: found.codeVerifier, createdAt: found.createdAt, returnTo: found.returnTo }
        : null;
    },
    async consumeState(stateHash) {
      // Read and delete in one step, as the conditional delete does.
      const found = states.get(stateHash);
      states.delete(stateHash);
      return found
        ? { salonId: found.salonId, ownerId: found.ownerId, codeVerifier: found.codeVerifier, createdAt: found.createdAt, returnTo: found.returnTo }
        : null;
    },
    async getConnection(salonId) {
      const found = connections.get(salonId);
      return found ? { ...found } : null;
    },
    async saveConnection(connection) {
      connections.set(connection.salonId, { ...connection });
    },
    async markBroken(salonId, encryptedRefreshToken, at) {
      const found = connections.get(salonId);
      if (found && found.encryptedRefreshToken === encryptedRefreshToken) connections.set(salonId, { ...found, status: 'broken', brokenAt: at.toISOString() });
    },
    async putSandboxEvent(salonId, event) {
      const key = `${salonId}|${event.calendarId}|${event.id}`;
      if (events.has(key)) return false;
      events.set(key, { ...event });
      return true;
    },
    async deleteSandboxEvent(salonId, calendarId, eventId) {
      return events.delete(`${salonId}|${calendarId}|${eventId}`);
    },
    async sandboxEvents(salonId, calendarId) {
      return [...events.entries()].filter(([key]) => key.startsWith(`${salonId}|${calendarId}|`)).map(([, event]) => ({ ...event }));
    },
    async sandboxChanges(salonId, calendarId) {
      return this.sandboxEvents(salonId, calendarId);
    },
    async markSandboxTokenRevoked(salonId, tokenHash) {
      revoked.add(`${salonId}|${tokenHash}`);
    },
    async isSandboxTokenRevoked(salonId, tokenHash) {
      return revoked.has(`${salonId}|${tokenHash}`);
    },
  };
  return { store, states, connections, events };
}
