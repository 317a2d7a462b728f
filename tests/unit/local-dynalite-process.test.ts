import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

/**
 * The local DynamoDB's own process (bin/local/dynalite-process.ts) stops cleanly when told to,
 * even with a request still arriving on a connection it had open: it used to ask the closed
 * server for its address while answering, and died with a TypeError instead.
 */
const script = fileURLToPath(new URL('../../bin/local/dynalite-process.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'dynalite-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Resolves once the port refuses new connections: the server has closed its listening socket. */
async function refusing(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => (probe.destroy(), resolve(false)));
      probe.once('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** What the socket receives until `text` arrives, or until it closes (a process that died answers nothing). */
const received = (socket: Socket, text: string) =>
  new Promise<string>((resolve) => {
    let seen = '';
    const done = () => {
      socket.off('data', onData);
      socket.off('close', done);
      resolve(seen);
    };
    const onData = (data: Buffer) => {
      seen += String(data);
      if (seen.includes(text)) done();
    };
    socket.on('data', onData);
    socket.once('close', done);
  });

it('a request arriving on an open connection after SIGTERM is answered, and the process exits 0', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], { cwd: dirname(script), env: { ...process.env, LOCAL_DYNAMODB_KEYS: '{}' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (data) => (stderr += String(data)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = Number(await new Promise<string>((resolve) => child.stdout.once('data', (data) => resolve(String(data).trim()))));
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  // The first request's body is not all sent, so the connection is busy, not idle, when the server closes.
  const head = (length: number) => `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: ${length}\r\n\r\n`;
  const first = received(socket, 'HTTP/1.1 403');
  socket.write(`${head(4)}{}`);
  await first;
  child.kill('SIGTERM');
  await refusing(port);
  const second = received(socket, 'Sign requests');
  socket.write(`{}${head(2)}{}`);
  expect(await second).toContain('HTTP/1.1 403');
  socket.end();
  expect(await exited).toBe(0);
  expect(stderr).not.toContain('TypeError');
});
