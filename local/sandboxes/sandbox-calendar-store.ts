import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from '../../functions/store/dynamo.js';
import { keys } from '../../functions/store/keys.js';

/**
 * What the calendar sandbox keeps beside its events, under the salon (so account deletion removes
 * it): a change counter per calendar, which its sync tokens count in, and the push channels
 * events.watch opened, which it posts to on every change as Google does.
 */
export interface SandboxChannel {
  calendarId: string;
  id: string;
  resourceId: string;
  address: string;
  token: string;
  expiresAt: string;
  /** When channels.stop closed it: kept, so tests can see which channels were stopped; a stopped channel is told nothing. */
  stoppedAt?: string;
}

export interface SandboxCalendarStore {
  /** The calendar's next change number (1, 2, …). */
  nextSeq(salonId: string, calendarId: string): Promise<number>;
  /** The last change number handed out (0 before any). */
  currentSeq(salonId: string, calendarId: string): Promise<number>;
  putChannel(salonId: string, channel: SandboxChannel): Promise<void>;
  /** Marks the channel stopped (an unknown one stays unknown, as Google answers 404). */
  stopChannel(salonId: string, calendarId: string, channelId: string, at: Date): Promise<void>;
  channels(salonId: string, calendarId: string): Promise<SandboxChannel[]>;
}

export function createSandboxCalendarStore(client: DynamoDBDocumentClient, tableName: string): SandboxCalendarStore {
  const seqKey = (salonId: string, calendarId: string) => ({ pk: keys.salon(salonId), sk: keys.sandboxSeqSk(calendarId) });
  return {
    async nextSeq(salonId, calendarId) {
      const result = await client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: seqKey(salonId, calendarId),
          UpdateExpression: 'ADD seq :one',
          ExpressionAttributeValues: { ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(result.Attributes?.seq ?? 0);
    },
    async currentSeq(salonId, calendarId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: seqKey(salonId, calendarId), ConsistentRead: true }));
      return Number(result.Item?.seq ?? 0);
    },
    async putChannel(salonId, channel) {
      await client.send(
        new PutCommand({ TableName: tableName, Item: { pk: keys.salon(salonId), sk: keys.sandboxChannelSk(channel.calendarId, channel.id), ...channel } }),
      );
    },
    async stopChannel(salonId, calendarId, channelId, at) {
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: keys.salon(salonId), sk: keys.sandboxChannelSk(calendarId, channelId) },
            UpdateExpression: 'SET stoppedAt = if_not_exists(stoppedAt, :at)',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':at': at.toISOString() },
          }),
        ),
      );
    },
    async channels(salonId, calendarId) {
      const items = await queryAll(client, {
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.salon(salonId), ':prefix': keys.sandboxChannelPrefix(calendarId) },
        ConsistentRead: true,
      });
      return items.map((item) => ({
        calendarId: String(item.calendarId),
        id: String(item.id),
        resourceId: String(item.resourceId),
        address: String(item.address),
        token: String(item.token),
        expiresAt: String(item.expiresAt),
        ...(typeof item.stoppedAt === 'string' ? { stoppedAt: item.stoppedAt } : {}),
      }));
    },
  };
}
