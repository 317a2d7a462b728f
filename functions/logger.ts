import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger, LogFormatter, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

/**
 * Structured JSON logs (CloudWatch in AWS, the terminal locally), written by Powertools for AWS
 * Lambda's Logger: in a Lambda every line names the function, the request and the X-Ray trace,
 * and says whether it was a cold start (observed-handler.ts injects the invocation). Personal data
 * never reaches a log line: emails, phone numbers and tokens are masked whatever field they hide in.
 *
 * Every line written while a request or an event is handled carries that work's context (the
 * call's sid, the booking's id, the correlation id an event brought: withLogContext), so an
 * operator finds everything one call did with one query (docs/operations.md). That context lives
 * in AsyncLocalStorage rather than in Powertools' keys, because `npm start` serves every route
 * from one process, several requests at once.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
// A run of digits inside a word is an id (a Twilio call sid is 32 hex digits), not a phone number.
const PHONE = /(?<![A-Za-z0-9_])\+?\d[\d\s().-]{7,}\d(?![A-Za-z0-9_])/g;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export function redact(text: string): string {
  return text.replace(JWT, '[token]').replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** Ids only: what ties one piece of work's lines together. */
export interface LogContext {
  correlationId?: string;
  callSid?: string;
  bookingId?: string;
  salonId?: string;
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

const defined = (fields: LogContext) => Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string' && value)) as LogContext;

/**
 * Our field names and order (level, time, message, then the work's ids and the line's fields),
 * which the stack's metric filters match on (infra/operations.ts), and Powertools' Lambda keys.
 */
class SalonDeskFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const lambda = attributes.lambdaContext;
    return new LogItem({
      attributes: {
        level: attributes.logLevel.toLowerCase(),
        time: this.formatTimestamp(attributes.timestamp),
        message: attributes.message,
        ...additional,
        ...(lambda && { function_name: lambda.functionName, function_request_id: lambda.awsRequestId, cold_start: lambda.coldStart }),
        ...(attributes.xRayTraceId && { xray_trace_id: attributes.xRayTraceId }),
      },
    });
  }
}

let sink: ((line: string) => void) | undefined;

/** Powertools' Logger, every line redacted as a whole as it is printed (and handed to a test's sink). */
class RedactingLogger extends Logger {
  protected override printLog(_level: number, log: LogItem): void {
    const line = redact(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
    if (sink) sink(line);
    else process.stdout.write(`${line}\n`);
  }
}

const toPowertools = (level: Level) => level.toUpperCase() as Uppercase<Level>;

/** The one Powertools Logger: observed-handler.ts gives it each invocation's Lambda context. */
export const powertoolsLogger = new RedactingLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'salondesk',
  logLevel: toPowertools((process.env.LOG_LEVEL as Level | undefined) ?? 'info'),
  logFormatter: new SalonDeskFormatter(),
});

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  powertoolsLogger[level](message, { ...context.getStore(), ...fields });
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};

/** Lets tests capture every line, and the local server quieten handlers. */
export function setLogSink(next: (line: string) => void, level?: Level): void {
  sink = next;
  if (level) powertoolsLogger.setLogLevel(toPowertools(level));
}
