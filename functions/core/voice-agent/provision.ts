import { randomUUID } from 'node:crypto';
import type { Ports } from '../ports.js';
import { ConflictError, DomainError } from '../errors.js';
import { logger } from '../../logger.js';
import { VoiceAgentProviderError, type AgentHandle } from '../ports/voice-agent.js';
import type { HostedAgent } from '../ports/agent-store.js';
import { issueAgentSecret, type IssueResult } from '../agent-secret.js';
import { buildAgentDefinition } from './agent-config.js';
import type { AgentDefinition } from './agent-definition.js';

/**
 * The salon's voice agent over its life: made on Go Live, brought up to date when the setup or
 * voice settings are saved, removed with the account. The agent's tools authenticate with the
 * salon's agent secret, whose plain text exists only when it is issued: making an agent issues a
 * new one (any earlier one stops working) and hands it to the provider as a stored secret, which
 * updates then reuse by its id.
 */
export class AgentProvisioningError extends DomainError {
  constructor() {
    super(
      'provider_failed',
      'agent_provisioning_failed',
      'We could not set up your receptionist just now. Nothing was changed; please try again in a few minutes.',
    );
  }
}

export type ProvisionDeps = Pick<Ports, 'salons' | 'setup' | 'agents' | 'deletedOwners' | 'voiceAgents' | 'config' | 'now'>;

/** Long enough for the provider's dozen calls, short enough that a crashed attempt frees the way soon. */
const PROVISION_LEASE_MS = 60_000;
/** A second Go Live press while the first is making the agent waits this long for it before being told to try again. */
const WAIT_FOR_OTHER_MS = 8_000;
const WAIT_STEP_MS = 200;

const underWay = () => new ConflictError('Your receptionist is being set up already: give it a moment.');

async function definitionFor(deps: ProvisionDeps, salonId: string): Promise<AgentDefinition> {
  const [salon, setup] = await Promise.all([deps.salons.get(salonId), deps.setup.load(salonId)]);
  if (!salon) throw new ConflictError('The salon no longer exists.');
  return buildAgentDefinition(salon, setup, deps.config.SITE_URL);
}

/** A provider refusal, for the owner; the detail goes to the log. */
function refused(salonId: string, what: string, error: unknown): never {
  if (!(error instanceof VoiceAgentProviderError)) throw error;
  logger.warn(`voice agent ${what} refused`, { salonId, detail: error.message, status: error.status });
  throw new AgentProvisioningError();
}

async function update(deps: ProvisionDeps, salonId: string, hosted: HostedAgent, definition: AgentDefinition): Promise<AgentHandle | 'gone'> {
  let handle: AgentHandle;
  try {
    handle = await deps.voiceAgents.update(hosted, definition);
  } catch (error) {
    // Deleted at the provider (by hand, in its console): made again below rather than stuck failing.
    if (error instanceof VoiceAgentProviderError && error.status === 404) return 'gone';
    refused(salonId, 'update', error);
  }
  if (!(await deps.agents.updateHostedAgent(salonId, handle, deps.now().toISOString()))) {
    // Removed meanwhile (the account was deleted): tools this update made are nobody's.
    await deps.voiceAgents.remove(handle).catch(() => undefined);
    throw new ConflictError('The salon no longer exists.');
  }
  return handle;
}

async function create(deps: ProvisionDeps, salonId: string, definition: AgentDefinition): Promise<AgentHandle | null> {
  const lease = randomUUID();
  if (!(await deps.agents.claimProvisioning(salonId, lease, deps.now(), PROVISION_LEASE_MS))) return null;
  try {
    const issued = await issueAgentSecret(deps, salonId, { rotate: true });
    if (issued.outcome !== 'created' && issued.outcome !== 'rotated') throw new ConflictError('The salon no longer exists.');
    let handle: AgentHandle;
    try {
      // The adapter removes what it made when the provider refuses part-way.
      handle = await deps.voiceAgents.create(definition, issued.secret);
    } catch (error) {
      refused(salonId, 'creation', error);
    }
    const now = deps.now().toISOString();
    const hosted: HostedAgent = { ...handle, provider: await deps.voiceAgents.provider(), createdAt: now, updatedAt: now };
    if (!(await deps.agents.saveHostedAgent(salonId, lease, hosted))) {
      // Our lease ran out and another attempt took over, or the salon was deleted: what we made is nobody's.
      await deps.voiceAgents.remove(handle).catch(() => undefined);
      throw underWay();
    }
    return handle;
  } catch (error) {
    await deps.agents.releaseProvisioning(salonId, lease).catch(() => undefined);
    throw error;
  }
}

/** Another attempt holds the lease: its agent, once made, is ours too. */
async function madeByOther(deps: ProvisionDeps, salonId: string): Promise<string> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const agentId = (await deps.agents.get(salonId))?.agentId;
    if (agentId) return agentId;
    if (Date.now() > deadline) throw underWay();
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Makes the salon's agent, or brings it up to date if it exists. On a provider refusal nothing
 * half-made remains and AgentProvisioningError says so; a later attempt starts afresh. Two
 * attempts at once make one agent (a lease on the AGENT item).
 */
export async function provisionAgent(deps: ProvisionDeps, salonId: string): Promise<{ agentId: string }> {
  const definition = await definitionFor(deps, salonId);
  const hosted = (await deps.agents.get(salonId))?.hostedAgent;
  if (hosted) {
    // An agent another provider made (the sandbox's, before a key was configured) means nothing to this one: made anew.
    const provider = await deps.voiceAgents.provider();
    const updated = hosted.provider === provider ? await update(deps, salonId, hosted, definition) : 'gone';
    if (updated !== 'gone') return { agentId: updated.agentId };
    logger.warn('voice agent made again', { salonId, agentId: hosted.agentId, was: hosted.provider, now: provider });
    // What is left of it (its tools and secret, when the agent was deleted by hand in the provider's console).
    if (hosted.provider === provider) await deps.voiceAgents.remove(hosted).catch(() => undefined);
    await deps.agents.forgetHostedAgent(salonId);
  }
  const made = await create(deps, salonId, definition);
  return { agentId: made?.agentId ?? (await madeByOther(deps, salonId)) };
}

/**
 * After a setup or voice save: a salon's agent learns the change; a salon without one is left
 * alone (Go Live makes it). Never fails the owner's save: the save stands and a refusal is
 * logged; the agent catches up at the next save or Go Live, which update it from the whole setup.
 */
export async function refreshAgentIfLive(deps: ProvisionDeps, salonId: string): Promise<void> {
  try {
    if (!(await deps.agents.get(salonId))?.hostedAgent) return;
    await provisionAgent(deps, salonId);
  } catch (error) {
    logger.warn('voice agent not updated after a setup save', { salonId, detail: (error as Error)?.message });
  }
}

/**
 * Support rotates the salon's agent secret: a salon with a hosted agent has the new one stored at
 * the provider too, or its tools would stop working. The old secret stops working at once either way.
 */
export async function rotateAgentSecret(deps: ProvisionDeps, salonId: string): Promise<IssueResult> {
  const issued = await issueAgentSecret(deps, salonId, { rotate: true });
  if (issued.outcome !== 'created' && issued.outcome !== 'rotated') return issued;
  const hosted = (await deps.agents.get(salonId))?.hostedAgent;
  if (hosted && hosted.provider === (await deps.voiceAgents.provider())) await deps.voiceAgents.replaceSecret(hosted, salonId, issued.secret);
  return issued;
}

/** Account deletion: the provider forgets the salon's agent, its tools and the stored secret. */
export async function removeAgent(deps: Pick<Ports, 'agents' | 'voiceAgents'>, salonId: string): Promise<void> {
  const hosted = (await deps.agents.get(salonId))?.hostedAgent;
  if (!hosted) return;
  // Removed where it lives (what is gone already is not an error); a sandbox agent is only our record.
  if (hosted.provider === (await deps.voiceAgents.provider())) {
    await deps.voiceAgents.remove(hosted).catch((error: unknown) => {
      logger.error('voice agent not removed at its provider', {
        salonId,
        agentId: hosted.agentId,
        secretId: hosted.secretId,
        tools: Object.values(hosted.tools),
      });
      throw error;
    });
  } else if (hosted.provider !== 'sandbox')
    logger.error('voice agent left at its provider: no key for it here', { salonId, agentId: hosted.agentId, provider: hosted.provider });
  await deps.agents.forgetHostedAgent(salonId);
}
