import { messages } from '@functions/contracts/messages';
import { ownerHeaders } from '../features/auth/session';

/** An API failure with the server's safe message (or the caller's fallback message) ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A refused request's message per field path (functions/core/errors.ts, describeIssues), for the form to show beside its fields. */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

const isMessages = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((message) => typeof message === 'string');

async function errorOf(response: Response, fallback: string): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; details?: unknown };
    if (typeof body.error === 'string' && body.error) return new ApiError(response.status, body.error, isMessages(body.details) ? body.details : undefined);
  } catch {
    if (text && text.length < 300 && !text.trimStart().startsWith('<')) return new ApiError(response.status, text);
  }
  return new ApiError(response.status, fallback);
}

/** Calls the app API as the page's owner (their access token as a bearer, and their id: ownerHeaders). */
export async function apiFetch<T>(path: string, init: RequestInit & { fallbackError?: string } = {}): Promise<T> {
  const owner = await ownerHeaders();
  if (!owner) throw new ApiError(401, messages.signInAgain);
  const { fallbackError = messages.somethingWentWrong, headers, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    credentials: 'include',
    headers: { ...owner, ...(rest.body && typeof rest.body === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  if (response.status === 401) throw new ApiError(401, messages.signInAgain);
  if (!response.ok) throw await errorOf(response, fallbackError);
  return (await response.json()) as T;
}
