/**
 * Typed errors: the domain throws these, one place (http/handler.ts) turns them into HTTP.
 * `message` is always safe to show a person; anything else becomes a generic 500/503.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: Record<string, string>) {
    super(400, 'bad_request', message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please sign in again to manage settings') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', `Request body is too large (limit ${Math.floor(limitBytes / 1024)} KB)`);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Request body must be JSON (Content-Type: application/json)') {
    super(415, 'unsupported_media_type', message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'The service is busy right now. Please try again in a moment.') {
    super(503, 'service_unavailable', message);
  }
}
