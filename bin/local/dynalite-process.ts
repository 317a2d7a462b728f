// dynalite in its own process, so the store and the API do not share one event loop (as in AWS,
// where DynamoDB is not inside the Lambda). Prints its port once listening; stops on SIGTERM.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { RequestListener, Server } from 'node:http';
import { isFromBrowser, isLocalHost, refuse, refuseForeignHost } from './local-hosts.js';
import { hasValidSigV4 } from './sigv4.js';

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;

const [dataDir] = process.argv.slice(2);
// The data folder's key (local-keys.ts), handed over by the parent: the only signature accepted.
const keys = JSON.parse(process.env.LOCAL_DYNAMODB_KEYS ?? '{}') as Record<string, string>;
const server = dynalite({ path: dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });

// dynalite checks no signature and answers browsers (CORS): only requests to its own host,
// without the headers browsers add, signed with the data folder's key get through. The body is
// left to dynalite, so the signed payload hash is taken as sent.
const [answer] = server.listeners('request') as RequestListener[];
server.removeAllListeners('request');
// Known once listening: a closed server has no address, and a connection it kept open may still bring a request.
let origins = new Set<string>();
server.on('request', (request, response) => {
  if (!isLocalHost(request.headers.host, origins)) return refuseForeignHost(response);
  if (isFromBrowser(request)) return refuse(response, 403, 'Only the product may call this stand-in.');
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const path = (request.url ?? '/').split('?')[0]!;
  hasValidSigV4({ method: request.method ?? 'POST', path, query: url.searchParams, headers: request.headers }, { service: 'dynamodb', keys }).then(
    (valid) => (valid ? answer!(request, response) : refuse(response, 403, "Sign requests with the data folder's local key.")),
    () => refuse(response, 403, "Sign requests with the data folder's local key."),
  );
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  origins = new Set([`http://127.0.0.1:${port}`]);
  process.stdout.write(`${port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
