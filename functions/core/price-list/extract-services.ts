import { randomBytes, randomUUID } from 'node:crypto';
import {
  PRICE_LIST_LIMITS,
  priceListMessages,
  type AutoFillAnswer,
  type AutoFillService,
  type ExtractedService,
  type ExtractedServiceDraft,
  extractedServiceDraftSchema,
} from '../../contracts/price-list.js';
import { InvalidInputError } from '../errors.js';
import type { Ports } from '../ports.js';
import { detectFileType, extensionOf, type DetectedFile } from './detect-file-type.js';
import { displayName, FileRefusedError, refuse } from './errors.js';
import { readDocument } from './read-text.js';
import type { TextLimits } from './text-limits.js';
import { reviewServices } from './review.js';

/**
 * Price-list import, start to finish. The order is what keeps a refused request from leaving
 * anything behind:
 * 1. every file is checked (count, size, emptiness, type by content) before any is read;
 * 2. every file is read and its services extracted (a library failing on a bad file is a 422);
 * 3. only when the request will succeed are the originals stored, under the salon's own prefix
 *    `salons/<salonId>/price-lists/<uuid>-<safe name>`;
 * 4. the services get `ext_` ids and are answered in document order, files in upload order, each
 *    with what the import was unsure of (review.ts) for the owner to check.
 * When no file holds a single service the request is refused with a 422 naming the files, so
 * the browser shows a sentence rather than an empty import.
 */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
  /** Set when the multipart reader stopped at the per-file limit. */
  truncated?: boolean;
}

export interface ExtractDeps extends Pick<Ports, 'extractor'> {
  uploads: Pick<Ports['uploads'], 'putSalonObject'>;
}

export type ExtractLimits = TextLimits & Record<'maxFiles' | 'maxFileBytes' | 'maxServices', number>;

export function extractedId(): string {
  return `ext_${randomBytes(12).toString('base64url')}`;
}

/** A name safe as the last part of an S3 key: letters, digits, dot, dash, underscore. */
export function safeObjectName(name: string, kind: DetectedFile['kind']): string {
  const stem =
    displayName(name)
      .replace(/\.[A-Za-z0-9]{1,8}$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'price-list';
  const extension = extensionOf(name) || kind;
  return `${stem}.${extension}`;
}

const isPhoto = (kind: DetectedFile['kind']) => kind === 'png' || kind === 'jpg' || kind === 'webp';

interface EmptyFile {
  shown: string;
  photo: boolean;
  smallPrint: boolean;
}

/** The 422's words when no file held a service: photos only, read so badly, say how to take another. */
function nothingFoundIn(empty: readonly EmptyFile[]): string {
  const names = priceListMessages.noServices(empty.map(({ shown }) => shown).join(', '));
  if (!empty.every(({ photo }) => photo)) return names;
  return `${names} ${empty.some(({ smallPrint }) => smallPrint) ? priceListMessages.retakeCloser : priceListMessages.retakeSharper}`;
}

export async function extractServices(
  deps: ExtractDeps,
  salonId: string,
  files: readonly UploadedFile[],
  limits: ExtractLimits = PRICE_LIST_LIMITS,
): Promise<ExtractedService[]> {
  if (files.length === 0) throw new InvalidInputError(priceListMessages.noFiles);
  if (files.length > limits.maxFiles) throw new InvalidInputError(priceListMessages.tooManyFiles);

  // 1. Check every file before reading any.
  const checked: { file: UploadedFile; type: DetectedFile }[] = [];
  for (const file of files) {
    const shown = displayName(file.name);
    if (file.truncated || file.bytes.byteLength > limits.maxFileBytes) throw refuse.tooLarge(priceListMessages.fileTooLarge(shown));
    if (file.bytes.byteLength === 0) throw refuse.empty(priceListMessages.emptyFile(shown));
    checked.push({ file, type: await detectFileType(file.name, file.bytes) });
  }

  // 2. Read and extract; nothing is stored yet.
  const found: ExtractedServiceDraft[][] = [];
  const empty: EmptyFile[] = [];
  for (const { file, type } of checked) {
    const shown = displayName(file.name);
    // What the reader noticed goes to the review whole, so no note of it is dropped on the way.
    const reading = await readDocument({ name: file.name, kind: type.kind, bytes: file.bytes }, limits);
    const { text, smallPrint } = reading;
    if (!text.trim()) {
      if (checked.length === 1) throw refuse.nothingFound(isPhoto(type.kind) ? priceListMessages.noTextInPhoto(shown) : priceListMessages.noText(shown));
      empty.push({ shown, photo: isPhoto(type.kind), smallPrint });
      found.push([]);
      continue;
    }
    let services: ExtractedServiceDraft[];
    try {
      const image = isPhoto(type.kind) ? { bytes: file.bytes } : undefined;
      services = await deps.extractor.extractServices({ fileName: shown, kind: type.kind, text, image });
    } catch (error) {
      if (error instanceof FileRefusedError) throw error;
      throw refuse.unreadable(priceListMessages.unreadable(shown));
    }
    // Whichever adapter answered, only services that meet the schema go out.
    services = reviewServices(
      services.filter((service) => extractedServiceDraftSchema.safeParse(service).success),
      text,
      { ...reading, fileName: shown },
    );
    if (services.length === 0) empty.push({ shown, photo: isPhoto(type.kind), smallPrint });
    found.push(services);
  }
  const all = found.flat().slice(0, limits.maxServices);
  if (all.length === 0) throw refuse.nothingFound(nothingFoundIn(empty));

  // 3. Store the originals, then 4. answer.
  for (const { file, type } of checked) {
    await deps.uploads.putSalonObject(salonId, `price-lists/${randomUUID()}-${safeObjectName(file.name, type.kind)}`, file.bytes, type.mime);
  }
  return all.map((service) => ({ id: extractedId(), ...service }));
}

/**
 * Fills the durations the owner has not set (0, null or absent) from the extractor's suggestions
 * (typical salon durations, or Bedrock where configured). Everything else comes back as sent;
 * the services left without a duration are named with the reason, so none is skipped silently.
 */
export async function autoFillDurations(extractor: Ports['extractor'], services: readonly AutoFillService[]): Promise<AutoFillAnswer> {
  const unset = services.flatMap((service, index) => (service.duration && service.duration > 0 ? [] : [index]));
  const skipped: AutoFillAnswer['skipped'] = unset.filter((index) => !services[index]!.name.trim()).map((index) => ({ index, name: '', reason: 'no-name' }));
  const missing = unset.filter((index) => services[index]!.name.trim());
  const suggestions = missing.length ? await extractor.suggestDurations(missing.map((index) => services[index]!.name.trim())) : [];
  const filled = services.map((service) => ({ ...service }));
  let updated = 0;
  missing.forEach((index, position) => {
    const minutes = suggestions[position];
    if (typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 5 && minutes <= 12 * 60) {
      filled[index]!.duration = minutes;
      updated += 1;
    } else skipped.push({ index, name: services[index]!.name.trim(), reason: 'unknown-service' });
  });
  return { services: filled, updated, skipped: skipped.sort((a, b) => a.index - b.index) };
}
