import { escapeHtml } from '../../functions/core/escape-html.js';
import type { ApiResult } from '../../functions/http/handler.js';

/**
 * The payments sandbox's pages, as HTML: a labelled page with no script, its forms (each button
 * posts one action), and the answers every page shares.
 */
export const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
};

export function page(statusCode: number, title: string, body: string): ApiResult {
  return {
    statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS },
    body: `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox: ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:38rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:.75rem 1rem}
.summary{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}
form{display:inline-block;margin:.5rem .75rem .5rem 0}
button,a.button{font:inherit;display:inline-block;padding:.6rem 1.2rem;border-radius:6px;font-weight:600;border:2px solid #4f46e5;cursor:pointer;text-decoration:none}
button.primary{background:#4f46e5;color:#fff}button.secondary,a.button{background:#fff;color:#4f46e5}
button.danger{background:#fff;color:#b91c1c;border-color:#b91c1c}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style>
</head><body><main>
<h1>Sandbox: ${escapeHtml(title)}</h1>
<p class="banner" role="note"><strong>Sandbox.</strong> This page stands in for Stripe because no Stripe keys are configured. No card is charged and nothing leaves this machine; what you choose here reaches SalonDesk as the same signed webhook Stripe would send.</p>
${body}
</main></body></html>`,
  };
}

export const form = (action: string, label: string, style: 'primary' | 'secondary' | 'danger' = 'primary') =>
  `<form method="post"><input type="hidden" name="action" value="${escapeHtml(action)}"><button type="submit" class="${style}">${escapeHtml(label)}</button></form>`;

const dateFormat = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', day: 'numeric', month: 'long', year: 'numeric' });
export const day = (unixSeconds: number) => dateFormat.format(new Date(unixSeconds * 1000));

const timeFormat = new Intl.DateTimeFormat('en-IE', { timeZone: 'Europe/Dublin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
export const clockTime = (unixSeconds: number) => timeFormat.format(new Date(unixSeconds * 1000));

export const gone = (what: string) =>
  page(410, what, '<p>This link has expired or was already used. Go back to SalonDesk and start again from Settings → Billing.</p>');

export const notAnAction = (what: string) => page(400, what, '<p>That is not something this page can do.</p>');

export const notOurs = (what: string) => page(400, what, '<p>This link does not lead back to SalonDesk.</p>');

export const redirect = (location: string): ApiResult => ({ statusCode: 303, headers: { location, ...SECURITY_HEADERS }, body: '' });
