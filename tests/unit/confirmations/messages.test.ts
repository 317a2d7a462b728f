import { describe, expect, it } from 'vitest';
import { addressLine } from '../../../functions/core/confirmations/format.js';
import { bookingSms, callerEmail, ownerEmail } from '../../../functions/core/confirmations/messages.js';
import { duration, price, spokenWhen } from '../../../functions/core/confirmations/format.js';
import { displayPhone } from '../../../functions/contracts/phone.js';
import { appointment, NOW, salon } from './fixtures.js';

describe('the booking SMS', () => {
  it('confirms in one short line of Irish English, on the salon clock', () => {
    expect(bookingSms('confirmed', appointment(), salon, NOW)).toBe(
      "You're booked at Bláth Hair for Cut and blow-dry on Saturday 28 November at 14:30 with Aoife. Reply or call 01 234 5678 to change.",
    );
  });

  it('says when it is cancelled, and how to book again', () => {
    expect(bookingSms('cancelled', appointment(), salon, NOW)).toBe(
      'Your Cut and blow-dry at Bláth Hair on Saturday 28 November at 14:30 with Aoife is cancelled. Call 01 234 5678 to book again.',
    );
  });

  it('uses Irish summer time (UTC+1) and names the year only when it is not this one', () => {
    const summer = appointment({ start: '2027-07-03T09:00:00Z', end: '2027-07-03T09:45:00Z' });
    expect(bookingSms('confirmed', summer, salon, NOW)).toContain('on Saturday 3 July 2027 at 10:00 with Aoife');
  });

  it('does without a stylist name or a salon number', () => {
    const text = bookingSms('confirmed', appointment({ stylistName: ' ' }), { ...salon, phone: null }, NOW);
    expect(text).toBe("You're booked at Bláth Hair for Cut and blow-dry on Saturday 28 November at 14:30. Reply to this message to change.");
  });

  // An alphanumeric sender ID takes no replies (https://www.twilio.com/docs/glossary/what-alphanumeric-sender-id).
  it('from a one-way sender, never asks for a reply', () => {
    expect(bookingSms('confirmed', appointment(), salon, NOW, undefined, false)).toMatch(/\. Call 01 234 5678 to change\.$/);
    expect(bookingSms('confirmed', appointment(), { ...salon, phone: null }, NOW, undefined, false)).toMatch(/\. Call the salon to change it\.$/);
    expect(bookingSms('cancelled', appointment(), { ...salon, phone: null }, NOW, undefined, false)).toMatch(/\. Call the salon to book again\.$/);
  });

  it('fits in two SMS parts even with a long salon name', () => {
    const text = bookingSms('confirmed', appointment(), { ...salon, name: 'The Hair Studio at the Old Mill, Clonakilty' }, NOW);
    expect(text.length).toBeLessThanOrEqual(2 * 153);
  });
});

describe('formatting', () => {
  it('writes durations, prices and numbers as people say them', () => {
    expect([duration(30), duration(60), duration(90), duration(150)]).toEqual(['30 minutes', '1 hour', '1 hour 30 minutes', '2 hours 30 minutes']);
    const service = appointment().service;
    expect(price(service)).toBe('€45');
    expect(price({ ...service, priceCents: 2550 })).toBe('€25.50');
    expect(price({ ...service, priceCents: null, priceMinCents: 12000, priceMaxCents: 18000 })).toBe('€120–€180');
    expect(price({ ...service, priceCents: null, priceMinCents: 12000 })).toBe('from €120');
    expect(price({ ...service, priceCents: null })).toBeNull();
    expect(displayPhone('+35312345678')).toBe('01 234 5678');
    expect(displayPhone('+353871234567')).toBe('087 123 4567');
    expect(displayPhone('+14155550100')).toBe('+1 415 555 0100');
    expect(spokenWhen('2026-03-29T01:30:00Z', NOW)).toBe('Sunday 29 March at 02:30');
  });

  it('puts the salon address on one line', () => {
    expect(addressLine({ address_line: '12 Shop Street', town_city: 'Galway', county: 'Galway', eircode: 'H91 X2Y3' })).toBe(
      '12 Shop Street, Galway, Co. Galway, H91 X2Y3',
    );
    expect(addressLine({ address_line: '', town_city: 'Ennis', county: 'Co. Clare', eircode: '' })).toBe('Ennis, Co. Clare');
    expect(addressLine({})).toBeNull();
    expect(addressLine(null)).toBeNull();
  });
});

describe("the caller's email", () => {
  it('confirms with the details and a REQUEST invite', () => {
    const email = callerEmail('confirmed', appointment(), salon, 'bookings@salondesk.ie', NOW);
    expect(email.subject).toBe('Booking confirmed: Cut and blow-dry at Bláth Hair, Saturday 28 November at 14:30');
    expect(email.text).toContain('Hi Niamh,');
    expect(email.text).toContain('When: Saturday 28 November at 14:30 (45 minutes)');
    expect(email.text).toContain('Price: €45');
    expect(email.text).toContain('Where: Shop Street, Galway, Co. Galway, H91 X2Y3');
    expect(email.text).toContain('call 01 234 5678');
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST' });
    expect(email.attachments[0]!.content).toContain('METHOD:REQUEST');
  });

  it('cancels with a CANCEL invite', () => {
    const email = callerEmail('cancelled', appointment({ status: 'cancelled' }), salon, 'bookings@salondesk.ie', NOW);
    expect(email.subject).toBe('Booking cancelled: Cut and blow-dry at Bláth Hair, Saturday 28 November at 14:30');
    expect(email.text).toContain('Your booking at Bláth Hair is cancelled.');
    expect(email.attachments[0]!.contentType).toBe('text/calendar; method=CANCEL');
  });

  it('escapes names in its HTML (they come from a phone call)', () => {
    const booking = appointment({ callerName: '<b>Bob</b> <img src=x onerror=alert(1)>', service: { ...appointment().service, name: 'Cut & "style"' } });
    const caller = callerEmail('confirmed', booking, salon, 'b@x.ie', NOW);
    expect(caller.html).not.toMatch(/<b>|<img/);
    expect(caller.html).toContain('Hi &lt;b&gt;Bob&lt;/b&gt;,');
    expect(caller.html).toContain('Cut &amp; &quot;style&quot;');
    const owner = ownerEmail('confirmed', booking, salon, 'https://salondesk.ie/dashboard', NOW);
    expect(owner.html).not.toMatch(/<b>|<img/);
    expect(owner.html).toContain('&lt;b&gt;Bob&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;');
  });
});

describe("the owner's notice", () => {
  it('tells the owner who booked what, with the way to reach them', () => {
    const email = ownerEmail('confirmed', appointment(), salon, 'https://salondesk.ie/dashboard', NOW);
    expect(email.subject).toBe('New booking: Niamh, Cut and blow-dry with Aoife, Saturday 28 November at 14:30');
    expect(email.text).toContain('Client: Niamh Ní Bhriain');
    expect(email.text).toContain('Phone: +353871234567');
    expect(email.text).toContain('Email: niamh@example.ie');
    expect(email.text).toContain('Your AI receptionist made this booking on a call.');
    expect(email.text).toContain('https://salondesk.ie/dashboard');
    expect(email.attachments).toEqual([]);
  });

  it('tells the owner of a cancellation', () => {
    const email = ownerEmail('cancelled', appointment({ callerEmail: null }), salon, 'https://salondesk.ie/dashboard', NOW);
    expect(email.subject).toBe('Booking cancelled: Niamh, Cut and blow-dry with Aoife, Saturday 28 November at 14:30');
    expect(email.text).toContain('the time is free again');
    expect(email.text).not.toContain('Email:');
  });
});
