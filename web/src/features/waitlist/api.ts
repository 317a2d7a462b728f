import type { WaitlistEntryView } from '@functions/contracts/waitlist';
import { apiFetch } from '../../lib/api-client';

/** The waiting list's calls to the app API, served by `/api/waitlist` (functions/api/waitlist.ts). */
export const WAITLIST_LOAD_FAILED = 'Failed to load the waiting list';

export const waitlistKey = ['waitlist'] as const;

export function loadWaitlist(): Promise<{ entries: WaitlistEntryView[] }> {
  return apiFetch('/api/waitlist', { fallbackError: WAITLIST_LOAD_FAILED });
}

export function removeFromWaitlist(entry: Pick<WaitlistEntryView, 'date' | 'id'>): Promise<{ removed: true }> {
  return apiFetch('/api/waitlist?route=remove', {
    method: 'POST',
    body: JSON.stringify({ date: entry.date, id: entry.id }),
    fallbackError: 'Failed to remove from the waiting list',
  });
}

export function offerTime(entry: Pick<WaitlistEntryView, 'date' | 'id'>, time: string): Promise<{ offered: true; stylist: string }> {
  return apiFetch('/api/waitlist?route=offer', {
    method: 'POST',
    body: JSON.stringify({ date: entry.date, id: entry.id, time }),
    fallbackError: 'Failed to offer the time',
  });
}

export type { WaitlistEntryView };
