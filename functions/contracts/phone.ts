import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Irish numbers written any common way (087 123 4567, +353 87…, 00353…) to E.164.
 * libphonenumber-js carries the numbering plans, so "valid" means a real Irish or international number.
 */
export function toE164(input: string, defaultCountry: 'IE' = 'IE'): string | null {
  const normalised = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(normalised, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}
