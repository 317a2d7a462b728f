import { json, publicRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { voicePreviewQuery } from '../contracts/voice-settings.js';
import { logger } from '../logger.js';

/** `GET /api/elevenlabs?action=preview&voiceId=…` → `{previewUrl}`; no sign-in. */
export const handler = publicRoute({ routeId: 'voice-preview', query: voicePreviewQuery }, async ({ query }) => {
  try {
    const previewUrl = await deps().voice.previewUrl(query.voiceId);
    if (!previewUrl) return json(502, { error: 'No preview URL received' });
    return json(200, { previewUrl }, { 'cache-control': 'public, max-age=3600' });
  } catch (error) {
    logger.warn('voice preview failed', { voiceId: query.voiceId, detail: (error as Error).message });
    return json(502, { error: 'Failed to generate preview' });
  }
});
