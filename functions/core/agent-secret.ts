import { createHash, randomBytes } from 'node:crypto';
import { FLOOD_LIMITS, toolSay } from '../contracts/agent-tools.js';
import { fixedWindow, secondsLeft } from './ports/rate-limits.js';
import type { Ports } from './ports.js';
import { undoIfOwnerDeleted } from './salon.js';
import { ToolError } from './booking/errors.js';

/**
 * The per-salon secret the hosted voice agent sends with every tool call
 * (`Authorization: Bearer <secret>`; ElevenLabs server tools carry custom headers). The salon
 * comes from the secret, never from the request (RELIABILITY 3, 12).
 *
 * 32 random bytes, base64url: shown once when created or rotated, stored only as its SHA-256.
 */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const hashAgentSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export interface AgentSecretDeps extends Pick<Ports, 'now'> {
  agents: Pick<Ports['agents'], 'get' | 'save' | 'salonForSecretHash'>;
  salons: Pick<Ports['salons'], 'get' | 'deleteAll'>;
  deletedOwners: Pick<Ports['deletedOwners'], 'isDeleted'>;
}

export type IssueResult =
  | { outcome: 'created' | 'rotated'; secret: string; createdAt: string; rotatedAt: string | null }
  /** A secret exists and was not rotated: it cannot be shown again (only its hash is kept). */
  | { outcome: 'exists'; createdAt: string; rotatedAt: string | null }
  | { outcome: 'no-salon' }
  /** The owner deleted their account; the salon may not be fully removed yet. */
  | { outcome: 'owner-deleted' };

/**
 * Creates the salon's agent secret, or with `rotate` replaces it (the old one stops working at
 * once). Answers the new secret: the only time it is ever seen.
 */
export async function issueAgentSecret(deps: AgentSecretDeps, salonId: string, options: { rotate?: boolean } = {}): Promise<IssueResult> {
  const salon = await deps.salons.get(salonId);
  if (!salon) return { outcome: 'no-salon' };
  if (await deps.deletedOwners.isDeleted(salon.ownerId, deps.now())) return { outcome: 'owner-deleted' };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = (await deps.agents.get(salonId))?.secret;
    if (existing && !options.rotate) return { outcome: 'exists', createdAt: existing.createdAt, rotatedAt: existing.rotatedAt };
    const secret = randomBytes(32).toString('base64url');
    const at = deps.now().toISOString();
    const record = {
      salonId,
      secretHash: hashAgentSecret(secret),
      createdAt: existing?.createdAt ?? at,
      rotatedAt: existing ? at : null,
    };
    if (await deps.agents.save(record, existing?.secretHash ?? null)) {
      // The account may have been deleted since the check above: the secret then goes with the salon.
      if (await undoIfOwnerDeleted(deps, salon.ownerId, salonId)) return { outcome: 'owner-deleted' };
      return { outcome: existing ? 'rotated' : 'created', secret, createdAt: record.createdAt, rotatedAt: record.rotatedAt };
    }
  }
  throw new Error('The agent secret changed while it was being issued; try again');
}

/** For the setup wizard: make sure a salon has a secret (answers it only when newly created). */
export async function ensureAgentSecret(deps: AgentSecretDeps, salonId: string): Promise<string | null> {
  const result = await issueAgentSecret(deps, salonId);
  return result.outcome === 'created' ? result.secret : null;
}

const MINUTE = 60_000;

/** The well-formed secret of an `Authorization: Bearer …` header, else null. */
function bearerSecret(authorization: string | undefined): string | null {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return secret && SECRET_FORMAT.test(secret) ? secret : null;
}

/** A source address that sent too many wrong secrets: told to back off until its minute is out. */
export class TooManySecretAttempts extends ToolError {
  constructor(readonly retryAfterSeconds: number) {
    super('too_many_requests', 'too_many_attempts', toolSay.busy, 'Too many wrong agent secrets from this address: try again later');
  }
}

/**
 * The salon a tool call's `Authorization` header belongs to, or null (→ 401). A wrong secret from
 * a source address over its cap of wrong secrets gets TooManySecretAttempts (→ 429, Retry-After)
 * instead (RELIABILITY 37); API Gateway's route throttle bounds the rate itself.
 *
 * A right secret is never refused: tool calls come from the voice platform's servers, whose
 * addresses every salon shares, so one salon's misconfigured (or someone's hostile) tool must not
 * lock every agent out. Counted per source address, not per salon: a wrong secret names no salon,
 * and a cap on one salon would let anyone lock that salon out. Only secrets that could have been
 * right count (well-formed, so looked up); a missing or malformed one can never succeed.
 */
export async function salonForAuthorization(
  deps: Pick<AgentSecretDeps, 'now'> & { agents: Pick<Ports['agents'], 'salonForSecretHash'> } & Pick<Ports, 'rateLimits'>,
  authorization: string | undefined,
  source: string,
): Promise<string | null> {
  const secret = bearerSecret(authorization);
  if (!secret) return null;
  const salonId = await deps.agents.salonForSecretHash(hashAgentSecret(secret));
  if (salonId) return salonId;
  // Only a wrong secret touches the source's counter: a right one costs no second round trip.
  const now = deps.now();
  const minute = fixedWindow(now, MINUTE);
  if (!(await deps.rateLimits.take({ kind: 'secret-failures', source }, minute, FLOOD_LIMITS.badSecretsPerSourcePerMinute))) {
    throw new TooManySecretAttempts(secondsLeft(minute, now));
  }
  return null;
}

/**
 * The caller of a tool call. A secret this instance has found before names its salon from memory
 * (the hash of 32 random bytes belongs to one salon for ever), so the lookup's round trip goes;
 * but whether it is still that salon's secret is `confirmation`'s to say: one consistent read of
 * the salon's agent item, decided before anything is committed (runTool). A rotated secret or a
 * deleted salon is refused at its next call, as before.
 */
export interface AgentCaller {
  salonId: string;
  /** Present when the salon came from memory: refuses (401) when the secret is no longer the salon's. */
  confirmation?: SecretCheck;
}

/**
 * Whether a remembered secret is still its salon's, decided once from the salon's agent item read
 * consistently. A tool that reads the salon's items anyway carries the agent item in its own read
 * and decides with `check` (book's batch read: no request of its own); for any other, `confirmed`
 * sends the read.
 */
export interface SecretCheck {
  /** Decides from the secret hash the agent item holds, as read (null: no secret, or no salon): the refusal (401) when it is not this one, else null. */
  check(storedHash: string | null): ToolError | null;
  /** The decision: `check`'s when it was made, else one consistent read of the agent item (sent once). */
  confirmed(): Promise<void>;
}

const remembered = new WeakMap<object, Map<string, string>>();
const REMEMBERED_SECRETS = 500;

/**
 * Who a tool call's `Authorization` header is: a remembered secret with its check still to make,
 * else the lookup (salonForAuthorization, which counts wrong secrets), whose answer is
 * remembered. Null → 401.
 */
export async function identifyAgent(
  deps: Pick<AgentSecretDeps, 'now'> & { agents: Pick<Ports['agents'], 'get' | 'salonForSecretHash'> } & Pick<Ports, 'rateLimits'>,
  authorization: string | undefined,
  source: string,
): Promise<AgentCaller | null> {
  const secret = bearerSecret(authorization);
  if (!secret) return null;
  const secretHash = hashAgentSecret(secret);
  let memory = remembered.get(deps.agents);
  if (!memory) remembered.set(deps.agents, (memory = new Map()));
  const salonId = memory.get(secretHash);
  if (salonId) return { salonId, confirmation: secretCheck(deps, memory, salonId, secretHash) };
  const found = await salonForAuthorization(deps, authorization, source);
  if (!found) return null;
  memory.set(secretHash, found);
  if (memory.size > REMEMBERED_SECRETS) memory.delete(memory.keys().next().value!);
  return { salonId: found };
}

function secretCheck(deps: { agents: Pick<Ports['agents'], 'get'> }, memory: Map<string, string>, salonId: string, secretHash: string): SecretCheck {
  let decided: Promise<void> | undefined;
  const decide = (storedHash: string | null): Promise<void> => {
    if (storedHash === secretHash) return Promise.resolve();
    // A refused secret is forgotten: its next call is looked up (and counted as a wrong secret).
    memory.delete(secretHash);
    const refused = Promise.reject(unknownAgentSecret());
    // Whoever asks is told; a decision nobody asks about again must not be an unhandled rejection.
    refused.catch(() => undefined);
    return refused;
  };
  return {
    check(storedHash) {
      decided ??= decide(storedHash);
      return storedHash === secretHash ? null : unknownAgentSecret();
    },
    confirmed() {
      decided ??= deps.agents.get(salonId).then((settings) => decide(settings?.secret?.secretHash ?? null));
      return decided;
    },
  };
}

export const unknownAgentSecret = () => new ToolError('not_signed_in', 'unauthorized', toolSay.unauthorized, 'Missing or unknown agent secret');
