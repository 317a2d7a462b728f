import type { ExtractedServiceDraft } from '../../contracts/price-list.js';
import type { PriceListKind } from '../price-list/detect-file-type.js';

/**
 * The extraction port: the text of one price list → the services in it, and typical durations
 * for services that have none. Adapters: `offline-extraction.ts` (the rule parser and the table
 * of typical durations, always available) and `bedrock-extraction.ts` (an LLM through Bedrock's
 * Converse API where BEDROCK_MODEL_ID is configured, held to the same schema, falling back to the
 * offline adapter whenever it fails). The composition root picks one.
 */
export interface PriceListDocument {
  /** The file's name as the owner knows it (for context only). */
  fileName: string;
  kind: PriceListKind;
  /** Text read from the file (functions/core/price-list/read-text.ts); for an image, what OCR read. */
  text: string;
  /** The picture itself when the file is a photo: an adapter that reads images (Bedrock) reads it. */
  image?: { bytes: Uint8Array };
}

export interface PriceListExtractor {
  extractServices(document: PriceListDocument): Promise<ExtractedServiceDraft[]>;
  /** Minutes for each name, in order; null where no sensible duration is known. */
  suggestDurations(names: readonly string[]): Promise<(number | null)[]>;
}
