/**
 * Structured JSON logs (CloudWatch in AWS, the terminal locally). Personal data never reaches a
 * log line: emails, phone numbers and tokens are masked whatever field they hide in.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const PHONE = /\+?\d[\d\s().-]{7,}\d/g;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;

export function redact(text: string): string {
  return text.replace(JWT, '[token]').replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

let sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`);
let minimum: Level = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[minimum]) return;
  // Only the message and fields are redacted: the timestamp would look like a phone number.
  const payload = redact(JSON.stringify({ message, ...fields }));
  sink(`{"level":"${level}","time":"${new Date().toISOString()}",${payload.slice(1)}`);
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
