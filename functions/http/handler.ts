import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { describeIssues, DomainError, InvalidInputError, NotSignedInError, UnavailableError } from '../core/errors.js';
import type { Owner } from '../core/owner.js';
import { PAGE_OWNER_HEADER } from '../contracts/page-owner.js';
import { refuseDeletedOwner } from '../core/salon.js';
import { deps } from '../composition-root.js';
import { PayloadTooLargeError, statusOf, UnsupportedMediaTypeError } from './errors.js';
import { findRouteById, findRouteIn, type RouteDefinition } from '../routes.js';
import { logger, withLogContext } from '../logger.js';
import { countServerError, invocationKeys } from '../observability/route-telemetry.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface RequestContext<Body, Query> {
  event: ApiEvent;
  body: Body;
  query: Query;
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

/** A file to save (a CSV export, say), with the same no-store and nosniff headers as every JSON answer. */
export function download(body: string, contentType: string, fileName: string): ApiResult {
  return {
    statusCode: 200,
    headers: { 'content-type': contentType, ...SECURITY_HEADERS, 'content-disposition': `attachment; filename="${fileName}"` },
    body,
  };
}

/**
 * The owner as API Gateway's JWT authorizer (or the local server, doing the same checks) left
 * them in the request context. Only an access token of our app client gets this far. A page of
 * the web app names the owner it was loaded for: a token of anyone else (the next owner to sign in
 * on a shared computer, while a tab of the last one is still open) is refused (RELIABILITY 99).
 */
export function ownerFromEvent(event: ApiEvent): Owner {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const userId = typeof claims?.sub === 'string' ? claims.sub : undefined;
  if (!userId || claims?.token_use !== 'access') throw new NotSignedInError();
  const pageOwner = header(event, PAGE_OWNER_HEADER);
  if (pageOwner !== undefined && pageOwner !== userId) throw new NotSignedInError();
  const username = typeof claims.username === 'string' ? claims.username : userId;
  return { userId, username };
}

/** The body as the client sent it, as text: what webhook signatures are computed over. */
export function rawBody(event: ApiEvent): string {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** The body's size as the client sent it (binary bodies arrive base64-encoded). */
function bodyBytes(event: ApiEvent): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').length : Buffer.byteLength(event.body, 'utf8');
}

/** A request header, whatever its case. */
export function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

/**
 * `application/json`, with no charset or UTF-8 (the only one JSON has, RFC 8259): bodies are
 * decoded as UTF-8, so one declared otherwise would be read as something it is not.
 */
export function isJsonContentType(event: ApiEvent): boolean {
  const [mediaType = '', ...parameters] = (header(event, 'content-type') ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1');
  return charset === undefined || charset === 'utf-8';
}

/** A route without a query schema takes no parameters: one sent anyway is a mistake worth saying. */
const NO_PARAMETERS = z.strictObject({});

function parseQuery<S extends z.ZodType>(event: ApiEvent, schema: S): z.infer<S> {
  const result = schema.safeParse(event.queryStringParameters ?? {});
  if (!result.success) throw describeIssues(result.error, 'query');
  return result.data;
}

export function parseJsonBody<S extends z.ZodType>(event: ApiEvent, schema: S): z.infer<S> {
  const text = rawBody(event);
  if (text && !isJsonContentType(event)) throw new UnsupportedMediaTypeError();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new InvalidInputError('Request body is not valid JSON');
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw describeIssues(result.error);
  return result.data;
}

function isThrottling(error: unknown): boolean {
  const name = (error as { name?: string })?.name ?? '';
  return /Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|ServiceUnavailable|TooManyRequests/.test(name);
}

/** The one place errors become HTTP: domain refusals keep their safe message and get their status; nothing else leaks. */
export function errorResponse(error: unknown): ApiResult {
  if (error instanceof DomainError) {
    const status = statusOf(error);
    if (status >= 500) logger.error('request failed', { code: error.code });
    return json(status, { error: error.message, code: error.code, ...(error.details ? { details: error.details } : {}) });
  }
  if (isThrottling(error)) {
    const unavailable = new UnavailableError();
    logger.warn('dependency throttled', { name: (error as Error).name });
    return json(503, { error: unavailable.message, code: unavailable.code }, { 'retry-after': '1' });
  }
  // The stack goes to the log only (mapped to functions/…ts lines in AWS: source-mapped-stacks.ts), never to the client.
  logger.error('unexpected error', { name: (error as Error)?.name, detail: (error as Error)?.message, stack: (error as Error)?.stack });
  return json(500, { error: 'Something went wrong', code: 'internal' });
}

interface RouteOptions<S extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  /** The route's id in its table (functions/routes.ts unless `table` says otherwise): its body limit comes from there. */
  routeId: string;
  /** A routes table other than functions/routes.ts: the local-only routes (local/routes.ts), which CDK never deploys. */
  table?: readonly RouteDefinition[];
  body?: S;
  /**
   * The query string, as a strict schema (an unknown parameter is a 400, as an unknown body field
   * is). Without one the route takes no parameters at all.
   */
  query?: Q;
  /**
   * How refusals are answered: JSON `{error, code}` (the default); the message alone as text (the
   * wizard shows it as it is); or, for a page a browser navigates to, the route's own answer
   * made from the translated refusal (and the error itself, for a caller that speaks its own
   * dialect of refusal), since a JSON body would strand the person there.
   */
  errorBody?: 'json' | 'text' | ((refusal: ApiResult, event: ApiEvent, error: unknown) => ApiResult);
}

function asPlainText(result: ApiResult): ApiResult {
  const { error } = JSON.parse(String(result.body)) as { error: string };
  return { ...result, headers: { ...result.headers, 'content-type': 'text/plain; charset=utf-8' }, body: error };
}

type BodyOf<S> = S extends z.ZodType ? z.infer<S> : undefined;
type QueryOf<Q> = Q extends z.ZodType ? z.infer<Q> : Record<string, never>;

/** A route that needs no sign-in. */
export function publicRoute<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: RouteOptions<S, Q>,
  run: (request: RequestContext<BodyOf<S>, QueryOf<Q>>) => Promise<ApiResult>,
) {
  return wrap(
    options,
    () => undefined,
    (_caller, request) => run(request),
  );
}

/** A route for a signed-in owner; the owner comes from the verified token, never the body. */
export function ownerRoute<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  options: RouteOptions<S, Q> & {
    /**
     * Account deletion only: a deletion that stopped after the owner's tombstone must be possible
     * to run again with the same token (the password, checked by the route, is the gate).
     */
    finishesDeletion?: true;
  },
  run: (owner: Owner, request: RequestContext<BodyOf<S>, QueryOf<Q>>) => Promise<ApiResult>,
) {
  return wrap(options, options.finishesDeletion ? ownerFromEvent : identifyOwner, run);
}

/**
 * The token's owner, refused with 401 when their account was deleted: before the body is read,
 * so a deleted owner's token learns nothing from how a malformed request would be refused.
 */
async function identifyOwner(event: ApiEvent): Promise<Owner> {
  const owner = ownerFromEvent(event);
  await refuseDeletedOwner(deps(), owner);
  return owner;
}

/**
 * A route whose caller proves who it is some other way (a webhook signature, the voice agent's
 * secret): `identify` answers the caller or throws, before anything else about the request is read.
 */
export function securedRoute<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, Caller = unknown>(
  options: RouteOptions<S, Q> & { identify: (event: ApiEvent) => Caller | Promise<Caller> },
  run: (caller: Caller, request: RequestContext<BodyOf<S>, QueryOf<Q>>) => Promise<ApiResult>,
) {
  return wrap(options, options.identify, run);
}

interface RouteValues {
  caller?: unknown;
  query?: unknown;
  body?: unknown;
}

/** What the stack's steps leave for the route: on the invocation's context, middy's way of handing values on. */
const routeValues = (context: Context): RouteValues => ((context as Context & { route?: RouteValues }).route ??= {});

type Step = MiddlewareObj<ApiEvent, ApiResult, unknown, Context>;

/** Authentication first: without it, nothing about the request is looked at or told. */
const identifyCaller = (identify: (event: ApiEvent) => unknown): Step => ({
  name: 'identify-caller',
  before: async (request) => {
    routeValues(request.context).caller = await identify(request.event);
  },
});

const limitBodySize = (maxBytes: number): Step => ({
  name: 'limit-body-size',
  before: (request) => {
    if (bodyBytes(request.event) > maxBytes) throw new PayloadTooLargeError(maxBytes);
  },
});

const readQuery = (schema: z.ZodType): Step => ({
  name: 'read-query',
  before: (request) => {
    routeValues(request.context).query = parseQuery(request.event, schema);
  },
});

const readJsonBody = (schema: z.ZodType | undefined): Step => ({
  name: 'read-json-body',
  before: (request) => {
    routeValues(request.context).body = schema ? parseJsonBody(request.event, schema) : undefined;
  },
});

/** The one place a refusal, or anything thrown, becomes the route's answer (errorResponse); a 5xx is counted under the route. */
const answerRefusals = (routeId: string, errorBody: RouteOptions<undefined, undefined>['errorBody']): Step => ({
  name: 'answer-refusals',
  onError: async (request) => {
    const response = errorResponse(request.error);
    // Counted before the answer leaves, since Lambda may freeze the process once it has.
    if (response.statusCode !== undefined && response.statusCode >= 500)
      await countServerError(routeId).catch((error: unknown) => logger.warn('server error not counted', { detail: (error as Error).message }));
    if (typeof errorBody === 'function') request.response = errorBody(response, request.event, request.error);
    else request.response = errorBody === 'text' ? asPlainText(response) : response;
  },
});

/**
 * Every route's stack, as middy middlewares: the caller first, then the body's size, the query,
 * the body (docs/reliability.md), and refusals answered in one place. middy's stock body parsers
 * and error handler are not used: ours check the body against the route's own schema and answer
 * refusals in the product's shape and words.
 */
function wrap<S extends z.ZodType | undefined, Q extends z.ZodType | undefined, Caller>(
  options: RouteOptions<S, Q>,
  identify: (event: ApiEvent) => Caller | Promise<Caller>,
  run: (caller: Caller, request: RequestContext<BodyOf<S>, QueryOf<Q>>) => Promise<ApiResult>,
) {
  const route = options.table ? findRouteIn(options.table, options.routeId) : findRouteById(options.routeId);
  const handler = middy<ApiEvent, ApiResult, unknown, Context>()
    .use(answerRefusals(route.id, options.errorBody))
    .use(identifyCaller(identify))
    .use(limitBodySize(route.maxBodyBytes))
    .use(readQuery(options.query ?? NO_PARAMETERS))
    .use(readJsonBody(options.body))
    .handler((event, context) => {
      const { caller, query, body } = routeValues(context);
      return run(caller as Caller, { event, body: body as BodyOf<S>, query: query as QueryOf<Q> });
    });
  // Each request logs in a context of its own, with its invocation's keys, which the route adds its call's and booking's ids to.
  return (event: ApiEvent, context: Context) => withLogContext(invocationKeys(context), () => handler(event, context));
}
