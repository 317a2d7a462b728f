import { callbackUrl } from '../../core/calendar-connection.js';
import { CALENDAR_SCOPES } from '../../providers/google-calendar-rules.js';
import { guarded, sandboxCheck, type Check, type VendorHttp } from './check.js';

const PROVIDER = 'Google';
const AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';

export interface GoogleSettings {
  prod: boolean;
  siteUrl?: string;
  clientId?: string;
  clientSecret?: string;
}

/**
 * The OAuth client accepts this stage's redirect URI: Google's consent endpoint, asked exactly as
 * an owner's browser asks it (nothing is granted: nobody signs in), redirects to its sign-in page
 * for a registered URI and otherwise answers an error (a page, or a redirect to its error page)
 * naming `redirect_uri_mismatch` or `invalid_client`. The consent screen's publishing status has
 * no API: it is a reminder.
 */
export function googleChecks(http: VendorHttp, settings: GoogleSettings): Promise<Check[]> {
  const { clientId } = settings;
  if (!clientId || !settings.clientSecret)
    return Promise.resolve([sandboxCheck(PROVIDER, settings.prod, 'calendar', 'put googleClientId and googleClientSecret in the provider secret')]);
  const consentScreen: Check = {
    provider: PROVIDER,
    status: 'info',
    detail:
      "the OAuth consent screen's publishing status is not in any API: in Testing, 100 test users at most and their grants expire after 7 days; unverified, 100 users for the project's life",
    fix: 'publish the app to production and submit the calendar scopes for verification (docs/operations.md)',
  };
  if (!settings.siteUrl)
    return Promise.resolve([
      { provider: PROVIDER, status: 'warn', detail: 'the site URL is unknown: the redirect URI was not checked', fix: 'pass --site-url <SiteUrl output>' },
      consentScreen,
    ]);
  const redirectUri = callbackUrl(settings.siteUrl);
  return guarded(PROVIDER, async () => {
    const url = new URL(AUTHORIZE);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: CALENDAR_SCOPES.join(' '),
      access_type: 'offline',
      state: 'preflight',
    })) {
      url.searchParams.set(name, value);
    }
    const answer = await http({ method: 'GET', url: url.toString() });
    // Google answers an error either as a page, or as a redirect to its error page naming the error in `authError` (base64).
    const authError = answer.location ? new URL(answer.location).searchParams.get('authError') : null;
    const page = `${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)} ${authError ? Buffer.from(authError, 'base64').toString('latin1') : ''}`;
    let check: Check;
    if (/redirect_uri_mismatch/.test(page))
      check = {
        provider: PROVIDER,
        status: 'fail',
        detail: `the OAuth client does not accept ${redirectUri}`,
        fix: "add it to the client's Authorized redirect URIs (Google Cloud console → Credentials)",
      };
    else if (/invalid_client|deleted_client/.test(page))
      check = {
        provider: PROVIDER,
        status: 'fail',
        detail: 'the OAuth client id is unknown to Google',
        fix: 'copy the client id and secret of a Web application client into the provider secret',
      };
    else if (answer.status >= 300 && answer.status < 400 && !authError)
      check = { provider: PROVIDER, status: 'ok', detail: `the OAuth client accepts ${redirectUri}` };
    else
      check = {
        provider: PROVIDER,
        status: 'warn',
        detail: `Google's consent endpoint answered ${answer.status}: the redirect URI could not be confirmed`,
        fix: `open ${url.toString()} in a browser`,
      };
    return [check, consentScreen];
  });
}
