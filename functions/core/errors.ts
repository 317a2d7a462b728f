import type * as z from 'zod';

/**
 * Refusals the domain throws. Each says what kind of refusal it is, never how a transport answers
 * it: functions/http/errors.ts gives each kind its HTTP status, in one place. `message` is always
 * safe to show a person; anything that is not a DomainError is an unexpected failure.
 */
export type RefusalKind =
  /** The request is malformed or asks for something impossible. */
  | 'invalid'
  /** Nobody is signed in, or the credentials are not (or no longer) valid. */
  | 'not_signed_in'
  /** Known, but not allowed to do this. */
  | 'not_allowed'
  | 'not_found'
  /** The current state does not allow it (already done, taken, not ready yet). */
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  /** Well-formed, but nothing usable could be made of it. */
  | 'unprocessable'
  | 'too_many_requests'
  /** A third party refused or failed; nothing of ours changed. */
  | 'provider_failed'
  /** Busy or briefly unavailable: worth trying again shortly. */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string, details?: Record<string, string>) {
    super('invalid', 'bad_request', message, details);
  }
}

export class NotSignedInError extends DomainError {
  constructor(message = 'Please sign in again to manage settings') {
    super('not_signed_in', 'unauthorized', message);
  }
}

export class NotAllowedError extends DomainError {
  constructor(message: string) {
    super('not_allowed', 'forbidden', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super('not_found', 'not_found', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', 'conflict', message);
  }
}

export class UnavailableError extends DomainError {
  constructor(message = 'The service is busy right now. Please try again in a moment.') {
    super('unavailable', 'service_unavailable', message);
  }
}

/** Turns the first zod issue into a sentence a person can act on; `details` has one per field or parameter. */
export function describeIssues(error: z.ZodError, source: 'body' | 'query' = 'body'): InvalidInputError {
  const unknown = (keys: readonly string[]) => `Unknown ${source === 'body' ? 'field' : 'query parameter'}(s): ${keys.join(', ')}`;
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || source;
    details[path] ??= issue.code === 'unrecognized_keys' ? unknown(issue.keys) : issue.message;
  }
  const [first] = error.issues;
  const message = first?.code === 'unrecognized_keys' ? unknown(first.keys) : (first?.message ?? 'Invalid request');
  return new InvalidInputError(message, details);
}
