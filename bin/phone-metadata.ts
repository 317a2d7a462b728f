import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { MetadataJson } from 'libphonenumber-js/core';
import { ACCEPTED_PHONE_COUNTRIES } from '../functions/contracts/phone-countries.js';

/**
 * functions/contracts/phone-metadata.json: libphonenumber-js's minimal metadata (its default, as
 * the installed version ships it) cut down to the accepted countries (functions/contracts/phone-countries.ts).
 * `npx tsx bin/phone-metadata.ts` writes it; tests/unit/phone-metadata.test.ts fails when the
 * file differs from what this makes (the list changed, or libphonenumber-js brought new plans).
 */
export const PHONE_METADATA = 'functions/contracts/phone-metadata.json';
/**
 * The same countries' complete plans (libphonenumber-js's `max`), which tell a mobile from a
 * landline: only what texts a caller loads them (functions/contracts/mobile-phone.ts).
 */
export const PHONE_TYPES_METADATA = 'functions/contracts/phone-types-metadata.json';
export const PHONE_METADATA_COMMAND = 'npx tsx bin/phone-metadata.ts';

export function installedMetadata(kind: 'min' | 'max' = 'min'): MetadataJson {
  return createRequire(import.meta.url)(`libphonenumber-js/metadata.${kind}.json`) as MetadataJson;
}

/**
 * `full` for `countries` only. A calling code shared by several countries keeps its countries in
 * libphonenumber's order, and must keep its main one (the first): a number none of the others
 * claims is read by the main country's plan, so without it the rest would be read wrongly.
 */
export function phoneMetadataFor(countries: readonly string[], full: MetadataJson = installedMetadata()): MetadataJson {
  const wanted = new Set(countries);
  const unknown = countries.filter((country) => !(country in full.countries));
  if (unknown.length) throw new Error(`libphonenumber-js has no numbering plan for ${unknown.join(', ')}`);
  const callingCodes: MetadataJson['country_calling_codes'] = {};
  for (const [code, members] of Object.entries(full.country_calling_codes)) {
    const kept = members.filter((country) => wanted.has(country));
    if (kept.length === 0) continue;
    if (kept[0] !== members[0])
      throw new Error(`${kept.join(', ')} share +${code} with ${members[0]}, whose plan reads the numbers they do not claim: accept ${members[0]} too`);
    callingCodes[code] = kept;
  }
  const plans = Object.entries(full.countries).filter(([country]) => wanted.has(country));
  // The non-geographic codes (+800 freephone, +882 networks…) are nobody's phone: none is accepted.
  return { version: full.version, country_calling_codes: callingCodes, countries: Object.fromEntries(plans), nonGeographic: {} };
}

/** One line per country, so an update of libphonenumber-js shows which countries' plans changed. */
export function metadataFileText(metadata: MetadataJson): string {
  const countries = Object.entries(metadata.countries).map(([country, plan]) => `    ${JSON.stringify(country)}: ${JSON.stringify(plan)}`);
  return [
    '{',
    `  "version": ${JSON.stringify(metadata.version)},`,
    `  "country_calling_codes": ${JSON.stringify(metadata.country_calling_codes)},`,
    '  "countries": {',
    countries.join(',\n'),
    '  },',
    `  "nonGeographic": ${JSON.stringify(metadata.nonGeographic)}`,
    '}',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(fileURLToPath(new URL(`../${PHONE_METADATA}`, import.meta.url)), metadataFileText(phoneMetadataFor(ACCEPTED_PHONE_COUNTRIES)));
  writeFileSync(
    fileURLToPath(new URL(`../${PHONE_TYPES_METADATA}`, import.meta.url)),
    metadataFileText(phoneMetadataFor(ACCEPTED_PHONE_COUNTRIES, installedMetadata('max'))),
  );
  console.log(
    `${PHONE_METADATA} and ${PHONE_TYPES_METADATA}: the numbering plans of ${ACCEPTED_PHONE_COUNTRIES.length} countries, from libphonenumber-js ${createRequire(import.meta.url)('libphonenumber-js/package.json').version}`,
  );
}
