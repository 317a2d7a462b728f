import { z } from 'zod';
import { deps } from '../composition-root.js';
import { toE164 } from '../contracts/phone.js';
import { agentSecretAction, type AgentSecretResult } from './agent-secret.js';

/**
 * Support staff assign a salon its inbound number during the pilot (spec section 1). Invoked
 * with IAM only (bin/admin.ts); never reachable from the public API.
 */
const request = z.strictObject({
  action: z.literal('assign-number'),
  salonId: z.string().regex(/^sal_[\w-]{10,40}$/, 'salonId looks wrong'),
  phoneNumber: z.string().min(1),
});

export type AdminResult = { ok: true; salonId: string; phoneNumber: string } | { ok: false; error: string };

/** The one admin Lambda's actions: `assign-number` here, `agent-secret` in ./agent-secret.ts. */
export async function handler(event: unknown): Promise<AdminResult | AgentSecretResult> {
  if ((event as { action?: unknown } | null)?.action === 'agent-secret') return agentSecretAction(event);
  const parsed = request.safeParse(event);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => issue.message).join('; ') };
  const phoneNumber = toE164(parsed.data.phoneNumber);
  if (!phoneNumber) return { ok: false, error: 'phoneNumber is not a valid phone number' };
  const { salons } = deps();
  if (!(await salons.get(parsed.data.salonId))) return { ok: false, error: `No salon ${parsed.data.salonId}` };
  try {
    await salons.assignNumber(parsed.data.salonId, phoneNumber);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  return { ok: true, salonId: parsed.data.salonId, phoneNumber };
}
