import * as z from 'zod';
import { deps } from '../composition-root.js';
import { issueAgentSecret } from '../core/agent-secret.js';
import { rotateAgentSecret } from '../core/voice-agent/provision.js';

/**
 * Support (and anyone trying the tools locally): create the salon's voice-agent secret, or rotate
 * it. The secret is printed once; only its hash is kept, so an existing one cannot be shown
 * again: rotate to get a new one (the old one stops working at once).
 */
export const agentSecretRequest = z.strictObject({
  action: z.literal('agent-secret'),
  salonId: z.string().regex(/^sal_[\w-]{10,40}$/, 'salonId looks wrong'),
  rotate: z.boolean().default(false),
});

export type AgentSecretResult =
  { ok: true; salonId: string; secret: string; createdAt: string; rotatedAt: string | null; note: string } | { ok: false; error: string };

export async function agentSecretAction(event: unknown): Promise<AgentSecretResult> {
  const parsed = agentSecretRequest.safeParse(event);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  const { salonId, rotate } = parsed.data;
  // Rotating also gives a live agent the new secret at the voice provider.
  const result = rotate ? await rotateAgentSecret(deps(), salonId) : await issueAgentSecret(deps(), salonId);
  switch (result.outcome) {
    case 'no-salon':
      return { ok: false, error: `No salon ${salonId}` };
    case 'owner-deleted':
      return { ok: false, error: `Salon ${salonId} belongs to a deleted account: no secret issued` };
    case 'exists':
      return {
        ok: false,
        error: `Salon ${salonId} already has an agent secret (created ${result.createdAt}); it is stored hashed and cannot be shown again. Use --rotate for a new one.`,
      };
    default:
      return {
        ok: true,
        salonId,
        secret: result.secret,
        createdAt: result.createdAt,
        rotatedAt: result.rotatedAt,
        note: 'Shown once. Send it as "Authorization: Bearer <secret>" on POST /api/agent/tools.',
      };
  }
}
