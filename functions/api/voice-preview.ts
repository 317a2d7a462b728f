import { z } from 'zod';
import { json, publicRoute, describeIssues } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { voiceById } from '../contracts/setup.js';
import { logger } from '../http/logger.js';

const query = z.object({
  action: z.literal('preview', { error: 'action must be preview' }),
  voiceId: z.string().refine((voiceId) => Boolean(voiceById(voiceId)), 'Unknown voice'),
});

/** `GET /api/elevenlabs?action=preview&voiceId=…` → `{previewUrl}`; no sign-in (spec section 7). */
export const handler = publicRoute({ routeId: 'voice-preview' }, async ({ query: raw }) => {
  const parsed = query.safeParse(raw);
  if (!parsed.success) throw describeIssues(parsed.error);
  try {
    const previewUrl = await deps().voice.previewUrl(parsed.data.voiceId);
    if (!previewUrl) return json(502, { error: 'No preview URL received' });
    return json(200, { previewUrl }, { 'cache-control': 'public, max-age=3600' });
  } catch (error) {
    logger.warn('voice preview failed', { voiceId: parsed.data.voiceId, detail: (error as Error).message });
    return json(502, { error: 'Failed to generate preview' });
  }
});
