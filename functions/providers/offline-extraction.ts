import { parsePriceList } from '../core/price-list/parse-price-list.js';
import { typicalDuration } from '../core/price-list/typical-durations.js';
import type { PriceListExtractor } from '../core/ports/price-list-extractor.js';

/** Extraction with no network at all: the rule parser and the table of typical durations. */
export function createOfflineExtractor(): PriceListExtractor {
  return {
    async extractServices(document) {
      return parsePriceList(document.text);
    },
    async suggestDurations(names) {
      return names.map((name) => typicalDuration(name));
    },
  };
}
