import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * DNS rebinding: a page on another site can point its own name at 127.0.0.1 and so reach a
 * loopback server as "same origin". The browser still sends that name in `Host`, so a server
 * that answers only its own local names cannot be reached that way (as Vite's dev server does).
 */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The origins a local server answers on: its loopback names on each of its ports. */
export function localOrigins(ports: readonly number[]): string[] {
  return ports.flatMap((port) => LOOPBACK_NAMES.map((name) => `http://${name}:${port}`));
}

export function isLocalHost(host: string | undefined, origins: ReadonlySet<string>): boolean {
  return host !== undefined && origins.has(`http://${host.toLowerCase()}`);
}

/** Browsers mark what they send (`Origin`, `Sec-Fetch-*`); the AWS SDK's clients never do. */
export function isFromBrowser(request: IncomingMessage): boolean {
  return Object.keys(request.headers).some((name) => name === 'origin' || name.startsWith('sec-fetch-'));
}

export function refuse(response: ServerResponse, status: 403 | 421, message: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(message)),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  response.end(message);
}

export function refuseForeignHost(response: ServerResponse): void {
  refuse(response, 421, 'This server answers only on localhost, 127.0.0.1 and [::1].');
}
