/**
 * ElevenLabs' EU data-residency environment: an isolated workspace with its own API key
 * (https://elevenlabs.io/docs/product-guides/administration/data-residency; the SDK's
 * `ElevenLabsEnvironment.ProductionEu`). Every stage uses it unless its provider secret says
 * otherwise, and prod never uses another. Apart from the request builders so that configuration
 * can check it without loading them.
 */
export const ELEVENLABS_EU_API_ROOT = 'https://api.eu.residency.elevenlabs.io';

export const isEuApiRoot = (apiRoot: string) => new URL(apiRoot).origin === ELEVENLABS_EU_API_ROOT;
