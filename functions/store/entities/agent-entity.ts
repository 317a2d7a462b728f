import { Entity } from 'dynamodb-toolbox/entity';
import { onFirstUse } from './on-first-use.js';
import { any } from 'dynamodb-toolbox/schema/any';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { VoiceAgentProviderName } from '../../core/ports/voice-agent.js';

const VOICE_AGENT_PROVIDERS = ['elevenlabs', 'sandbox'] as const satisfies readonly VoiceAgentProviderName[];
import { keys } from '../keys.js';
import { nullableString, plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * The salon's agent settings (functions/store/agent-store.ts): the agent secret's hash (gsi1
 * finds the salon by it), the hosted voice agent, and the lease held while one is being made.
 * Each writer sets only its own attributes, so all are optional.
 */
export const agentEntity = onFirstUse(
  () =>
    new Entity({
      name: 'agent',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        gsi1pk: string().optional(),
        gsi1sk: string().optional(),
        salonId: string().optional(),
        secretHash: string().optional(),
        createdAt: string().optional(),
        rotatedAt: nullableString().optional(),
        provisionLease: string().optional(),
        /** Epoch ms. */
        provisionLeaseUntil: number().optional(),
        agentId: string().optional(),
        agentSecretId: nullableString().optional(),
        agentTools: any().castAs<Record<string, string>>().optional(),
        agentProvider: string()
          .enum(...VOICE_AGENT_PROVIDERS)
          .optional(),
        agentCreatedAt: string().optional(),
        agentUpdatedAt: string().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.agentSk,
        what: "agent settings: the agent secret's hash and the hosted voice agent (agentId, tool ids, stored-secret id, provider), or a lease while it is being made",
        access: `by key; gsi1 \`${keys.agentKey('<secretHash>')}\` finds the salon from a secret; a post-call webhook's \`agent_id\` must be the agentId of the salon it names`,
      } satisfies ItemKindDoc,
    }),
);
