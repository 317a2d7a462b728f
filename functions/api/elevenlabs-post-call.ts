import * as z from 'zod';
import { deps } from '../composition-root.js';
import { recordPostCall } from '../core/calls/record-post-call.js';
import { NotAllowedError } from '../core/errors.js';
import { header, json, rawBody, securedRoute } from '../http/handler.js';
import { logger } from '../logger.js';
import { readPostCall } from '../providers/elevenlabs-post-call.js';
import { verifyElevenLabsSignature } from '../providers/elevenlabs-webhook-signature.js';

/**
 * `POST /api/elevenlabs/post-call`: ElevenLabs' post-call webhook. Nothing is read before the
 * `ElevenLabs-Signature` (HMAC-SHA256 over the raw body, within its time window) checks out;
 * a bad one is a 403 and nothing is recorded. A good one is answered 200 quickly whatever the
 * payload: ElevenLabs disables webhooks that keep failing, and a payload we cannot use would
 * fail the same way every time. Deliveries of the same call change nothing twice.
 */
export const handler = securedRoute(
  {
    routeId: 'elevenlabs-post-call',
    identify: async (event) => {
      const d = deps();
      const secret = await d.elevenlabsWebhookSecret();
      // Without a secret no signature can check out: the same refusal as a wrong one.
      const verdict = secret ? verifyElevenLabsSignature(rawBody(event), header(event, 'elevenlabs-signature'), secret, d.now()) : 'not configured';
      if (verdict !== 'valid') {
        logger.warn('post-call webhook refused', { verdict });
        throw new NotAllowedError('The webhook signature is missing, wrong, or not dated now.');
      }
      return 'elevenlabs' as const;
    },
    body: z.unknown(),
  },
  async (_caller, { body }) => {
    const conversation = readPostCall(body);
    const outcome = conversation ? await recordPostCall(deps(), conversation) : 'ignored';
    return json(200, { received: true, outcome });
  },
);
