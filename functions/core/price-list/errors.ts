import { DomainError } from '../errors.js';

/**
 * The refusals of a price-list upload. Each message names the file and is safe to show the owner
 * as it is (the browser shows the server's text).
 */
export class FileRefusedError extends DomainError {
  constructor(kind: 'invalid' | 'too_large' | 'unsupported_type' | 'unprocessable', code: string, message: string) {
    super(kind, code, message);
  }
}

export const refuse = {
  empty: (message: string) => new FileRefusedError('invalid', 'empty_file', message),
  tooLarge: (message: string) => new FileRefusedError('too_large', 'file_too_large', message),
  unsupported: (message: string) => new FileRefusedError('unsupported_type', 'unsupported_file_type', message),
  unreadable: (message: string) => new FileRefusedError('unprocessable', 'unreadable_file', message),
  nothingFound: (message: string) => new FileRefusedError('unprocessable', 'no_services_found', message),
};

/** A file name as it may appear in a message: no paths, no control characters, not endless. */
export function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!clean) return 'the file';
  return clean.length > 80 ? `${clean.slice(0, 60)}…${clean.slice(-15)}` : clean;
}
