import { readFileSync } from 'node:fs';
import { getCountryCallingCode, parsePhoneNumberFromString as parseWithEveryPlan, type CountryCode } from 'libphonenumber-js';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import {
  installedMetadata,
  metadataFileText,
  PHONE_METADATA,
  PHONE_METADATA_COMMAND,
  PHONE_TYPES_METADATA,
  phoneMetadataFor,
} from '../../bin/phone-metadata.js';
import { isMobileNumber } from '../../functions/contracts/mobile-phone.js';
import { ACCEPTED_PHONE_COUNTRIES } from '../../functions/contracts/phone-countries.js';
import { parsePhone, toE164 } from '../../functions/contracts/phone.js';
import { displayPhone } from '../../functions/contracts/phone.js';
import acceptedPlans from '../../functions/contracts/phone-metadata.json' with { type: 'json' };

const committed = readFileSync(new URL(`../../${PHONE_METADATA}`, import.meta.url), 'utf8');
const committedTypes = readFileSync(new URL(`../../${PHONE_TYPES_METADATA}`, import.meta.url), 'utf8');

describe('the phone numbering plans we bundle', () => {
  it('are the accepted countries, no more and no fewer', () => {
    expect(Object.keys(acceptedPlans.countries).sort(), `${PHONE_METADATA} and phone-countries.ts disagree: run \`${PHONE_METADATA_COMMAND}\``).toEqual(
      [...ACCEPTED_PHONE_COUNTRIES].sort(),
    );
  });

  it("are libphonenumber-js's own plans for them, as installed", () => {
    expect(committed, `${PHONE_METADATA} is out of date: run \`${PHONE_METADATA_COMMAND}\``).toBe(metadataFileText(phoneMetadataFor(ACCEPTED_PHONE_COUNTRIES)));
    expect(committedTypes, `${PHONE_TYPES_METADATA} is out of date: run \`${PHONE_METADATA_COMMAND}\``).toBe(
      metadataFileText(phoneMetadataFor(ACCEPTED_PHONE_COUNTRIES, installedMetadata('max'))),
    );
  });

  it('refuse a list that would read numbers wrongly: an unknown country, or one without the main country of its calling code', () => {
    expect(() => phoneMetadataFor(['IE', 'XX'])).toThrow(/no numbering plan for XX/);
    expect(() => phoneMetadataFor(['IE', 'JE'])).toThrow(/JE share \+44 with GB/);
    const full = installedMetadata();
    expect(phoneMetadataFor(['GB', 'JE'], full).country_calling_codes).toEqual({ '44': ['GB', 'JE'] });
  });
});

describe('phone numbers of the accepted countries, and of others', () => {
  // libphonenumber-js's example mobile number of every country, read as international numbers.
  const examples = Object.entries(mobileExamples).map(([country, national]) => {
    const callingCode = getCountryCallingCode(country as CountryCode);
    return { country, callingCode, e164: `+${callingCode}${national}` };
  });
  const acceptedCodes = new Set(ACCEPTED_PHONE_COUNTRIES.map((country) => getCountryCallingCode(country)));

  it("reads every accepted country's numbers exactly as libphonenumber-js's complete plans do", () => {
    const accepted = examples.filter((example) => (ACCEPTED_PHONE_COUNTRIES as readonly string[]).includes(example.country));
    expect(accepted).toHaveLength(ACCEPTED_PHONE_COUNTRIES.length);
    for (const { e164 } of accepted) {
      const complete = parseWithEveryPlan(e164);
      expect(toE164(e164), e164).toBe(complete?.isValid() ? complete.number : null);
      expect(parsePhone(e164)?.country, e164).toBe(complete?.country);
      expect(displayPhone(e164), e164).toBe(complete?.country === 'IE' ? complete.formatNational().replace(/[()]/g, '') : complete?.formatInternational());
    }
  });

  it('refuses the numbers of every other calling code, and shows them as stored', () => {
    const others = examples.filter((example) => !acceptedCodes.has(example.callingCode));
    expect(others.length).toBeGreaterThan(150);
    for (const { e164 } of others) {
      expect(toE164(e164), e164).toBeNull();
      expect(displayPhone(e164), e164).toBe(e164);
    }
  });

  it.each([
    ['087 123 4567', '+353871234567'],
    ['00353 1 234 5678', '+35312345678'],
    ['+44 1534 456789', '+441534456789'],
    ['+49 30 123456', '+4930123456'],
    ['+1 204 555 0123', '+12045550123'],
    ['+61 412 345 678', '+61412345678'],
    ['+81 3-1234-5678', null],
  ])('%s → %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
});

describe('a mobile, for what is texted (RELIABILITY 74)', () => {
  it('is a number the complete plans call a mobile: not a landline, nor one whose plan cannot tell (the US and Canada)', async () => {
    const accepted = Object.entries(mobileExamples).filter(([country]) => (ACCEPTED_PHONE_COUNTRIES as readonly string[]).includes(country));
    for (const [country, national] of accepted) {
      const e164 = `+${getCountryCallingCode(country as CountryCode)}${national}`;
      expect(await isMobileNumber(e164), e164).toBe(!['US', 'CA'].includes(country));
    }
    for (const landline of ['+35312345678', '+35391123456', '+442079460000', '+33123456789', '+12025550123'])
      expect(await isMobileNumber(landline), landline).toBe(false);
  });
});
