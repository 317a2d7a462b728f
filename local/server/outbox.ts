import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { OutboxAttachment, OutboxStore } from '../../functions/core/ports/outbox-store.js';
import { escapeHtml } from '../../functions/core/escape-html.js';

/**
 * What the sandboxes "sent", listed at /_local/outbox: the user pool's emails (password reset
 * links), one JSON object a line in a file, and the product's own SMS and emails, which the SMS and
 * email sandboxes keep in the single table's outbox (functions/store/outbox-store.ts).
 */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  /** SMS text; an email's plain-text part (table) or its HTML (the user pool's emails). */
  body: string;
  /** An email's HTML part (table outbox only). */
  html?: string;
  attachments?: OutboxAttachment[];
  /** The salon it was sent for (table outbox only). */
  salonId?: string;
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

/** Anything the outbox page can list from. */
export interface OutboxLister {
  /** Newest first; with `salonId`, that salon's only (the tests' `?salon=`: every salon's newest few can crowd it out). */
  list(salonId?: string): OutboxMessage[] | Promise<OutboxMessage[]>;
}

/** The file's messages and the table outbox's, newest first. */
export function mergedOutbox(file: Outbox, table: Pick<OutboxStore, 'listRecent' | 'listForSalon'>, limit = 200): OutboxLister {
  return {
    async list(salonId) {
      const stored = salonId === undefined ? await table.listRecent(limit) : await table.listForSalon(salonId, limit);
      const fromTable: OutboxMessage[] = stored.map(({ id, channel, to, subject, body, html, attachments, salonId, sentAt }) => ({
        id,
        channel,
        to,
        ...(subject !== undefined ? { subject } : {}),
        body,
        ...(html !== undefined ? { html } : {}),
        attachments,
        salonId,
        sentAt,
      }));
      return [...(salonId === undefined ? file.list() : []), ...fromTable].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    },
  };
}

function renderAttachment(attachment: OutboxAttachment): string {
  const href = `data:${attachment.contentType.split(';')[0]};charset=utf-8;base64,${Buffer.from(attachment.content, 'utf8').toString('base64')}`;
  return `<div class="attachment">
    <p>Attachment: <a href="${escapeHtml(href)}" download="${escapeHtml(attachment.filename)}">Download ${escapeHtml(attachment.filename)}</a> <span class="meta">(${escapeHtml(attachment.contentType)})</span></p>
    <details><summary>Show ${escapeHtml(attachment.filename)}</summary><pre>${escapeHtml(attachment.content)}</pre></details>
  </div>`;
}

/**
 * The user pool's emails are rendered as sent (our own template). Everything the product's sandboxes
 * sent is shown as text; an email's HTML only inside a sandboxed frame (names come from phone calls).
 */
function renderBody(message: OutboxMessage): string {
  if (message.html === undefined && message.attachments === undefined) {
    return `<div class="body">${message.channel === 'email' ? message.body : escapeHtml(message.body)}</div>`;
  }
  const html =
    message.html !== undefined
      ? `<details><summary>HTML version</summary><iframe sandbox="" title="HTML version of ${escapeHtml(message.subject ?? 'the email')}" srcdoc="${escapeHtml(message.html)}"></iframe></details>`
      : '';
  return `<div class="body text">${escapeHtml(message.body)}</div>${html}${(message.attachments ?? []).map(renderAttachment).join('')}`;
}

export function renderOutboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<article class="message" data-channel="${message.channel}">
  <p class="meta"><strong>${message.channel === 'email' ? 'Email' : 'SMS'}</strong> to ${escapeHtml(message.to)} · <time datetime="${message.sentAt}">${escapeHtml(new Date(message.sentAt).toLocaleString('en-IE', { timeZone: 'Europe/Dublin' }))}</time></p>
  ${message.subject ? `<h2>${escapeHtml(message.subject)}</h2>` : ''}
  ${renderBody(message)}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox outbox · SalonDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
.message{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#4b5563;margin:0 0 .5rem}h2{font-size:1.1rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.75rem;border-radius:6px;font-size:.85rem}
iframe{width:100%;height:24rem;border:1px solid #d1d5db;border-radius:6px;background:#fff}details{margin:.5rem 0}.attachment{margin-top:.75rem}</style>
</head><body><main>
<h1>Sandbox outbox</h1>
<p class="banner">Sandbox: nothing here was really sent. These are the emails and text messages the product would have sent, newest first.</p>
${rows || '<p>No messages yet. Ask for a password reset link, or make a booking, and it will appear here.</p>'}
</main></body></html>`;
}
