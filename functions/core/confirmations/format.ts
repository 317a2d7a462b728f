import { DateTime } from 'luxon';
import { SALON_TIME_ZONE, type Appointment } from '../../contracts/appointments.js';
import { formatEuro } from '../money.js';

/**
 * How confirmations show times, prices, names and numbers: Irish English, the salon's own clock
 * (Europe/Dublin, summer time included), 24-hour times.
 */
export function salonTime(iso: string): DateTime {
  return DateTime.fromISO(iso, { zone: SALON_TIME_ZONE }).setLocale('en-IE');
}

/** "Saturday 28 November at 14:30"; the year only when it is not this year's. */
export function spokenWhen(iso: string, now: Date): string {
  const time = salonTime(iso);
  const sameYear = time.year === DateTime.fromJSDate(now, { zone: SALON_TIME_ZONE }).year;
  return time.toFormat(sameYear ? "cccc d LLLL 'at' HH:mm" : "cccc d LLLL yyyy 'at' HH:mm");
}

/** "30 minutes", "1 hour", "1 hour 30 minutes". */
export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`);
  if (rest || !hours) parts.push(`${rest} ${rest === 1 ? 'minute' : 'minutes'}`);
  return parts.join(' ');
}

/** "€30", "€40–€60", "from €40", or null when the salon gave no price. */
export function price(service: Appointment['service']): string | null {
  if (service.priceCents !== null) return formatEuro(service.priceCents);
  if (service.priceMinCents !== null && service.priceMaxCents !== null) return `${formatEuro(service.priceMinCents)}–${formatEuro(service.priceMaxCents)}`;
  if (service.priceMinCents !== null) return `from ${formatEuro(service.priceMinCents)}`;
  return null;
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** The salon's address on one line, from what the setup wizard saved. */
export function addressLine(business: { address_line?: string; town_city?: string; county?: string; eircode?: string } | null): string | null {
  if (!business) return null;
  const parts = [
    business.address_line,
    business.town_city,
    business.county ? (/^co\.?\s/i.test(business.county) ? business.county : `Co. ${business.county}`) : '',
    business.eircode,
  ]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
