import { parsePhoneNumberFromString, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';
import acceptedPlans from './phone-metadata.json' with { type: 'json' };

/**
 * The numbering plans of the accepted countries only (phone-countries.ts says which, and why), in
 * libphonenumber-js's own format: JSON's inferred types know no tuples, hence the cast.
 */
const metadata = acceptedPlans as unknown as MetadataJson;

/** A number read with the accepted countries' plans; undefined when it is not one of theirs, or not a number. */
export function parsePhone(text: string, defaultCountry?: 'IE'): PhoneNumber | undefined {
  return defaultCountry ? parsePhoneNumberFromString(text, defaultCountry, metadata) : parsePhoneNumberFromString(text, metadata);
}

/**
 * Irish numbers written any common way (087 123 4567, +353 87…, 00353…) to E.164.
 * libphonenumber-js carries the numbering plans, so "valid" means a real number of an accepted country.
 */
export function toE164(input: string, defaultCountry: 'IE' = 'IE'): string | null {
  const normalised = input.trim().replace(/^00/, '+');
  const parsed = parsePhone(normalised, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Any stored number as people in Ireland write it: "091 562 345", "087 123 4567" (libphonenumber-js's
 * national format, without the brackets it puts round an area code); international for another
 * accepted country; as given when it is not a number of an accepted country. The one formatter for
 * every number the product shows, in the browser and in texts.
 */
export function displayPhone(stored: string): string {
  const parsed = parsePhone(stored.trim().replace(/^00/, '+'), 'IE');
  if (!parsed) return stored;
  return parsed.country === 'IE' ? parsed.formatNational().replace(/[()]/g, '') : parsed.formatInternational();
}
