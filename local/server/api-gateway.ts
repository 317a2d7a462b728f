import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDefinition } from '../../functions/routes.js';

/** API Gateway's own cap on a request payload. */
export const API_GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

export type ApiHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript))/i;

/**
 * The JWT authorizer's checks, as API Gateway makes them: signature from the pool's keys,
 * issuer, expiry, and the app client as audience (`aud` of ID tokens, `client_id` of access
 * tokens). Which kind of token is acceptable is the handler's business, as in AWS.
 */
export function createJwtAuthorizer(options: { jwks: JSONWebKeySet; issuer: string; audience: string }) {
  const keySet = createLocalJWKSet(options.jwks);
  return async (authorization: string | undefined): Promise<JWTPayload | null> => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match) return null;
    try {
      const { payload } = await jwtVerify(match[1]!, keySet, { issuer: options.issuer, algorithms: ['RS256'] });
      const audiences = [payload.aud, payload.client_id].flat().filter(Boolean);
      return audiences.includes(options.audience) ? payload : null;
    } catch {
      return null;
    }
  };
}

export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Builds the HTTP API (payload v2) event that API Gateway would hand the route's Lambda. */
export function buildEvent(
  request: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  body: Buffer,
  claims: JWTPayload | null,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const method = request.method ?? 'GET';
  const isText = TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${method} ${route.path}`,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? '127.0.0.1',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${method} ${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: (claims ?? {}) as Record<string, string>, scopes: [] } },
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
