import { NotAllowedError } from '../core/errors.js';
import type { TelephonyPort } from '../core/ports/telephony.js';
import { header, type ApiEvent } from './handler.js';

/**
 * A Twilio webhook as the Lambda sees it. Twilio signs the URL it requested: the API's own host
 * when its voice URL points at API Gateway (the host header, as API Gateway received it), or the
 * site's when it points at CloudFront (which sends API Gateway its own host): both are tried.
 * Locally the request came over plain HTTP.
 */
export function webhookUrls(event: ApiEvent, siteUrl: string): string[] {
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  const host = header(event, 'host') ?? event.requestContext.domainName;
  const protocol = header(event, 'x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  const urls = [`${protocol}://${host}${event.rawPath}${query}`, `${new URL(siteUrl).origin}${event.rawPath}${query}`];
  return [...new Set(urls)];
}

/** The form parameters Twilio posted (API Gateway may hand the body over base64-encoded). */
export function webhookParams(event: ApiEvent): Record<string, string> {
  const text = !event.body ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) params[name] = value;
  return params;
}

export interface SignedWebhook {
  url: string;
  params: Record<string, string>;
}

/** Twilio's signature over one of the URLs it may have requested, checked before anything is read (the voice and SMS webhooks). */
export async function verifiedTwilioWebhook(
  event: ApiEvent,
  deps: { telephony: Pick<TelephonyPort, 'verifyWebhook'>; siteUrl: string },
): Promise<SignedWebhook> {
  const params = webhookParams(event);
  const signature = header(event, 'x-twilio-signature');
  for (const url of webhookUrls(event, deps.siteUrl)) {
    if (await deps.telephony.verifyWebhook({ url, params, signature })) return { url, params };
  }
  throw new NotAllowedError('The Twilio signature is missing or wrong');
}
