import * as z from 'zod';

/**
 * Price-list import: what the browser may upload, what it gets back,
 * and every message it may show. Shared by the server and the web app.
 */
export const PRICE_LIST_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'pdf', 'doc', 'docx', 'txt'] as const;
/** For `<input type="file" accept=…>`. */
export const PRICE_LIST_ACCEPT = PRICE_LIST_EXTENSIONS.map((extension) => `.${extension}`).join(',');
/** The multipart field that carries the files. */
export const PRICE_LIST_FIELD = 'files';

export const PRICE_LIST_LIMITS = {
  /** Files in one request. */
  maxFiles: 10,
  /** One file; the request as a whole is capped at the same 4 MB by the route (functions/routes.ts). */
  maxFileBytes: 4 * 1024 * 1024,
  /** Everything a docx unpacks to, checked from its central directory and again while inflating. */
  maxDocxUnpackedBytes: 30 * 1024 * 1024,
  maxDocxEntries: 2_000,
  maxPdfPages: 30,
  /** Width × height of an image given to OCR (a 24 MP phone photo fits). */
  maxImagePixels: 30_000_000,
  /** Text kept from one file; a price list is far shorter. */
  maxTextChars: 200_000,
  /** Services answered for one request (the wizard saves at most 500). */
  maxServices: 500,
  /** Longest a single file may take to read (PDF, OCR), in ms. */
  readTimeoutMs: 20_000,
} as const;

const MB = 1024 * 1024;

const RETAKE_CLOSER = 'A photo taken closer, with the price list filling the frame, will read better.';
const RETAKE_SHARPER = 'A sharper photo, taken straight on in even light with the price list filling the frame, will read better.';

export const priceListMessages = {
  /** Shown when the server gives no text. */
  extractFailed: 'Failed to extract.',
  imported: (count: number) => `Imported ${count} service(s). Please review them, including durations and prices.`,
  autoFillFailed: 'Failed to auto-fill durations',
  autoFilled: (count: number) => `AI updated ${count} service duration(s).`,
  autoFillSkipped: (skips: readonly { name: string; reason: 'no-name' | 'unknown-service' }[]) =>
    `Auto-fill left ${skips.length} without a duration: ${skips
      .map(({ name, reason }) => (reason === 'no-name' ? 'a service with no name (add its name first)' : `${name} (no typical length known: please enter it)`))
      .join('; ')}.`,
  importNeedsReview: (count: number) => `${count} of them may have been misread: they are highlighted below. Please check each one.`,
  unsupportedType: (name: string) => `Unsupported file type: ${name}. Please upload PNG, JPG, WEBP, PDF, DOC, DOCX or TXT files.`,
  noFiles: 'Please choose at least one price list file (PNG, JPG, WEBP, PDF, DOC, DOCX or TXT).',
  tooManyFiles: `Please upload at most ${PRICE_LIST_LIMITS.maxFiles} files at a time.`,
  wrongField: `Please upload the price list files in the form field "${PRICE_LIST_FIELD}".`,
  notMultipart: `Please upload the price list as multipart/form-data (field "${PRICE_LIST_FIELD}").`,
  malformedUpload: 'The upload could not be read. Please try again.',
  emptyFile: (name: string) => `${name} is empty.`,
  fileTooLarge: (name: string) => `${name} is too large. Each file can be at most ${PRICE_LIST_LIMITS.maxFileBytes / MB} MB.`,
  requestTooLarge: `The files are too large together. Please upload at most ${PRICE_LIST_LIMITS.maxFileBytes / MB} MB at a time.`,
  unpacksTooLarge: (name: string) => `${name} unpacks to more than ${PRICE_LIST_LIMITS.maxDocxUnpackedBytes / MB} MB, which is too large for a price list.`,
  tooManyPages: (name: string) => `${name} has more than ${PRICE_LIST_LIMITS.maxPdfPages} pages. Please upload just the price list pages.`,
  imageTooLarge: (name: string) =>
    `${name} is too large an image (over ${PRICE_LIST_LIMITS.maxImagePixels / 1_000_000} megapixels). Please upload a smaller photo.`,
  unreadable: (name: string) => `We could not read ${name}. The file may be damaged. Please try another copy or format.`,
  passwordProtected: (name: string) => `${name} is password-protected. Please upload a copy without a password.`,
  tookTooLong: (name: string) => `${name} took too long to read. Please upload a smaller or clearer file.`,
  noText: (name: string) => `We could not find any text in ${name}. If it is a scanned page, please upload it as a photo (PNG or JPG).`,
  noServices: (names: string) => `We could not find any services in ${names}.`,
  /** A photo read so badly that another would serve better: its print small (closer) or not (sharper). */
  retakeCloser: RETAKE_CLOSER,
  retakeSharper: RETAKE_SHARPER,
  noTextInPhoto: (name: string) => `We could not read any text in ${name}. ${RETAKE_SHARPER}`,
  unknownRoute: 'Unknown route',
} as const;

/** Euro and cent as listed (€24.50): at most two decimals; the store keeps whole cents (issue 45). */
const euros = z
  .number()
  .min(0)
  .max(100_000)
  .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, 'At most two decimals (euro and cent)');

/**
 * Why an imported service should be checked by the owner (issue 20 #2): the photo was hard to read
 * there, the name does not read like a salon service, a price stood with no name, or a line near
 * it was left out. `hard-photo`, on a photo's first service: so many of its lines were left out, or
 * it was read so badly throughout, that another photo would serve the owner better, and how to take it. `detail` is a sentence for the owner.
 */
export const REVIEW_REASONS = ['low-confidence', 'unlike-service', 'price-without-name', 'line-dropped', 'hard-photo'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const serviceReviewSchema = z.strictObject({ reason: z.enum(REVIEW_REASONS), detail: z.string().max(300) });
export type ServiceReview = z.infer<typeof serviceReviewSchema>;

/**
 * One service found in a price list, before it gets an id. The LLM path's answer is held to this
 * schema as well. Prices are euros to the cent (the wizard takes €7.50), or null
 * when the list gives none; duration is minutes, 0 when the list gives none.
 */
export const extractedServiceDraftShape = {
  name: z.string().trim().min(1).max(120),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  price: euros.nullable(),
  price_min: euros.nullable(),
  price_max: euros.nullable(),
  isRange: z.boolean(),
  comment: z.string().max(300),
  /** "POA", "price on consultation": the wizard's "Price on consultation" (issue 45); absent otherwise. */
  consultation: z.boolean().optional(),
  /** What the import was unsure of; absent when nothing. */
  review: z.array(serviceReviewSchema).max(12).optional(),
};

type DraftShape = Pick<
  { [K in keyof typeof extractedServiceDraftShape]: z.infer<(typeof extractedServiceDraftShape)[K]> },
  'price' | 'price_min' | 'price_max' | 'isRange'
>;

function consistentPrices(service: DraftShape, ctx: z.RefinementCtx) {
  if (service.isRange) {
    if (service.price !== null) ctx.addIssue({ code: 'custom', path: ['price'], message: 'A range has no single price' });
    if (service.price_min === null && service.price_max === null) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'A range needs a minimum or a maximum price' });
    }
    if (service.price_min !== null && service.price_max !== null && service.price_min > service.price_max) {
      ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'Min price cannot be greater than max price' });
    }
  } else if (service.price_min !== null || service.price_max !== null) {
    ctx.addIssue({ code: 'custom', path: ['price_min'], message: 'A single price has no minimum or maximum' });
  }
}

export const extractedServiceDraftSchema = z.strictObject(extractedServiceDraftShape).superRefine(consistentPrices);
export type ExtractedServiceDraft = z.infer<typeof extractedServiceDraftSchema>;

export const EXTRACTED_ID = /^ext_[A-Za-z0-9_-]{8,40}$/;

export const extractedServiceSchema = z.strictObject({ id: z.string().regex(EXTRACTED_ID), ...extractedServiceDraftShape }).superRefine(consistentPrices);
export type ExtractedService = z.infer<typeof extractedServiceSchema>;

/** The answer of POST /api/services/extract: the services found, in document order. */
export const extractAnswerSchema = z.array(extractedServiceSchema).max(PRICE_LIST_LIMITS.maxServices);

/**
 * POST /api/services/extract?route=auto-fill-durations. The wizard sends the services it holds,
 * some with no duration yet (0, null or absent); every other field comes back as sent.
 */
const maybeEuros = z.number().min(0).max(100_000).nullable().optional();
export const autoFillServiceSchema = z.strictObject({
  id: z.string().max(64).optional(),
  name: z.string().max(120),
  duration: z
    .number()
    .min(0)
    .max(24 * 60)
    .nullable()
    .optional(),
  price: maybeEuros,
  price_min: maybeEuros,
  price_max: maybeEuros,
  isRange: z.boolean().optional(),
  comment: z.string().max(300).optional(),
  /** Whole euros, checked against the price when the step is saved, not here. */
  deposit: z.number().int().min(0).max(100_000).optional(),
});
export type AutoFillService = z.infer<typeof autoFillServiceSchema>;

/** `?route=auto-fill-durations` picks the JSON call; without it the route reads an upload. */
export const extractQuery = z.strictObject({
  route: z.literal('auto-fill-durations', { error: priceListMessages.unknownRoute }).optional(),
});

export const autoFillRequestSchema = z.strictObject({
  services: z.array(autoFillServiceSchema).max(PRICE_LIST_LIMITS.maxServices),
});
export type AutoFillRequest = z.infer<typeof autoFillRequestSchema>;

/** Why auto-fill left a service's duration empty: it has no name, or no typical length is known for it. */
export const AUTO_FILL_SKIPS = ['no-name', 'unknown-service'] as const;
export interface AutoFillSkip {
  /** The service's place in the request. */
  index: number;
  name: string;
  reason: (typeof AUTO_FILL_SKIPS)[number];
}

export interface AutoFillAnswer {
  services: AutoFillService[];
  /** How many services got a duration (for 'AI updated N service duration(s).'). */
  updated: number;
  /** The services still without a duration, and why. */
  skipped: AutoFillSkip[];
}
