import type { AgentHandle, VoiceAgentProviderName } from './voice-agent.js';

/**
 * `SALON#<id>` / `AGENT`: the salon's agent settings. The voice agent's secret, as a SHA-256
 * hash only (the secret itself is shown once); gsi1 (`AGENTKEY#<hash>` / `AGENT`) finds the
 * salon from the hash in one query. And the hosted agent: what the voice-agent provider made for
 * the salon (the agent, its tools, the stored secret), so updates and deletion reach the same
 * things.
 *
 * One item rather than a separate lookup item: rotating is one conditional write (the old hash
 * leaves the index with it), and deleting the salon's partition removes the secret too, so an
 * old secret can never outlive its salon. Each writer sets only its own attributes, so the
 * secret and the hosted agent never overwrite each other.
 *
 * While an agent is being made the item holds a lease: of two Go Live presses at once, one makes
 * the agent and the other is told it is under way; a lease left by a process that died runs out.
 */
export interface AgentSecretRecord {
  salonId: string;
  secretHash: string;
  createdAt: string;
  rotatedAt: string | null;
}

/** The hosted agent as the provider made it. */
export interface HostedAgent extends AgentHandle {
  provider: VoiceAgentProviderName;
  createdAt: string;
  updatedAt: string;
}

export interface AgentSettings {
  salonId: string;
  /** Null while no secret was issued (an agent being made for the first time). */
  secret: Omit<AgentSecretRecord, 'salonId'> | null;
  /** The salon's agent at the voice-agent provider, null until Go Live made it. */
  agentId: string | null;
  hostedAgent: HostedAgent | null;
}

export interface AgentStore {
  /** Null when the salon has neither a secret nor an agent. */
  get(salonId: string): Promise<AgentSettings | null>;
  /**
   * Saves the secret if the stored hash is still `previousHash` (null: none stored yet). False
   * when another rotation won.
   */
  save(record: AgentSecretRecord, previousHash: string | null): Promise<boolean>;
  salonForSecretHash(secretHash: string): Promise<string | null>;
  /** Takes the right to make the salon's agent; false when one exists or another holds a live lease. */
  claimProvisioning(salonId: string, lease: string, now: Date, leaseMs: number): Promise<boolean>;
  /** Saves the made agent under the lease; false when the lease was lost (what was made must be removed). */
  saveHostedAgent(salonId: string, lease: string, agent: HostedAgent): Promise<boolean>;
  releaseProvisioning(salonId: string, lease: string): Promise<void>;
  /** After an update at the provider: the tools may have changed. False when the agent is gone (removed meanwhile). */
  updateHostedAgent(salonId: string, handle: AgentHandle, at: string): Promise<boolean>;
  /** The agent was removed at the provider; the secret it used stays until rotated or deleted with the salon. */
  forgetHostedAgent(salonId: string): Promise<void>;
}
