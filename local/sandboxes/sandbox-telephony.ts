import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { voiceAccessToken } from '../../functions/providers/twilio-access-token.js';
import { isValidTwilioSignature } from '../../functions/providers/twilio-signature.js';
import { logger } from '../../functions/logger.js';
import type { TelephonyPort } from '../../functions/core/ports/telephony.js';

/**
 * No Twilio account: webhooks are signed as Twilio signs them, with a local auth token that
 * `npm start` keeps in its data folder (the local phone signs with it); access tokens are real
 * Twilio-shaped tokens for a sandbox account and app, signed with the same key; nothing is
 * dialled. Without a key file every webhook is refused.
 */
export const SANDBOX_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const SANDBOX_API_KEY_SID = `SK${'0'.repeat(32)}`;
export const SANDBOX_TWIML_APP_SID = `AP${'0'.repeat(32)}`;

/** Creates the local auth token file (owner-only permissions) unless it exists. */
export function ensureLocalTwilioAuthToken(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, randomBytes(16).toString('hex'), { mode: 0o600, flag: 'wx' });
}

export function readLocalTwilioAuthToken(file: string): string {
  return readFileSync(file, 'utf8').trim();
}

export function createSandboxTelephony(options: { authTokenFile?: string }): TelephonyPort {
  let authToken: string | undefined;
  const key = () => (authToken ??= options.authTokenFile ? readLocalTwilioAuthToken(options.authTokenFile) : undefined);
  return {
    provider: async () => 'sandbox',
    async verifyWebhook({ url, params, signature }) {
      const token = key();
      return token ? isValidTwilioSignature(token, url, params, signature) : false;
    },
    async clientToken({ identity, ttlSeconds }) {
      const secret = key() ?? randomBytes(16).toString('hex');
      return voiceAccessToken({
        accountSid: SANDBOX_ACCOUNT_SID,
        keySid: SANDBOX_API_KEY_SID,
        secret,
        applicationSid: SANDBOX_TWIML_APP_SID,
        identity,
        ttlSeconds,
      });
    },
    // The sandbox's test call is a typed conversation: there is no call to end.
    endConference: async () => true,
    // Nothing is dialled, so no call is on record: the sweep closes one whose end never came as abandoned.
    callState: async () => ({ state: 'unknown' }),
    async redirectCall(callSid) {
      logger.info('sandbox telephony: call redirected', { callSid });
    },
    pointNumberAt: async () => true,
    // Made-up Dublin numbers (01 9xx xxxx): the local phone rings them through the real webhook.
    buyNumbers: async ({ count }) => Array.from({ length: count }, () => `+35319${String(randomInt(0, 1_000_000)).padStart(6, '0')}`),
    releaseNumber: async () => true,
  };
}
