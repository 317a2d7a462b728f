import busboy from 'busboy';
import { deps } from '../composition-root.js';
import { autoFillRequestSchema, extractQuery, PRICE_LIST_FIELD, PRICE_LIST_LIMITS, priceListMessages } from '../contracts/price-list.js';
import { autoFillDurations, extractServices, type UploadedFile } from '../core/price-list/extract-services.js';
import { displayName, refuse } from '../core/price-list/errors.js';
import { findOrCreateOwnerSalon } from '../core/salon.js';
import { InvalidInputError } from '../core/errors.js';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../http/errors.js';
import { header, json, ownerRoute, parseJsonBody, type ApiEvent } from '../http/handler.js';
import { UPLOAD_REQUEST_LIMIT } from '../routes.js';

/**
 * POST /api/services/extract — multipart, field `files` → the services found.
 * POST /api/services/extract?route=auto-fill-durations — JSON {services} → {services, updated, skipped}.
 * The salon comes from the token; the route's body limit (4 MB) is enforced before this runs.
 */
export const handler = ownerRoute({ routeId: 'services-extract', query: extractQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  // Before the upload is read: a deleted owner's token gets 401 whatever body it sends, and no extraction is paid for.
  const salon = await findOrCreateOwnerSalon(dependencies, owner);
  if (query.route === 'auto-fill-durations') {
    const { services } = parseJsonBody(event, autoFillRequestSchema);
    return json(200, await autoFillDurations(dependencies.extractor, services));
  }

  const files = await readMultipart(event);
  return json(200, await extractServices(dependencies, salon.id, files));
});

/** The files of a multipart body (base64 from API Gateway), with the limits applied as it is read. */
export async function readMultipart(event: ApiEvent): Promise<UploadedFile[]> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType) || !/boundary=/i.test(contentType)) {
    throw new UnsupportedMediaTypeError(priceListMessages.notMultipart);
  }
  const body = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (body.length > UPLOAD_REQUEST_LIMIT) throw new PayloadTooLargeError(UPLOAD_REQUEST_LIMIT);

  return new Promise<UploadedFile[]>((resolve, reject) => {
    const files: (UploadedFile & { chunks: Buffer[] })[] = [];
    let failure: Error | undefined;
    const fail = (error: Error) => {
      failure ??= error;
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          files: PRICE_LIST_LIMITS.maxFiles,
          fileSize: PRICE_LIST_LIMITS.maxFileBytes,
          fields: 5,
          fieldSize: 1024,
          parts: PRICE_LIST_LIMITS.maxFiles + 5,
        },
        defParamCharset: 'utf8',
      });
    } catch {
      reject(new UnsupportedMediaTypeError(priceListMessages.notMultipart));
      return;
    }
    parser.on('file', (field, stream, info) => {
      // A body cut off mid-file errors the file's stream too: never leave that error unheard.
      stream.on('error', () => fail(new InvalidInputError(priceListMessages.malformedUpload)));
      if (field !== PRICE_LIST_FIELD) {
        fail(new InvalidInputError(priceListMessages.wrongField));
        stream.resume();
        return;
      }
      const file = { name: info.filename || 'upload', bytes: new Uint8Array(0), chunks: [] as Buffer[], truncated: false };
      stream.on('data', (chunk: Buffer) => file.chunks.push(chunk));
      stream.on('limit', () => {
        file.truncated = true;
      });
      files.push(file);
    });
    parser.on('field', (field) => {
      // A `files` part with no file in it, or any other form field.
      fail(new InvalidInputError(field === PRICE_LIST_FIELD ? priceListMessages.noFiles : priceListMessages.wrongField));
    });
    parser.on('filesLimit', () => fail(new InvalidInputError(priceListMessages.tooManyFiles)));
    parser.on('partsLimit', () => fail(new InvalidInputError(priceListMessages.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(new InvalidInputError(priceListMessages.wrongField)));
    parser.on('error', () => reject(failure ?? new InvalidInputError(priceListMessages.malformedUpload)));
    parser.on('close', () => {
      if (failure) return reject(failure);
      const truncated = files.find((file) => file.truncated);
      if (truncated) return reject(refuse.tooLarge(priceListMessages.fileTooLarge(displayName(truncated.name))));
      resolve(files.map(({ name, chunks }) => ({ name, bytes: Buffer.concat(chunks) })));
    });
    parser.end(body);
  });
}
