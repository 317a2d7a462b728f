import type { CountryCode } from 'libphonenumber-js/core';

/**
 * The countries whose phone numbers we accept, for callers, salons and owners alike: Ireland, its
 * neighbours sharing +44 (the UK, the Isle of Man, Jersey, Guernsey), the rest of the EU and EEA,
 * Switzerland, and the countries visitors most often call from (the US, Canada, Australia, New
 * Zealand). A number from anywhere else is refused as not valid, which the agent asks again for.
 *
 * Only these countries' numbering plans are bundled (phone-metadata.json, generated from this
 * list by `npx tsx bin/phone-metadata.ts`): every country's is 80 KB that each cold start of the
 * Lambdas a caller waits on would parse. tests/unit/phone-metadata.test.ts fails when the two drift.
 */
export const ACCEPTED_PHONE_COUNTRIES = [
  'IE',
  'GB',
  'IM',
  'JE',
  'GG',
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'CH',
  'US',
  'CA',
  'AU',
  'NZ',
] as const satisfies readonly CountryCode[];
