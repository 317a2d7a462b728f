import { describe, expect, it } from 'vitest';
import { buildInvite, inviteUid } from '../../../functions/core/confirmations/invite.js';
import { appointment, salon } from './fixtures.js';

/** iCalendar content lines, unfolded (RFC 5545 §3.1), as name → value. */
function lines(ics: string): string[] {
  return ics
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter(Boolean);
}
const field = (ics: string, name: string) => lines(ics).find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('the calendar invite', () => {
  it('is a REQUEST for the booked time, in UTC, from the salon to the caller', () => {
    const ics = buildInvite('confirmed', appointment(), salon, 'bookings@salondesk.ie');
    expect(field(ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(field(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(field(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(field(ics, 'DTSTART')).toBe('DTSTART:20261128T143000Z');
    expect(field(ics, 'DTEND')).toBe('DTEND:20261128T151500Z');
    expect(field(ics, 'SUMMARY')).toBe('SUMMARY:Cut and blow-dry at Bláth Hair');
    expect(field(ics, 'LOCATION')).toContain('Shop Street');
    expect(field(ics, 'ORGANIZER')).toMatch(/mailto:bookings@salondesk\.ie$/i);
    expect(field(ics, 'ATTENDEE')).toMatch(/mailto:niamh@example\.ie$/i);
    expect(field(ics, 'UID')).toBe(`UID:${inviteUid(appointment().id)}`);
  });

  it('converts Irish summer time to UTC', () => {
    const ics = buildInvite('confirmed', appointment({ start: '2026-07-04T14:30:00+01:00', end: '2026-07-04T15:15:00+01:00' }), salon, 'b@salondesk.ie');
    expect(field(ics, 'DTSTART')).toBe('DTSTART:20260704T133000Z');
  });

  it('cancels the same event: METHOD:CANCEL, the same UID, a higher sequence', () => {
    const booked = buildInvite('confirmed', appointment(), salon, 'b@salondesk.ie');
    const cancelled = buildInvite('cancelled', appointment({ status: 'cancelled' }), salon, 'b@salondesk.ie');
    expect(field(cancelled, 'METHOD')).toBe('METHOD:CANCEL');
    expect(field(cancelled, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(field(cancelled, 'SEQUENCE')).toBe('SEQUENCE:1');
    expect(field(cancelled, 'UID')).toBe(field(booked, 'UID'));
  });

  it('derives the UID from the booking id alone', () => {
    expect(inviteUid('bk_1')).toBe(inviteUid('bk_1'));
    expect(inviteUid('bk_1')).not.toBe(inviteUid('bk_2'));
    expect(inviteUid('bk_1')).toMatch(/^booking-[0-9a-f]{32}@salondesk$/);
  });
});
