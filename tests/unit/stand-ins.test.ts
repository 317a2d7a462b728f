import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/config.js';
import { createDependencies } from '../../functions/composition-root.js';
import { CalendarNotConfiguredError } from '../../functions/core/calendar-connection.js';
import { ensureLocalTokenKey } from '../../local/sandboxes/local-token-cipher.js';
import { localStandIns } from '../../local/sandboxes/stand-ins.js';

/**
 * Issue 44, point 2: the stand-ins live in local/ and only `npm start` hands them to the
 * composition root. A Lambda builds its dependencies without them: an unconfigured vendor then
 * fails saying what is missing, in every stage, instead of quietly answering from a sandbox;
 * Google Calendar, which a salon may go without, says it is not set up.
 */
const DEV = {
  TABLE_NAME: 't',
  UPLOADS_BUCKET: 'b',
  EVENT_BUS_NAME: 'e',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'c',
  SITE_URL: 'http://localhost:3000',
  AWS_REGION: 'eu-west-1',
};
const PROD = { ...DEV, STAGE: 'prod', USER_POOL_ID: 'eu-west-1_abc', SITE_URL: 'https://salondesk.ie' };

describe('the composition without stand-ins (a Lambda)', () => {
  it.each(['dev', 'staging'])('refuses every unconfigured vendor by name in %s, naming where its sandbox runs', async (stage) => {
    const deployed = createDependencies(parseConfig({ ...DEV, STAGE: stage }));
    await expect(deployed.payments.provider()).rejects.toThrow('The Stripe secret key is missing: the payments sandbox runs only under npm start (local/)');
    await expect(deployed.voiceAgents.provider()).rejects.toThrow(/voice provider key is missing: the voice agent sandbox runs only under npm start/);
    await expect(deployed.voice.previewUrl('v')).rejects.toThrow(/voice provider key is missing: the voice sandbox runs only under npm start/);
    await expect(deployed.sms.provider()).rejects.toThrow(/Twilio credentials are missing: the SMS sandbox runs only under npm start/);
    await expect(deployed.telephony.provider()).rejects.toThrow(/Twilio credentials are missing: the telephony sandbox runs only under npm start/);
    await expect(deployed.email.provider()).rejects.toThrow(/EMAIL_FROM is missing: the email sandbox runs only under npm start/);
  });

  it('encrypts calendar tokens with KMS only: the key file is the stand-in, ignored without it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'stand-ins-'));
    try {
      const env = { ...DEV, LOCAL_TOKEN_KEY_FILE: join(folder, 'token-key.bin') };
      ensureLocalTokenKey(env.LOCAL_TOKEN_KEY_FILE);
      await expect(createDependencies(parseConfig(env)).tokenCipher.encrypt('token', 'sal_a')).rejects.toThrow(/No token key configured/);
      expect(await createDependencies(parseConfig(env), localStandIns).tokenCipher.encrypt('token', 'sal_a')).toMatch(/^local:v1:/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says Google Calendar is not set up (the salon keeps its own diary), in dev and prod alike', async () => {
    for (const env of [DEV, PROD]) {
      const calendar = createDependencies(parseConfig(env)).calendar;
      const refusal = await calendar.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: 'https://x/cb' }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(CalendarNotConfiguredError);
      expect(refusal).toMatchObject({ kind: 'conflict', code: 'calendar_not_configured', message: expect.stringMatching(/not set up.*diary/) });
    }
  });

  it('answers from the stand-ins when npm start hands them in, and prod refuses them still', async () => {
    const local = createDependencies(parseConfig(DEV), localStandIns);
    expect(
      await Promise.all([
        local.payments.provider(),
        local.voiceAgents.provider(),
        local.sms.provider(),
        local.telephony.provider(),
        local.email.provider(),
        local.calendar.provider(),
      ]),
    ).toEqual(Array(6).fill('sandbox'));
    const prod = createDependencies(parseConfig(PROD), localStandIns);
    await expect(prod.payments.provider()).rejects.toThrow('The Stripe secret key is missing: prod never uses the payments sandbox');
    await expect(prod.calendar.provider()).rejects.toBeInstanceOf(CalendarNotConfiguredError);
  });
});
