import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';

/** What the sandbox "sent": emails and SMS, one JSON object a line, listed at /_local/outbox. */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}

export function createOutbox(file: string) {
  mkdirSync(dirname(file), { recursive: true });
  return {
    add(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage {
      const stored = { id: randomUUID(), sentAt: new Date().toISOString(), ...message };
      appendFileSync(file, `${JSON.stringify(stored)}\n`);
      return stored;
    },
    list(): OutboxMessage[] {
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxMessage)
        .reverse();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Emails are rendered as sent (they are our own templates); everything else is escaped. */
export function renderOutboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<article class="message">
  <p class="meta"><strong>${message.channel === 'email' ? 'Email' : 'SMS'}</strong> to ${escapeHtml(message.to)} · <time datetime="${message.sentAt}">${escapeHtml(new Date(message.sentAt).toLocaleString('en-IE'))}</time></p>
  ${message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : ''}
  <div class="body">${message.channel === 'email' ? message.body : escapeHtml(message.body)}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox outbox · SalonDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
.message{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#4b5563;margin:0 0 .5rem}h2{font-size:1.1rem}</style>
</head><body><main>
<h1>Sandbox outbox</h1>
<p class="banner">Sandbox: nothing here was really sent. These are the emails and text messages the product would have sent, newest first.</p>
${rows || '<p>No messages yet. Ask for a password reset link and it will appear here.</p>'}
</main></body></html>`;
}
