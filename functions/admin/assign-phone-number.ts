import type * as z from 'zod';
import { deps } from '../composition-root.js';
import { agentSecretAction, type AgentSecretResult } from './agent-secret.js';
import {
  addNumber,
  addNumberRequest,
  assignNumber,
  assignNumberRequest,
  freeNumber,
  freeNumberRequest,
  holdNumber,
  listNumbers,
  listNumbersRequest,
  poolStatus,
  poolStatusRequest,
  quarantineNumberRequest,
  releaseNumber,
  releaseNumberRequest,
  retireNumber,
  retireNumberRequest,
  stockNumbersRequest,
  stockPool,
  type AssignResult,
  type ListResult,
  type NumberChangeResult,
  type NumbersDeps,
  type PoolStatusResult,
  type ReleaseResult,
  type StockResult,
} from './phone-numbers.js';
import { tracedHandler } from '../observability/traced-handler.js';

/**
 * Operators' and support staff's admin Lambda. Invoked with IAM only (bin/admin.ts); never
 * reachable from the public API. Actions: the number pool and salons' numbers
 * (./phone-numbers.ts: stock-numbers, add-number, assign-number, list-numbers, release-number,
 * quarantine-number, free-number, retire-number, pool-status) and `agent-secret` (./agent-secret.ts).
 */
export type AdminResult = AssignResult | ListResult | ReleaseResult | StockResult | NumberChangeResult | PoolStatusResult | AgentSecretResult;

interface Action<S extends z.ZodType> {
  schema: S;
  run: (deps: NumbersDeps, request: z.infer<S>) => Promise<AdminResult>;
}
const action = <S extends z.ZodType>(schema: S, run: (deps: NumbersDeps, request: z.infer<S>) => Promise<AdminResult>): Action<S> => ({ schema, run });

const ACTIONS: Record<string, Action<z.ZodType>> = {
  'assign-number': action(assignNumberRequest, assignNumber),
  'list-numbers': action(listNumbersRequest, (d) => listNumbers(d)),
  'release-number': action(releaseNumberRequest, releaseNumber),
  'stock-numbers': action(stockNumbersRequest, stockPool),
  'add-number': action(addNumberRequest, addNumber),
  'quarantine-number': action(quarantineNumberRequest, holdNumber),
  'free-number': action(freeNumberRequest, freeNumber),
  'retire-number': action(retireNumberRequest, retireNumber),
  'pool-status': action(poolStatusRequest, (d) => poolStatus(d)),
};

const refusal = (issues: { message: string }[]) => ({ ok: false as const, error: issues.map((issue) => issue.message).join('; ') });

export const handler = tracedHandler(async (event: unknown): Promise<AdminResult> => {
  const name = (event as { action?: unknown } | null)?.action;
  if (name === 'agent-secret') return agentSecretAction(event);
  const chosen = typeof name === 'string' ? ACTIONS[name] : undefined;
  if (!chosen) return { ok: false, error: `action must be one of agent-secret, ${Object.keys(ACTIONS).join(', ')}` };
  const parsed = chosen.schema.safeParse(event);
  return parsed.success ? chosen.run(deps(), parsed.data) : refusal(parsed.error.issues);
});
