import { publicRoute, type ApiResult } from '../../functions/http/handler.js';
import { NotFoundError } from '../../functions/core/errors.js';
import { deps } from '../../functions/composition-root.js';
import { sandboxConsentQuery } from '../../functions/contracts/calendar.js';
import { callbackUrl, hashState, requestSiteUrl, returnUrl, STATE_TTL_SECONDS } from '../../functions/core/calendar-connection.js';
import { isPkceChallenge, sandboxAuthorizationCode } from '../sandboxes/sandbox-calendar.js';
import { escapeHtml } from '../../functions/core/escape-html.js';
import { localRoutes } from '../routes.js';

/**
 * Sandbox: the local stand-in for Google's consent screen, served only while the calendar
 * sandbox is active (404 once real Google credentials are configured). Allow and Deny go back to
 * the real callback exactly as Google would: `?code=…&state=…` or `?error=access_denied&state=…`.
 */
const TITLE = 'Sandbox: Google Calendar consent';

function page(statusCode: number, body: string): ApiResult {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // A consent page must never be framed (clickjacking); it runs no script at all.
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'referrer-policy': 'no-referrer',
    },
    body: `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:8px;padding:.75rem 1rem}
ul{padding-left:1.25rem}.actions{display:flex;gap:1rem;margin-top:1.5rem}
a.button{display:inline-block;padding:.6rem 1.4rem;border-radius:6px;text-decoration:none;font-weight:600;border:2px solid #1d4ed8}
a.allow{background:#1d4ed8;color:#fff}a.deny{background:#fff;color:#1d4ed8}a.button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}</style>
</head><body><main>
<h1>${TITLE}</h1>
<p class="banner" role="note"><strong>Sandbox.</strong> This page stands in for Google's consent screen because no Google credentials are configured. No Google account is used and nothing leaves this machine; the calendars you get are sample ones.</p>
${body}
</main></body></html>`,
  };
}

export const handler = publicRoute({ routeId: 'google-sandbox-consent', table: localRoutes, query: sandboxConsentQuery }, async ({ event, query }) => {
  const dependencies = deps();
  if ((await dependencies.calendar.provider()) !== 'sandbox') throw new NotFoundError();
  const siteUrl = requestSiteUrl(dependencies.config, event.headers?.host);
  const callback = callbackUrl(siteUrl);
  const state = query.state ?? '';
  const challenge = query.code_challenge ?? '';
  // Only our own callback: this page must not become an open redirect.
  if (query.redirect_uri !== callback || !/^[A-Za-z0-9_-]{43}$/.test(state) || !isPkceChallenge(challenge) || query.code_challenge_method !== 'S256') {
    return page(400, '<p>This consent link is not valid. Go back to the setup wizard and choose Connect Google Calendar again.</p>');
  }
  const pending = await dependencies.googleStore.peekState(hashState(state));
  const fresh = pending && dependencies.now().getTime() - Date.parse(pending.createdAt) <= STATE_TTL_SECONDS * 1000;
  if (!fresh) {
    return page(
      410,
      `<p>This consent link has expired or was already used.</p><p><a href="${escapeHtml(returnUrl(siteUrl, 'fail', pending?.returnTo))}">${pending?.returnTo === 'settings' ? 'Back to Settings' : 'Back to the setup wizard'}</a></p>`,
    );
  }
  const allow = new URL(callback);
  allow.search = new URLSearchParams({ code: sandboxAuthorizationCode(challenge), state }).toString();
  const deny = new URL(callback);
  deny.search = new URLSearchParams({ error: 'access_denied', state }).toString();
  return page(
    200,
    `<p>SalonDesk would like to:</p>
<ul><li>See the list of your calendars</li><li>See when you are free or busy</li><li>Add, change and remove the appointments it books</li></ul>
<div class="actions"><a class="button allow" href="${escapeHtml(allow.toString())}">Allow</a><a class="button deny" href="${escapeHtml(deny.toString())}">Deny</a></div>`,
  );
});
