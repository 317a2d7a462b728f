// Google Calendar's own rules, which the Google adapter, the calendar sandbox and the push route follow alike
// (the calendar port itself is core's: functions/core/ports/calendar.ts).

/** The headers Google's push notifications carry (lower case, as API Gateway hands them over). */
export const PUSH_HEADERS = {
  channelId: 'x-goog-channel-id',
  token: 'x-goog-channel-token',
  resourceId: 'x-goog-resource-id',
  state: 'x-goog-resource-state',
  messageNumber: 'x-goog-message-number',
  expiration: 'x-goog-channel-expiration',
} as const;

/** Google's rule for client-chosen event ids: base32hex characters (a-v, 0-9), 5 to 1024 long. */
export function isValidEventId(id: string): boolean {
  return /^[a-v0-9]{5,1024}$/.test(id);
}

/** The scopes the product asks for: list calendars, read free/busy, write its own events. Nothing more. */
export const CALENDAR_SCOPES = ['https://www.googleapis.com/auth/calendar.readonly', 'https://www.googleapis.com/auth/calendar.events'] as const;
