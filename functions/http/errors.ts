import { DomainError, type RefusalKind } from '../core/errors.js';

/** The one place a refusal becomes an HTTP status (http/handler.ts answers with it). */
const STATUS_OF_REFUSAL: Record<RefusalKind, number> = {
  invalid: 400,
  not_signed_in: 401,
  not_allowed: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  provider_failed: 502,
  unavailable: 503,
};

export const statusOf = (error: DomainError): number => STATUS_OF_REFUSAL[error.kind];

/** The request body is over the route's limit (functions/routes.ts). */
export class PayloadTooLargeError extends DomainError {
  constructor(limitBytes: number) {
    super('too_large', 'payload_too_large', `Request body is too large (limit ${Math.floor(limitBytes / 1024)} KB)`);
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = 'Request body must be JSON (Content-Type: application/json)') {
    super('unsupported_type', 'unsupported_media_type', message);
  }
}
