/** Key builders for the single table: one place that knows how items are addressed. */
export const keys = {
  salon: (salonId: string) => `SALON#${salonId}`,
  owner: (userId: string) => `OWNER#${userId}`,
  phone: (e164: string) => `PHONE#${e164}`,
  profileSk: 'PROFILE',
  googleSk: 'GOOGLE',
  /** A pending Google OAuth `state` (by its hash), found by the public callback without a salon. */
  oauthState: (stateHash: string) => `OAUTH#${stateHash}`,
  oauthStateSk: 'STATE',
  /** The calendar sandbox's own data, kept under the salon so account deletion removes it. */
  sandboxEventSk: (calendarId: string, eventId: string) => `SANDBOXCAL#EVENT#${calendarId}#${eventId}`,
  sandboxEventPrefix: (calendarId: string) => `SANDBOXCAL#EVENT#${calendarId}#`,
  sandboxRevokedSk: (tokenHash: string) => `SANDBOXCAL#REVOKED#${tokenHash}`,
  /** Everything the setup wizard saves sorts under this prefix: one query loads it all. */
  setupPrefix: 'SETUP#',
  setupStateSk: 'SETUP#STATE',
  voiceSk: 'SETUP#VOICE',
  stylistSk: (stylistId: string) => `SETUP#STYLIST#${stylistId}`,
  serviceSk: (serviceId: string) => `SETUP#SERVICE#${serviceId}`,
  mappingSk: (stylistId: string) => `SETUP#MAPPING#${stylistId}`,
  salonSk: 'SALON',
} as const;
