import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally } from './dynamo.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { OAuthStateRecord, CalendarConnection, SandboxEvent, GoogleStore } from '../core/ports/google-store.js';

function toState(item: Record<string, unknown>): OAuthStateRecord {
  return {
    salonId: String(item.salonId),
    ownerId: String(item.ownerId),
    codeVerifier: String(item.codeVerifier),
    createdAt: String(item.createdAt),
    // States saved before the owner could connect from Settings came from the wizard.
    returnTo: item.returnTo === 'settings' ? 'settings' : 'setup-wizard',
  };
}

function toConnection(item: Record<string, unknown>): CalendarConnection {
  return {
    salonId: String(item.salonId),
    encryptedRefreshToken: String(item.encryptedRefreshToken),
    connectedAt: String(item.connectedAt),
    provider: item.provider === 'google' ? 'google' : 'sandbox',
    status: item.status === 'connected' ? 'connected' : 'broken',
    ...(typeof item.brokenAt === 'string' ? { brokenAt: item.brokenAt } : {}),
  };
}

function toSandboxEvent(item: Record<string, unknown>): SandboxEvent {
  return {
    calendarId: String(item.calendarId),
    id: String(item.eventId),
    summary: String(item.summary ?? ''),
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
    start: String(item.start),
    end: String(item.end),
    timeZone: String(item.timeZone ?? ''),
    seq: typeof item.seq === 'number' ? item.seq : 0,
    status: item.status === 'cancelled' ? 'cancelled' : 'confirmed',
  };
}

export function createGoogleStore(client: DynamoDBDocumentClient, tableName: string): GoogleStore {
  const stateKey = (stateHash: string) => ({ pk: keys.oauthState(stateHash), sk: keys.oauthStateSk });
  const connectionKey = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.googleSk });
  async function sandboxChanges(salonId: string, calendarId: string): Promise<SandboxEvent[]> {
    const events: SandboxEvent[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({ ...salonItemsQuery(tableName, salonId, keys.sandboxEventPrefix(calendarId)), ExclusiveStartKey: startKey }),
      );
      for (const item of page.Items ?? []) events.push(toSandboxEvent(item));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return events;
  }

  return {
    async saveState(stateHash, record, expiresAt) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...stateKey(stateHash), ...record, ttl: Math.ceil(expiresAt.getTime() / 1000) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
    async peekState(stateHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: stateKey(stateHash) }));
      return result.Item ? toState(result.Item) : null;
    },
    async consumeState(stateHash) {
      try {
        const result = await client.send(
          new DeleteCommand({
            TableName: tableName,
            Key: stateKey(stateHash),
            ConditionExpression: 'attribute_exists(pk)',
            ReturnValues: 'ALL_OLD',
          }),
        );
        return result.Attributes ? toState(result.Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },
    async getConnection(salonId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: connectionKey(salonId) }));
      return result.Item ? toConnection(result.Item) : null;
    },
    async saveConnection(connection) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...connectionKey(connection.salonId), ...connection } }));
    },
    async markBroken(salonId, encryptedRefreshToken, at) {
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(salonId),
            UpdateExpression: 'SET #status = :broken, brokenAt = :at',
            ConditionExpression: 'encryptedRefreshToken = :token',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':broken': 'broken', ':at': at.toISOString(), ':token': encryptedRefreshToken },
          }),
        );
      } catch (error) {
        // Reconnected (or deleted) meanwhile: the new connection stays as it is.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
    async putSandboxEvent(salonId, event) {
      try {
        await client.send(
          new PutCommand({
            TableName: tableName,
            Item: {
              pk: keys.salon(salonId),
              sk: keys.sandboxEventSk(event.calendarId, event.id),
              calendarId: event.calendarId,
              eventId: event.id,
              summary: event.summary,
              description: event.description,
              start: event.start,
              end: event.end,
              timeZone: event.timeZone,
              seq: event.seq,
              status: 'confirmed',
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async deleteSandboxEvent(salonId, calendarId, eventId, seq) {
      if (seq !== undefined) {
        return conditionally(
          client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: keys.salon(salonId), sk: keys.sandboxEventSk(calendarId, eventId) },
              UpdateExpression: 'SET #status = :cancelled, seq = :seq',
              ConditionExpression: 'attribute_exists(pk) AND #status <> :cancelled',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':cancelled': 'cancelled', ':seq': seq },
            }),
          ),
        );
      }
      const result = await client.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { pk: keys.salon(salonId), sk: keys.sandboxEventSk(calendarId, eventId) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Boolean(result.Attributes);
    },
    async sandboxEvents(salonId, calendarId) {
      return (await sandboxChanges(salonId, calendarId)).filter((event) => event.status !== 'cancelled');
    },
    sandboxChanges,
    async markSandboxTokenRevoked(salonId, tokenHash, at) {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: keys.salon(salonId), sk: keys.sandboxRevokedSk(tokenHash), revokedAt: at.toISOString() },
        }),
      );
    },
    async isSandboxTokenRevoked(salonId, tokenHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.sandboxRevokedSk(tokenHash) } }));
      return Boolean(result.Item);
    },
  };
}
