// dynalite in its own process, so the store and the API do not share one event loop (as in AWS,
// where DynamoDB is not inside the Lambda). Prints its port once listening; stops on SIGTERM.
const dynalite = require('dynalite');

const server = dynalite({ path: process.argv[2], createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });

// dynalite checks no signature and answers browsers (CORS): only requests to its own endpoint's
// host and without the headers browsers add get through (the rules of local-hosts.ts, which a
// plain CommonJS child cannot import).
const [answer] = server.listeners('request');
server.removeAllListeners('request');
server.on('request', (request, response) => {
  const ownHost = request.headers.host === `127.0.0.1:${server.address().port}`;
  const fromBrowser = Object.keys(request.headers).some((name) => name === 'origin' || name.startsWith('sec-fetch-'));
  if (ownHost && !fromBrowser) return answer(request, response);
  response.writeHead(ownHost ? 403 : 421, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  response.end(ownHost ? 'Only the product may call this stand-in.' : 'This stand-in answers only on its own 127.0.0.1 address.');
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
