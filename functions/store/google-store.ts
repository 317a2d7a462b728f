import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally, queryAll } from './dynamo.js';
import { calendarConnectionEntity, oauthStateEntity, sandboxEventEntity, sandboxRevokedTokenEntity } from './entities/google-entities.js';
import { salonItemsQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { OAuthStateRecord, CalendarConnection, SandboxEvent, GoogleStore } from '../core/ports/google-store.js';

function toState(stored: Record<string, unknown>): OAuthStateRecord {
  const { salonId, ownerId, codeVerifier, createdAt, returnTo } = oauthStateEntity().build(EntityFormatter).format(stored);
  // States saved before the owner could connect from Settings came from the wizard.
  return { salonId, ownerId, codeVerifier, createdAt, returnTo: returnTo === 'settings' ? 'settings' : 'setup-wizard' };
}

function toConnection(stored: Record<string, unknown>): CalendarConnection {
  const { salonId, encryptedRefreshToken, connectedAt, provider, status, brokenAt } = calendarConnectionEntity().build(EntityFormatter).format(stored);
  return {
    salonId,
    encryptedRefreshToken,
    connectedAt,
    provider: provider ?? 'sandbox',
    status: status ?? 'broken',
    ...(brokenAt !== undefined ? { brokenAt } : {}),
  };
}

function toSandboxEvent(stored: Record<string, unknown>): SandboxEvent {
  const item = sandboxEventEntity().build(EntityFormatter).format(stored);
  return {
    calendarId: item.calendarId,
    id: item.eventId,
    summary: item.summary ?? '',
    ...(item.description !== undefined ? { description: item.description } : {}),
    start: item.start,
    end: item.end,
    timeZone: item.timeZone ?? '',
    seq: item.seq ?? 0,
    status: item.status ?? 'confirmed',
  };
}

export function createGoogleStore(client: DynamoDBDocumentClient, tableName: string): GoogleStore {
  const stateKey = (stateHash: string) => ({ pk: keys.oauthState(stateHash), sk: keys.oauthStateSk });
  const connectionKey = (salonId: string) => ({ pk: keys.salon(salonId), sk: keys.googleSk });
  const eventKey = (salonId: string, calendarId: string, eventId: string) => ({ pk: keys.salon(salonId), sk: keys.sandboxEventSk(calendarId, eventId) });
  const revokedKey = (salonId: string, tokenHash: string) => ({ pk: keys.salon(salonId), sk: keys.sandboxRevokedSk(tokenHash) });
  async function sandboxChanges(salonId: string, calendarId: string): Promise<SandboxEvent[]> {
    const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.sandboxEventPrefix(calendarId)));
    return items.map(toSandboxEvent);
  }

  return {
    async saveState(stateHash, record, expiresAt) {
      await client.send(
        new PutCommand(
          oauthStateEntity()
            .build(PutTransaction)
            .item({ ...stateKey(stateHash), ...record, ttl: Math.ceil(expiresAt.getTime() / 1000) })
            .options({ tableName, condition: { attr: 'pk', exists: false } })
            .params().Put,
        ),
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
            ...oauthStateEntity()
              .build(DeleteTransaction)
              .key(stateKey(stateHash))
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Delete,
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
      await client.send(
        new PutCommand(
          calendarConnectionEntity()
            .build(PutTransaction)
            .item({ ...connectionKey(connection.salonId), ...connection })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async markBroken(salonId, encryptedRefreshToken, at) {
      try {
        await client.send(
          new UpdateCommand(
            calendarConnectionEntity()
              .build(UpdateTransaction)
              .item({ ...connectionKey(salonId), status: 'broken', brokenAt: at.toISOString() })
              .options({ tableName, condition: { attr: 'encryptedRefreshToken', eq: encryptedRefreshToken } })
              .params().Update,
          ),
        );
      } catch (error) {
        // Reconnected (or deleted) meanwhile: the new connection stays as it is.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    },
    async putSandboxEvent(salonId, event) {
      try {
        await client.send(
          new PutCommand(
            sandboxEventEntity()
              .build(PutTransaction)
              .item({
                ...eventKey(salonId, event.calendarId, event.id),
                calendarId: event.calendarId,
                eventId: event.id,
                summary: event.summary,
                description: event.description,
                start: event.start,
                end: event.end,
                timeZone: event.timeZone,
                seq: event.seq,
                status: 'confirmed',
              })
              .options({ tableName, condition: { attr: 'pk', exists: false } })
              .params().Put,
          ),
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
            new UpdateCommand(
              sandboxEventEntity()
                .build(UpdateTransaction)
                .item({ ...eventKey(salonId, calendarId, eventId), status: 'cancelled', seq })
                .options({
                  tableName,
                  condition: {
                    and: [
                      { attr: 'pk', exists: true },
                      { attr: 'status', ne: 'cancelled' },
                    ],
                  },
                })
                .params().Update,
            ),
          ),
        );
      }
      const result = await client.send(new DeleteCommand({ TableName: tableName, Key: eventKey(salonId, calendarId, eventId), ReturnValues: 'ALL_OLD' }));
      return Boolean(result.Attributes);
    },
    async sandboxEvents(salonId, calendarId) {
      return (await sandboxChanges(salonId, calendarId)).filter((event) => event.status !== 'cancelled');
    },
    sandboxChanges,
    async markSandboxTokenRevoked(salonId, tokenHash, at) {
      await client.send(
        new PutCommand(
          sandboxRevokedTokenEntity()
            .build(PutTransaction)
            .item({ ...revokedKey(salonId, tokenHash), revokedAt: at.toISOString() })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async isSandboxTokenRevoked(salonId, tokenHash) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: revokedKey(salonId, tokenHash) }));
      return Boolean(result.Item);
    },
  };
}
