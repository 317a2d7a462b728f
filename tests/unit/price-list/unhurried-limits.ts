import { PRICE_LIST_LIMITS } from '../../../functions/contracts/price-list.js';

/**
 * The product's limits with room to read: tests of what OCR reads pass these, so a loaded test
 * machine (CI shares two cores with Chromium and the local product) never turns a slow read into
 * the product's "took too long" refusal. That refusal has its own test, with a limit of 5 ms.
 */
export const UNHURRIED_LIMITS = { ...PRICE_LIST_LIMITS, readTimeoutMs: 120_000 };
