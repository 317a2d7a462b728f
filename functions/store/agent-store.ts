import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { VoiceAgentProviderName } from '../core/ports/voice-agent.js';
import { conditionally } from './dynamo.js';
import { tableKeys } from './table-definition.js';
import { keys } from './keys.js';
import type { AgentSettings, AgentStore } from '../core/ports/agent-store.js';

const str = (value: unknown) => (typeof value === 'string' ? value : null);

function settings(salonId: string, item: Record<string, unknown>): AgentSettings {
  const secretHash = str(item.secretHash);
  const agentId = str(item.agentId);
  return {
    salonId,
    secret: secretHash ? { secretHash, createdAt: String(item.createdAt), rotatedAt: str(item.rotatedAt) } : null,
    agentId,
    hostedAgent: agentId
      ? {
          agentId,
          secretId: str(item.agentSecretId),
          tools: (item.agentTools as Record<string, string> | undefined) ?? {},
          provider: item.agentProvider as VoiceAgentProviderName,
          createdAt: String(item.agentCreatedAt),
          updatedAt: String(item.agentUpdatedAt),
        }
      : null,
  };
}

export function createAgentStore(client: DynamoDBDocumentClient, tableName: string): AgentStore {
  const Key = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.agentSk });
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
          new UpdateCommand({
            TableName: tableName,
            Key: Key(record.salonId),
            UpdateExpression: 'SET salonId = :salonId, secretHash = :hash, createdAt = :createdAt, rotatedAt = :rotatedAt, #gpk = :gpk, #gsk = :gsk',
            ConditionExpression: previousHash === null ? 'attribute_not_exists(secretHash)' : 'secretHash = :previous',
            ExpressionAttributeNames: { '#gpk': tableKeys.gsi1.partitionKey, '#gsk': tableKeys.gsi1.sortKey },
            ExpressionAttributeValues: {
              ':salonId': record.salonId,
              ':hash': record.secretHash,
              ':createdAt': record.createdAt,
              ':rotatedAt': record.rotatedAt,
              ':gpk': keys.agentKey(record.secretHash),
              ':gsk': keys.agentSk,
              ...(previousHash === null ? {} : { ':previous': previousHash }),
            },
          }),
        ),
      ),
    async salonForSecretHash(secretHash) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.agentKey(secretHash), ':sk': keys.agentSk },
          Limit: 2,
        }),
      );
      const items = result.Items ?? [];
      // A hash is 256 random bits: two salons sharing one means something is badly wrong.
      if (items.length !== 1) return null;
      const item = items[0]!;
      return item.secretHash === secretHash && typeof item.salonId === 'string' ? item.salonId : null;
    },
    claimProvisioning: (salonId, lease, now, leaseMs) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(salonId),
            UpdateExpression: 'SET provisionLease = :lease, provisionLeaseUntil = :until',
            ConditionExpression: 'attribute_not_exists(agentId) AND (attribute_not_exists(provisionLeaseUntil) OR provisionLeaseUntil < :now)',
            ExpressionAttributeValues: { ':lease': lease, ':until': now.getTime() + leaseMs, ':now': now.getTime() },
          }),
        ),
      ),
    saveHostedAgent: (salonId, lease, agent) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(salonId),
            UpdateExpression:
              'SET agentId = :agentId, agentSecretId = :secretId, agentTools = :tools, agentProvider = :provider, agentCreatedAt = :createdAt, agentUpdatedAt = :updatedAt REMOVE provisionLease, provisionLeaseUntil',
            ConditionExpression: 'provisionLease = :lease',
            ExpressionAttributeValues: {
              ':lease': lease,
              ':agentId': agent.agentId,
              ':secretId': agent.secretId,
              ':tools': agent.tools,
              ':provider': agent.provider,
              ':createdAt': agent.createdAt,
              ':updatedAt': agent.updatedAt,
            },
          }),
        ),
      ),
    async releaseProvisioning(salonId, lease) {
      const leased = { ':lease': lease };
      // An item that only ever held the lease goes; one with a secret keeps it.
      const deleted = await conditionally(
        client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: Key(salonId),
            ConditionExpression: 'provisionLease = :lease AND attribute_not_exists(secretHash)',
            ExpressionAttributeValues: leased,
          }),
        ),
      );
      if (deleted) return;
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(salonId),
            UpdateExpression: 'REMOVE provisionLease, provisionLeaseUntil',
            ConditionExpression: 'provisionLease = :lease',
            ExpressionAttributeValues: leased,
          }),
        ),
      );
    },
    updateHostedAgent: (salonId, handle, at) =>
      conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(salonId),
            UpdateExpression: 'SET agentTools = :tools, agentUpdatedAt = :at',
            ConditionExpression: 'agentId = :agentId',
            ExpressionAttributeValues: { ':tools': handle.tools, ':at': at, ':agentId': handle.agentId },
          }),
        ),
      ),
    async forgetHostedAgent(salonId) {
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: Key(salonId),
            UpdateExpression: 'REMOVE agentId, agentSecretId, agentTools, agentProvider, agentCreatedAt, agentUpdatedAt',
            ConditionExpression: 'attribute_exists(pk)',
          }),
        ),
      );
    },
  };
}
