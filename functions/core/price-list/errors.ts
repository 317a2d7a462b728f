import { AppError } from '../../http/errors.js';

/**
 * The refusals of a price-list upload. Each is a 4xx whose message names the file and is safe to
 * show the owner as it is (the browser shows the server's text, spec section 8).
 */
export class FileRefusedError extends AppError {
  constructor(status: 400 | 413 | 415 | 422, code: string, message: string) {
    super(status, code, message);
  }
}

export const refuse = {
  empty: (message: string) => new FileRefusedError(400, 'empty_file', message),
  tooLarge: (message: string) => new FileRefusedError(413, 'file_too_large', message),
  unsupported: (message: string) => new FileRefusedError(415, 'unsupported_file_type', message),
  unreadable: (message: string) => new FileRefusedError(422, 'unreadable_file', message),
  nothingFound: (message: string) => new FileRefusedError(422, 'no_services_found', message),
};

/** A file name as it may appear in a message: no paths, no control characters, not endless. */
export function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!clean) return 'the file';
  return clean.length > 80 ? `${clean.slice(0, 60)}…${clean.slice(-15)}` : clean;
}
