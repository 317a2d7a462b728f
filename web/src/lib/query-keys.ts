/**
 * Every server read's cache key, in one place, so a save names exactly what it makes stale. Keys
 * are arrays whose first part is the resource: invalidating `['appointments']` reaches every range.
 */
export const queryKeys = {
  salon: ['salon'],
  ownerName: ['owner-name'],
  setup: ['setup'],
  dashboard: ['dashboard'],
  appointments: ['appointments'],
  appointmentsFrom: (from: string, days: number) => ['appointments', from, days],
  deletionSummary: ['deletion-summary'],
  subscription: ['subscription'],
  paymentAccount: ['payment-account'],
  calls: ['calls'],
  messages: ['messages'],
  transcript: (callSid: string) => ['transcript', callSid],
  calendars: ['calendars'],
  voicePreview: (voiceId: string) => ['voice-preview', voiceId],
} as const;
