import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
} from 'aws-lambda';
import type { z } from 'zod';
import { AppError, BadRequestError, PayloadTooLargeError, UnauthorizedError, UnsupportedMediaTypeError, ServiceUnavailableError } from './errors.js';
import { findRouteById } from '../routes.js';
import { logger } from './logger.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface Owner {
  userId: string;
  username: string;
}

export interface RequestContext<Body> {
  event: ApiEvent;
  body: Body;
  query: Record<string, string | undefined>;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS, ...headers },
    body: JSON.stringify(body),
  };
}

/**
 * The owner as API Gateway's JWT authorizer (or the local server, doing the same checks) left
 * them in the request context. Only an access token of our app client gets this far.
 */
export function ownerFromEvent(event: ApiEvent): Owner {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
  if (!userId || claims?.token_use !== 'access') throw new UnauthorizedError();
  const username = typeof claims.username === 'string' ? claims.username : userId;
  return { userId, username };
}

function rawBody(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** The body's size as the client sent it (binary bodies arrive base64-encoded). */
function bodyBytes(event: ApiEvent): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body, 'utf8');
}

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

/** Turns the first zod issue into a sentence a person can act on. */
export function describeIssues(error: z.ZodError): BadRequestError {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || 'body';
    details[path] ??= issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message;
  }
  const [first] = error.issues;
  const message = first?.code === 'unrecognized_keys' ? `Unknown field(s): ${first.keys.join(', ')}` : (first?.message ?? 'Invalid request');
  return new BadRequestError(message, details);
}

export function parseJsonBody<S extends z.ZodType>(event: ApiEvent, schema: S): z.infer<S> {
  const text = rawBody(event);
  const contentType = header(event, 'content-type') ?? '';
  if (text && !/^application\/json\b/i.test(contentType)) throw new UnsupportedMediaTypeError();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new BadRequestError('Request body is not valid JSON');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw describeIssues(result.error);
  return result.data;
}

function isThrottling(error: unknown): boolean {
  const name = (error as { name?: string })?.name ?? '';
  return /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|ServiceUnavailable|TooManyRequests/.test(name);
}

/** The one place errors become HTTP: typed errors keep their safe message; nothing else leaks. */
export function errorResponse(error: unknown): ApiResult {
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error('request failed', { code: error.code });
    return json(error.status, { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) });
  }
  if (isThrottling(error)) {
    const unavailable = new ServiceUnavailableError();
    logger.warn('dependency throttled', { name: (error as Error).name });
    return json(503, { error: unavailable.message, code: unavailable.code }, { 'retry-after': '1' });
  }
  logger.error('unexpected error', { name: (error as Error)?.name, detail: (error as Error)?.message });
  return json(500, { error: 'Something went wrong', code: 'internal' });
}

interface RouteOptions<S extends z.ZodType | undefined> {
  /** The route's id in functions/routes.ts: its body limit comes from there. */
  routeId: string;
  body?: S;
  /** The spec wants some routes' errors as plain text (the message alone), not JSON. */
  errorBody?: 'json' | 'text';
}

function asPlainText(result: ApiResult): ApiResult {
  const { error } = JSON.parse(String(result.body)) as { error: string };
  return { ...result, headers: { ...result.headers, 'content-type': 'text/plain; charset=utf-8' }, body: error };
}

type BodyOf<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** A route that needs no sign-in. */
export function publicRoute<S extends z.ZodType | undefined = undefined>(
  options: RouteOptions<S>,
  run: (request: RequestContext<BodyOf<S>>) => Promise<ApiResult>,
) {
  return wrap(options, (request) => run(request));
}

/** A route for a signed-in owner; the owner comes from the verified token, never the body. */
export function ownerRoute<S extends z.ZodType | undefined = undefined>(
  options: RouteOptions<S>,
  run: (owner: Owner, request: RequestContext<BodyOf<S>>) => Promise<ApiResult>,
) {
  return wrap(options, (request) => run(ownerFromEvent(request.event), request));
}

function wrap<S extends z.ZodType | undefined>(
  options: RouteOptions<S>,
  run: (request: RequestContext<BodyOf<S>>) => Promise<ApiResult>,
) {
  const route = findRouteById(options.routeId);
  return middy<ApiEvent, ApiResult>().handler(async (event) => {
    try {
      if (bodyBytes(event) > route.maxBodyBytes) throw new PayloadTooLargeError(route.maxBodyBytes);
      const body = (options.body ? parseJsonBody(event, options.body) : undefined) as BodyOf<S>;
      return await run({ event, body, query: event.queryStringParameters ?? {} });
    } catch (error) {
      const response = errorResponse(error);
      return options.errorBody === 'text' ? asPlainText(response) : response;
    }
  });
}
