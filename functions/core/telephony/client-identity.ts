/**
 * The browser test call's Twilio client identity, derived from the salon id. Twilio allows only
 * `[A-Za-z0-9_]` in an identity we can rely on, and salon ids carry `-`: the id's bytes in hex
 * keep the mapping one-to-one, so an identity names exactly one salon.
 */
const PREFIX = 'salon_';

export function identityForSalon(salonId: string): string {
  return PREFIX + Buffer.from(salonId, 'utf8').toString('hex');
}

export function salonIdForIdentity(identity: string): string | null {
  const hex = identity.startsWith(PREFIX) ? identity.slice(PREFIX.length) : '';
  if (!hex || !/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Buffer.from(hex, 'hex').toString('utf8');
}

/** Twilio's `From` for a call placed by a browser client. */
export const CLIENT_PREFIX = 'client:';
