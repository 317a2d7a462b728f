import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Structured JSON logs (CloudWatch in AWS, the terminal locally). Personal data never reaches a
 * log line: emails, phone numbers and tokens are masked whatever field they hide in.
 *
 * Every line written while a request or an event is handled carries that work's context (the
 * call's sid, the booking's id, the correlation id an event brought: withLogContext), so an
 * operator finds everything one call did with one query (docs/operations.md). That context lives
 * in AsyncLocalStorage, because `npm start` serves every route from one process, several
 * requests at once.
 *
 * In a Lambda every line also names the invocation: `function_name`, `function_request_id`,
 * `cold_start` and `xray_trace_id`. The consumers, jobs, triggers and the admin Lambda write
 * through Powertools for AWS Lambda's Logger, which adds them
 * (functions/observability/powertools-logger.ts); the routes add the same keys themselves
 * (functions/http/handler.ts), since they share one stack with the agent's tools and the voice
 * webhook, whose callers would wait through the Logger's cold start (docs/operations.md).
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
// A run of digits inside a word is an id (a Twilio call sid is 32 hex digits), not a phone number.
const PHONE = /(?<![A-Za-z0-9_])\+?\d[\d\s().-]{7,}\d(?![A-Za-z0-9_])/g;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export function redact(text: string): string {
  return text.replace(JWT, '[token]').replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** Ids only: what ties one piece of work's lines together, and the Lambda invocation that did it. */
export interface LogContext {
  correlationId?: string;
  callSid?: string;
  bookingId?: string;
  salonId?: string;
  function_name?: string;
  function_request_id?: string;
  cold_start?: boolean;
  xray_trace_id?: string;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `fields` on every line it logs (and what it awaits); an inner context adds to an outer one. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...defined(fields) }, work);
}

/** Adds to the current context what the work learnt on the way (the booking it made). */
export function addLogContext(fields: LogContext): void {
  const store = context.getStore();
  if (store) Object.assign(store, defined(fields));
}

/**
 * Starts a context of its own for the rest of this piece of work (an event a consumer handles):
 * in a Lambda, the invocation; on the local bus, the delivery it runs each consumer in.
 */
export function enterLogContext(fields: LogContext): void {
  context.enterWith(defined(fields));
}

/** The current context's ids (none outside a request or an event). */
export const logContext = (): LogContext => ({ ...context.getStore() });

const defined = (fields: LogContext) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => (typeof value === 'string' && value) || typeof value === 'boolean')) as LogContext;

let sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`);
let minimum: Level = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Whether a line at `level` is written at all. */
export const isLogged = (level: Level) => order[level] >= order[minimum];

/** Writes a finished line, masked as a whole (the timestamp does not look like a phone number). */
export const emitLine = (line: string) => sink(redact(line));

/** What turns a line's level, message and fields into JSON: ours by default, Powertools' where installed. */
export type LineWriter = (level: Level, message: string, fields: Record<string, unknown>) => void;

const plainWriter: LineWriter = (level, message, fields) =>
  emitLine(`{"level":"${level}","time":"${new Date().toISOString()}",${JSON.stringify({ message, ...fields }).slice(1)}`);

let writer: LineWriter = plainWriter;

/** Powertools' Logger takes over the lines of the Lambda that installs it (functions/observability/powertools-logger.ts). */
export function useLineWriter(next: LineWriter): void {
  writer = next;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (isLogged(level)) writer(level, message, { ...context.getStore(), ...fields });
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Lets tests capture every line, and the local server quieten handlers. */
export function setLogSink(next: (line: string) => void, level: Level = minimum): void {
  sink = next;
  minimum = level;
}
