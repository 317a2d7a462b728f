import * as z from 'zod';

/**
 * Which Twilio Region processes and keeps our calls and texts, and the Edge Location we reach it
 * through (https://www.twilio.com/docs/global-infrastructure/understanding-twilio-regions).
 * Regions are isolated: an account's auth token and API keys work in one region only
 * (https://www.twilio.com/docs/global-infrastructure/create-an-outbound-call-via-rest-api-in-a-non-us-twilio-region),
 * so the provider secret holds the credentials of the region chosen here.
 *
 * Every stage, prod included, defaults to US1 (docs/operations.md, "Twilio region"): IE1 carries
 * Programmable Voice, but Messaging there is a public beta managed by API only, while CANCEL and
 * YES stay ours through the Messaging Service's Advanced Opt-Out, which is set in the Console.
 */
export const TWILIO_REGIONS = ['us1', 'ie1'] as const;
export type TwilioRegion = (typeof TWILIO_REGIONS)[number];

/** Each region's own edges (https://www.twilio.com/docs/global-infrastructure/edge-locations): a region is reached through one of them. */
const REGION_EDGES: Record<TwilioRegion, readonly string[]> = {
  us1: ['ashburn', 'umatilla', 'ashburn-ix', 'san-jose-ix'],
  ie1: ['dublin'],
};

/** IE1 is reached through Dublin; US1 needs no edge (api.twilio.com, and the voice SDK's own choice, are US1). */
const DEFAULT_EDGE: Record<TwilioRegion, string | undefined> = { us1: undefined, ie1: 'dublin' };

export const twilioRegionSchema = z.enum(TWILIO_REGIONS);

export interface TwilioLocation {
  region: TwilioRegion;
  edge?: string;
}

export class TwilioRegionError extends Error {}

/** The configured region and edge, the edge defaulting to the region's own; an edge of another region is refused. */
export function twilioLocation(settings: { TWILIO_REGION?: TwilioRegion; TWILIO_EDGE?: string }): TwilioLocation {
  const region = settings.TWILIO_REGION ?? 'us1';
  const edge = settings.TWILIO_EDGE ?? DEFAULT_EDGE[region];
  if (edge !== undefined && !REGION_EDGES[region].includes(edge))
    throw new TwilioRegionError(`the Twilio edge ${edge} does not reach ${region} (its edges: ${REGION_EDGES[region].join(', ')})`);
  return edge === undefined ? { region } : { region, edge };
}

/** US1 through no particular edge: the SDK's default host, `{product}.twilio.com`. */
export const isDefaultLocation = (location: TwilioLocation) => location.region === 'us1' && location.edge === undefined;

/**
 * The host of a Twilio product (`api`, `messaging`, `numbers`) at a region and edge, as the twilio
 * SDK builds it: `{product}.{edge}.{region}.twilio.com`
 * (https://www.twilio.com/docs/global-infrastructure/using-the-twilio-rest-api-in-a-non-us-region).
 */
export function twilioHost(product: string, location: TwilioLocation): string {
  if (isDefaultLocation(location)) return `${product}.twilio.com`;
  return [product, location.edge, location.region, 'twilio.com'].filter(Boolean).join('.');
}

/** What Twilio keeps in the region, for the preflight and the README (https://www.twilio.com/docs/global-infrastructure/inbound-call-processing). */
export function twilioResidency(location: TwilioLocation): string {
  const where = location.region === 'ie1' ? 'Ireland (IE1, EU data residency)' : 'the United States (US1)';
  return `Twilio keeps call records, message records and texts' bodies in ${where}${location.edge ? `, reached through the ${location.edge} edge` : ''}; we make no recordings`;
}
