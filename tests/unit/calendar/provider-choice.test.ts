import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../functions/config.js';
import { deps, resetDeps } from '../../../functions/composition-root.js';
import { handler as sandboxConsent } from '../../../local/pages/google-sandbox-consent.js';
import type { ApiEvent } from '../../../functions/http/handler.js';
import { useConfigEnv } from '../../support/config-env.js';

/** Which calendar adapter the composition root picks, and what that means for the sandbox page. */
const BASE = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'http://localhost:3000',
};
const saved = { ...process.env };

function configure(extra: Record<string, string>) {
  useConfigEnv({ ...BASE, ...extra });
}

beforeEach(() => configure({}));
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  resetDeps();
});

const consentEvent = { headers: {}, queryStringParameters: {}, requestContext: {}, isBase64Encoded: false } as unknown as ApiEvent;

describe('calendar provider choice', () => {
  it('uses the labelled sandbox without Google credentials', async () => {
    expect(await deps().calendar.provider()).toBe('sandbox');
    const page = await sandboxConsent(consentEvent, {} as never);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sandbox: Google Calendar consent');
  });

  it('uses Google when a client id and secret are configured, and then hides the sandbox consent page', async () => {
    configure({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(await deps().calendar.provider()).toBe('google');
    const url = new URL(
      await deps().calendar.authorizationUrl({ state: 's', codeChallenge: 'c'.repeat(43), redirectUri: 'http://localhost:3000/api/google/oauth/callback' }),
    );
    expect(url.origin).toBe('https://accounts.google.com');
    const page = await sandboxConsent(consentEvent, {} as never);
    expect(page.statusCode).toBe(404);
  });

  it('never falls back to the sandbox in prod: Google Calendar is not set up there', async () => {
    configure({ STAGE: 'prod', USER_POOL_ID: 'eu-west-1_abc', SITE_URL: 'https://salondesk.ie' });
    await expect(deps().calendar.provider()).rejects.toThrow(/Google Calendar is not set up here/);
  });
});
