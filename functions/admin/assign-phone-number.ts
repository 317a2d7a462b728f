import { deps } from '../composition-root.js';
import { agentSecretAction, type AgentSecretResult } from './agent-secret.js';
import {
  assignNumber,
  assignNumberRequest,
  listNumbers,
  listNumbersRequest,
  releaseNumber,
  releaseNumberRequest,
  type AssignResult,
  type ListResult,
  type ReleaseResult,
} from './phone-numbers.js';

/**
 * Support staff's admin Lambda (numbers are assigned by support during the
 * pilot). Invoked with IAM only (bin/admin.ts); never reachable from the public API. Actions:
 * `assign-number`, `list-numbers`, `release-number` (./phone-numbers.ts), `agent-secret`
 * (./agent-secret.ts).
 */
export type AdminResult = AssignResult | ListResult | ReleaseResult | AgentSecretResult;

const refusal = (issues: { message: string }[]) => ({ ok: false as const, error: issues.map((issue) => issue.message).join('; ') });

export async function handler(event: unknown): Promise<AdminResult> {
  switch ((event as { action?: unknown } | null)?.action) {
    case 'agent-secret':
      return agentSecretAction(event);
    case 'list-numbers': {
      const parsed = listNumbersRequest.safeParse(event);
      return parsed.success ? listNumbers(deps()) : refusal(parsed.error.issues);
    }
    case 'release-number': {
      const parsed = releaseNumberRequest.safeParse(event);
      return parsed.success ? releaseNumber(deps(), parsed.data) : refusal(parsed.error.issues);
    }
    default: {
      const parsed = assignNumberRequest.safeParse(event);
      return parsed.success ? assignNumber(deps(), parsed.data) : refusal(parsed.error.issues);
    }
  }
}
