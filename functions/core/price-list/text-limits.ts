/** The limits reading one price list holds to (PRICE_LIST_LIMITS), apart so that the readers and their dispatcher share them without importing each other. */
export type TextLimits = Record<'maxDocxUnpackedBytes' | 'maxDocxEntries' | 'maxPdfPages' | 'maxImagePixels' | 'maxTextChars' | 'readTimeoutMs', number>;
