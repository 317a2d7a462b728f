import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';

/**
 * Whether a number (E.164) is surely a mobile, by libphonenumber-js's complete plans of the
 * accepted countries (phone-types-metadata.json, made by `npx tsx bin/phone-metadata.ts`): a
 * landline is not, and neither is a number whose plan cannot tell one from the other (the US and
 * Canada say FIXED_LINE_OR_MOBILE), since a text to it may never arrive. The plans are loaded the
 * first time a number is asked about, never while a Lambda starts.
 */
let plans: Promise<MetadataJson> | undefined;

export async function isMobileNumber(e164: string): Promise<boolean> {
  plans ??= import('./phone-types-metadata.json', { with: { type: 'json' } }).then((loaded) => loaded.default as unknown as MetadataJson);
  return parsePhoneNumberFromString(e164, await plans)?.getType() === 'MOBILE';
}
