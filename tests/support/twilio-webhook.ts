import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { twilioSignature } from '../../functions/providers/twilio-signature.js';

/** Twilio's voice webhook on the running product, signed as Twilio signs it (with the sandbox's local auth token). */
export const twilioAuthToken = () => readFileSync(inject('productEnv').LOCAL_TWILIO_AUTH_TOKEN_FILE!, 'utf8').trim();
export const voiceWebhookUrl = (query = '') => `${inject('baseUrl')}/api/twilio/voice${query}`;

export async function postVoiceWebhook(
  params: Record<string, string>,
  options: { signature?: string | null; query?: string; signedParams?: Record<string, string>; signedUrl?: string } = {},
) {
  const url = voiceWebhookUrl(options.query);
  const signature =
    options.signature === undefined ? twilioSignature(twilioAuthToken(), options.signedUrl ?? url, options.signedParams ?? params) : options.signature;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}
