import '../../../local/server/quiet-sdk-notices.js';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { buildRawMessage, createSesEmail, headerText } from '../../../functions/providers/ses-email.js';
import { EmailError, type EmailMessage } from '../../../functions/core/ports/email.js';

/** A local fake of SES v2's SendEmail; the real SDK client is pointed at it by endpoint. */
const requests: {
  url: string;
  body: { FromEmailAddress?: string; Destination?: { ToAddresses?: string[] }; ReplyToAddresses?: string[]; Content?: { Raw?: { Data?: string } } };
}[] = [];

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const server = createServer((request, response) => {
  void (async () => {
    const body = JSON.parse((await read(request)) || '{}');
    requests.push({ url: request.url ?? '', body });
    const to = body.Destination?.ToAddresses?.[0];
    if (to === 'blocked@example.ie') {
      return response
        .writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' })
        .end(JSON.stringify({ message: `Email address is not verified: ${to}` }));
    }
    if (to === 'slow@example.ie') {
      return response
        .writeHead(429, { 'content-type': 'application/json', 'x-amzn-errortype': 'TooManyRequestsException' })
        .end(JSON.stringify({ message: 'slow down' }));
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: '0102018f-test-message' }));
  })();
});
let client: SESv2Client;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  client = new SESv2Client({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message: EmailMessage = {
  salonId: 'sal_1',
  to: 'niamh@example.ie',
  subject: 'Booking confirmed: Cut at Bláth Hair, Saturday 28 November at 14:30',
  text: "You're booked at Bláth Hair.\n",
  html: '<p>You&#39;re booked at Bláth Hair.</p>',
  attachments: [
    {
      filename: 'invite.ics',
      contentType: 'text/calendar; method=REQUEST',
      content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Cut at Bláth Hair\r\nEND:VCALENDAR\r\n',
    },
  ],
  fromName: 'Bláth Hair',
  replyTo: 'owner@blath.ie',
};

/** The MIME parts of a raw message, decoded: headers and body of every leaf. */
function leaves(raw: string): { headers: string; body: string }[] {
  const found: { headers: string; body: string }[] = [];
  const walk = (entity: string) => {
    const split = entity.indexOf('\r\n\r\n');
    const headers = entity.slice(0, split);
    const body = entity.slice(split + 4);
    const boundary = /boundary="([^"]+)"/.exec(headers)?.[1];
    if (!boundary) {
      found.push({ headers, body: /base64/i.test(headers) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body });
      return;
    }
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r\n/, ''));
    }
  };
  walk(raw);
  return found;
}

describe('the SES email adapter', () => {
  it('sends raw MIME through SendEmail and answers the message id', async () => {
    const email = createSesEmail(client, { from: 'bookings@salondesk.ie' });
    expect(await email.provider()).toBe('ses');
    expect(await email.send(message)).toEqual({ id: '0102018f-test-message' });
    const { url, body } = requests.at(-1)!;
    expect(url).toBe('/v2/email/outbound-emails');
    expect(body.FromEmailAddress).toBe('bookings@salondesk.ie');
    expect(body.Destination?.ToAddresses).toEqual(['niamh@example.ie']);
    expect(body.ReplyToAddresses).toEqual(['owner@blath.ie']);
    const raw = Buffer.from(body.Content!.Raw!.Data!, 'base64').toString('utf8');
    expect(raw).toContain('To: niamh@example.ie');
    expect(raw).toMatch(/^From: =\?UTF-8\?B\?[^?]+\?= <bookings@salondesk\.ie>$/m);
    const parts = leaves(raw);
    expect(parts.map((part) => /Content-Type: ([^;\r\n]+)/.exec(part.headers)?.[1])).toEqual(['text/plain', 'text/html', 'text/calendar', 'text/calendar']);
    expect(parts[0]!.body).toBe(message.text);
    expect(parts[1]!.body).toBe(message.html);
    // Inline for mail clients' Accept buttons, and as the invite.ics attachment.
    expect(parts[2]!.headers).toContain('method=REQUEST');
    expect(parts[3]!.headers).toContain('Content-Disposition: attachment; filename="invite.ics"');
    expect(parts[3]!.body).toBe(message.attachments[0]!.content);
  });

  it('encodes non-ASCII headers and refuses header injection', () => {
    const encoded = headerText('Booking confirmed: Bláth Hair');
    expect(encoded).toMatch(/^=\?UTF-8\?B\?/);
    const decoded = encoded
      .split('\r\n ')
      .map((word) => Buffer.from(/=\?UTF-8\?B\?(.*)\?=/.exec(word)![1]!, 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('Booking confirmed: Bláth Hair');
    const raw = buildRawMessage({ ...message, subject: 'Hi\r\nBcc: victim@example.com', fromName: 'Evil"\r\nBcc: x@y.z' }, 'bookings@salondesk.ie');
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).toContain('Subject: Hi Bcc: victim@example.com');
  });

  it('turns refusals and throttling into typed errors without the address', async () => {
    const email = createSesEmail(client, { from: 'bookings@salondesk.ie' });
    const refused = await email.send({ ...message, to: 'blocked@example.ie' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EmailError);
    expect(refused).toMatchObject({ kind: 'rejected', status: 400, message: 'SES answered 400 (MessageRejected)' });
    await expect(email.send({ ...message, to: 'slow@example.ie' })).rejects.toMatchObject({ kind: 'unavailable', status: 429 });
  });
});
