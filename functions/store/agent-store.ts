import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally } from './dynamo.js';
import { agentEntity } from './entities/agent-entity.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { AgentSettings, AgentStore } from '../core/ports/agent-store.js';

function settings(salonId: string, item: Record<string, unknown>): AgentSettings {
  const stored = agentEntity().build(EntityFormatter).format(item);
  const { secretHash, agentId } = stored;
  return {
    salonId,
    secret: secretHash ? { secretHash, createdAt: stored.createdAt ?? '', rotatedAt: stored.rotatedAt ?? null } : null,
    agentId: agentId ?? null,
    hostedAgent:
      agentId && stored.agentProvider
        ? {
            agentId,
            secretId: stored.agentSecretId ?? null,
            tools: stored.agentTools ?? {},
            provider: stored.agentProvider,
            createdAt: stored.agentCreatedAt ?? '',
            updatedAt: stored.agentUpdatedAt ?? '',
          }
        : null,
  };
}

export function createAgentStore(client: DynamoDBDocumentClient, tableName: string): AgentStore {
  const Key = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.agentSk });
  const updating = () => agentEntity().build(UpdateTransaction);
  return {
    async get(salonId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: Key(salonId), ConsistentRead: true }));
      const item = result.Item;
      if (!item || (!item.secretHash && !item.agentId)) return null;
      return settings(salonId, item);
    },
    save: (record, previousHash) =>
      conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({
                ...Key(record.salonId),
                salonId: record.salonId,
                secretHash: record.secretHash,
                createdAt: record.createdAt,
                rotatedAt: record.rotatedAt,
                gsi1pk: keys.agentKey(record.secretHash),
                gsi1sk: keys.agentSk,
              })
              .options({ tableName, condition: previousHash === null ? { attr: 'secretHash', exists: false } : { attr: 'secretHash', eq: previousHash } })
              .params().Update,
          ),
        ),
      ),
    async salonForSecretHash(secretHash) {
      const result = await client.send(
        new QueryCommand(keyQuery(tableName, { index: 'gsi1', partition: keys.agentKey(secretHash), range: { eq: keys.agentSk } }, { limit: 2 })),
      );
      const items = result.Items ?? [];
      // A hash is 256 random bits: two salons sharing one means something is badly wrong.
      if (items.length !== 1) return null;
      const stored = agentEntity().build(EntityFormatter).format(items[0]!);
      return stored.secretHash === secretHash ? (stored.salonId ?? null) : null;
    },
    claimProvisioning: (salonId, lease, now, leaseMs) =>
      conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({ ...Key(salonId), provisionLease: lease, provisionLeaseUntil: now.getTime() + leaseMs })
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'agentId', exists: false },
                    {
                      or: [
                        { attr: 'provisionLeaseUntil', exists: false },
                        { attr: 'provisionLeaseUntil', lt: now.getTime() },
                      ],
                    },
                  ],
                },
              })
              .params().Update,
          ),
        ),
      ),
    saveHostedAgent: (salonId, lease, agent) =>
      conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({
                ...Key(salonId),
                agentId: agent.agentId,
                agentSecretId: agent.secretId,
                agentTools: $set(agent.tools),
                agentProvider: agent.provider,
                agentCreatedAt: agent.createdAt,
                agentUpdatedAt: agent.updatedAt,
                provisionLease: $remove(),
                provisionLeaseUntil: $remove(),
              })
              .options({ tableName, condition: { attr: 'provisionLease', eq: lease } })
              .params().Update,
          ),
        ),
      ),
    async releaseProvisioning(salonId, lease) {
      // An item that only ever held the lease goes; one with a secret keeps it.
      const deleted = await conditionally(
        client.send(
          new DeleteCommand(
            agentEntity()
              .build(DeleteTransaction)
              .key(Key(salonId))
              .options({
                tableName,
                condition: {
                  and: [
                    { attr: 'provisionLease', eq: lease },
                    { attr: 'secretHash', exists: false },
                  ],
                },
              })
              .params().Delete,
          ),
        ),
      );
      if (deleted) return;
      await conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({ ...Key(salonId), provisionLease: $remove(), provisionLeaseUntil: $remove() })
              .options({ tableName, condition: { attr: 'provisionLease', eq: lease } })
              .params().Update,
          ),
        ),
      );
    },
    updateHostedAgent: (salonId, handle, at) =>
      conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({ ...Key(salonId), agentTools: $set(handle.tools), agentUpdatedAt: at })
              .options({ tableName, condition: { attr: 'agentId', eq: handle.agentId } })
              .params().Update,
          ),
        ),
      ),
    async forgetHostedAgent(salonId) {
      await conditionally(
        client.send(
          new UpdateCommand(
            updating()
              .item({
                ...Key(salonId),
                agentId: $remove(),
                agentSecretId: $remove(),
                agentTools: $remove(),
                agentProvider: $remove(),
                agentCreatedAt: $remove(),
                agentUpdatedAt: $remove(),
              })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
  };
}
