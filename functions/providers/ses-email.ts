import { randomBytes } from 'node:crypto';
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import { EmailError, type EmailMessage, type EmailPort } from '../core/ports/email.js';

/**
 * Email through Amazon SES v2. The message goes as raw MIME (`Content.Raw`) so the calendar invite
 * travels both as an inline `text/calendar` part (mail clients show Accept/Add to calendar) and as
 * an `.ics` attachment. The from address is configuration (EMAIL_FROM, a verified SES identity).
 */
export interface SesEmailOptions {
  from: string;
  /** SES configuration set, for delivery events; optional. */
  configurationSet?: string;
}

/** No header value may smuggle a line break (header injection). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const isAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** RFC 2047 encoded words, each at most 75 characters, never splitting a character. */
function encodeWords(value: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const char of value) {
    if (Buffer.byteLength(chunk + char) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word).toString('base64')}?=`).join('\r\n ');
}

export function headerText(value: string): string {
  const line = oneLine(value);
  return isAscii(line) ? line : encodeWords(line);
}

function mailbox(address: string, name?: string): string {
  const plain = oneLine(address);
  if (!name) return plain;
  const display = oneLine(name);
  const shown = isAscii(display) ? `"${display.replace(/["\\]/g, '\\$&')}"` : encodeWords(display);
  return `${shown} <${plain}>`;
}

function base64Lines(content: string | Buffer): string {
  return (Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')).toString('base64').replace(/.{1,76}/g, '$&\r\n');
}

/** A MIME parameter value: printable ASCII without quotes, as filenames we choose are. */
const parameter = (value: string) => oneLine(value).replace(/[^\x20-\x7e]|["\\]/g, '_');

/** The raw message: mixed (alternative (text, html, calendar), attachments…). */
export function buildRawMessage(message: EmailMessage, from: string, date = new Date()): string {
  const mixed = `mixed-${randomBytes(12).toString('hex')}`;
  const alternative = `alt-${randomBytes(12).toString('hex')}`;
  const headers = [
    `From: ${mailbox(from, message.fromName)}`,
    `To: ${mailbox(message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${mailbox(message.replyTo)}`] : []),
    `Subject: ${headerText(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
  ];
  const part = (contentType: string, content: string, extra: string[] = []) =>
    [`Content-Type: ${contentType}`, 'Content-Transfer-Encoding: base64', ...extra, '', base64Lines(content)].join('\r\n');
  const calendars = message.attachments.filter((attachment) => attachment.contentType.toLowerCase().startsWith('text/calendar'));
  const alternatives = [
    part('text/plain; charset=UTF-8', message.text),
    part('text/html; charset=UTF-8', message.html),
    ...calendars.map((calendar) => part(`${oneLine(calendar.contentType)}; charset=UTF-8`, calendar.content)),
  ];
  const attachments = message.attachments.map((attachment) =>
    part(`${oneLine(attachment.contentType)}; name="${parameter(attachment.filename)}"`, attachment.content, [
      `Content-Disposition: attachment; filename="${parameter(attachment.filename)}"`,
    ]),
  );
  const body = [
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    ...alternatives.flatMap((content) => [`--${alternative}`, content]),
    `--${alternative}--`,
    ...attachments.flatMap((content) => [`--${mixed}`, content]),
    `--${mixed}--`,
    '',
  ];
  return [...headers, '', ...body].join('\r\n');
}

interface SdkishError {
  name?: unknown;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

/** Only the SDK's error name and status survive: never an address or the message. */
function translate(error: unknown): EmailError {
  const { name, $metadata } = (error ?? {}) as SdkishError;
  const status = $metadata?.httpStatusCode;
  const label = `SES answered ${status ?? 'nothing'}${typeof name === 'string' ? ` (${name})` : ''}`;
  const transient = status === undefined || status === 429 || status >= 500 || name === 'TooManyRequestsException' || name === 'LimitExceededException';
  return new EmailError(transient ? 'unavailable' : 'rejected', label, status);
}

export function createSesEmail(client: Pick<SESv2Client, 'send'>, options: SesEmailOptions): EmailPort {
  return {
    provider: async () => 'ses',
    async send(message) {
      try {
        const result = await client.send(
          new SendEmailCommand({
            FromEmailAddress: options.from,
            Destination: { ToAddresses: [message.to] },
            ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
            Content: { Raw: { Data: Buffer.from(buildRawMessage(message, options.from)) } },
            ...(options.configurationSet ? { ConfigurationSetName: options.configurationSet } : {}),
          }),
        );
        return { id: result.MessageId ?? 'unknown' };
      } catch (error) {
        throw translate(error);
      }
    },
  };
}
