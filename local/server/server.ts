import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { allLocalRoutes, findLocalRoute } from '../routes.js';
import { API_GATEWAY_MAX_BODY_BYTES, buildEvent, readBody, type ApiHandler } from './api-gateway.js';
import type { AwsJsonAnswer, AwsJsonCall } from './aws-json.js';
import { isLocalHost, refuseForeignHost } from './local-hosts.js';
import { renderOutboxPage, type OutboxLister } from './outbox.js';
import type { JWTPayload } from 'jose';
import { APP_SHELL, INLINE_SCRIPT_HASHES, siteFileFor } from '../../web/site-files.js';

export type AwsJsonEndpoint = (call: AwsJsonCall) => Promise<AwsJsonAnswer>;

export interface LocalServerOptions {
  webDir: string;
  loadHandler: (entry: string) => Promise<ApiHandler>;
  authorize: (authorization: string | undefined) => Promise<JWTPayload | null>;
  /** The only origins it answers on (`Host`); see local-hosts.ts. */
  origins: readonly string[];
  /** The AWS stand-ins it serves, by path: the user pool's API and the event bus. */
  awsEndpoints: ReadonlyMap<string, AwsJsonEndpoint>;
  /** The sandbox outbox: the user pool's emails and the SMS/email sandboxes' table outbox. */
  outbox: OutboxLister;
  /** The local phone (/_local/phone*): answers true when the request was its own. */
  localPhone?: (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<boolean>;
  runtimeConfig: Record<string, string>;
  /** Resolves once the event bus has delivered everything put on it so far (tests wait on it, never on time). */
  eventsIdle?: () => Promise<void>;
  onError: (message: string) => void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/** The same security headers CloudFront adds in AWS (infra/web.ts). */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': `default-src 'self'; script-src 'self' ${INLINE_SCRIPT_HASHES}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; media-src 'self' data: blob:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), geolocation=(), microphone=(self)',
};

function send(response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  send(response, status, JSON.stringify(body), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    // CloudFront adds it to every /api answer in AWS, API Gateway's own 401s included (infra/web.ts).
    'x-content-type-options': 'nosniff',
  });
}

/** The request listener of `npm start`: web app, API, auth endpoint, event bus and outbox on one origin. */
export function createLocalApp(options: LocalServerOptions) {
  const staticCache = new Map<string, { body: Buffer; gzipped: Buffer | null; type: string }>();
  const webRoot = normalize(options.webDir + sep);

  async function staticFile(path: string) {
    const cached = staticCache.get(path);
    if (cached) return cached;
    const file = normalize(join(options.webDir, path));
    if (!file.startsWith(webRoot)) return null;
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    const body = await readFile(file);
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const entry = { body, type, gzipped: /text|json|svg|javascript/.test(type) ? gzipSync(body) : null };
    staticCache.set(path, entry);
    return entry;
  }

  async function serveWeb(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, { error: 'Method not allowed' });
    // The same choice CloudFront's function makes (web/site-files.ts): a public page's pre-rendered
    // file, a file by its name, or the app shell; a missing file is a 404, not the shell.
    let file: string;
    try {
      file = siteFileFor(decodeURIComponent(url.pathname), url.search);
    } catch {
      return send(response, 400, 'Bad request', { 'content-type': 'text/plain; charset=utf-8' });
    }
    const entry = await staticFile(`/${file}`);
    const page = file === APP_SHELL || file.startsWith('pages/');
    if (!entry && !page) return send(response, 404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
    if (!entry) return send(response, 503, 'The web app is not built yet. Run: npm run build:web', { 'content-type': 'text/plain' });
    const immutable = file.startsWith('assets/');
    const gzip = entry.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? entry.gzipped! : entry.body;
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': entry.type,
      'content-length': String(body.length),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  async function serveApi(request: IncomingMessage, response: ServerResponse, url: URL) {
    const route = findLocalRoute(request.method ?? 'GET', url.pathname);
    if (!route) {
      const pathExists = allLocalRoutes.some((candidate) => candidate.path === url.pathname);
      return sendJson(response, pathExists ? 405 : 404, { message: pathExists ? 'Method Not Allowed' : 'Not Found' });
    }
    const body = await readBody(request, API_GATEWAY_MAX_BODY_BYTES);
    if (body === 'too-large') return sendJson(response, 413, { message: 'Request Entity Too Large' });
    let claims: JWTPayload | null = null;
    if (route.auth === 'owner') {
      claims = await options.authorize(request.headers.authorization);
      if (!claims) return sendJson(response, 401, { message: 'Unauthorized' });
    }
    const handler = await options.loadHandler(route.entry);
    try {
      const result = await handler(buildEvent(request, url, route, body, claims), {});
      const payload = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : Buffer.from(result.body ?? '');
      const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
      if (result.cookies?.length) headers['set-cookie'] = result.cookies;
      response.writeHead(result.statusCode ?? 200, { ...headers, 'content-length': String(payload.length) });
      response.end(payload);
    } catch (error) {
      // A Lambda that throws makes API Gateway answer 500 "Internal Server Error".
      options.onError(`handler ${route.id} threw: ${(error as Error).message}`);
      sendJson(response, 500, { message: 'Internal Server Error' });
    }
  }

  async function serveAwsJson(request: IncomingMessage, response: ServerResponse, endpoint: AwsJsonEndpoint, url: URL) {
    const body = await readBody(request, 1024 * 1024);
    if (body === 'too-large') return sendJson(response, 413, { message: 'Request Entity Too Large' });
    // The signature covers the path as the client sent it, before any URL normalisation.
    const path = (request.url ?? '/').split('?')[0]!;
    const answer = await endpoint({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, body });
    send(response, answer.status, answer.body, {
      'content-type': 'application/x-amz-json-1.1',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  }

  const origins = new Set(options.origins);
  return (request: IncomingMessage, response: ServerResponse) => {
    if (!isLocalHost(request.headers.host, origins)) return refuseForeignHost(response);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // AWS SDK clients append a slash to an endpoint's path.
    const awsEndpoint = options.awsEndpoints.get(url.pathname.replace(/(.)\/$/, '$1'));
    const route = async () => {
      if (url.pathname.startsWith('/api/')) return serveApi(request, response, url);
      if (awsEndpoint) return serveAwsJson(request, response, awsEndpoint, url);
      if (url.pathname === '/_local/outbox') {
        return send(response, 200, renderOutboxPage(await options.outbox.list()), { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      }
      if (url.pathname === '/_local/outbox.json') return sendJson(response, 200, await options.outbox.list(url.searchParams.get('salon') ?? undefined));
      if (url.pathname === '/_local/events/idle' && options.eventsIdle) {
        await options.eventsIdle();
        return sendJson(response, 200, { idle: true });
      }
      if (url.pathname.startsWith('/_local/phone') && options.localPhone && (await options.localPhone(request, response, url))) return;
      if (url.pathname === '/config.json') return sendJson(response, 200, options.runtimeConfig);
      return serveWeb(request, response, url);
    };
    route().catch((error: unknown) => {
      options.onError(`local server: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { message: 'Internal Server Error' });
      else response.destroy();
    });
  };
}
