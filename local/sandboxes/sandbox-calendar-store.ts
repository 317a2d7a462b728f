import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $get } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { conditionally, queryAll } from '../../functions/store/dynamo.js';
import { salonItemsQuery } from '../../functions/store/entities/query.js';
import { keys } from '../../functions/store/keys.js';
import { sandboxChannelEntity, sandboxSeqEntity } from './sandbox-entities.js';

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
  const seqOf = (item: Record<string, unknown> | undefined) =>
    item
      ? (sandboxSeqEntity()
          .build(EntityFormatter)
          .format(item, { attributes: ['seq'] }).seq ?? 0)
      : 0;
  return {
    async nextSeq(salonId, calendarId) {
      const update = sandboxSeqEntity()
        .build(UpdateTransaction)
        .item({ ...seqKey(salonId, calendarId), seq: $add(1) })
        .options({ tableName })
        .params().Update;
      const result = await client.send(new UpdateCommand({ ...update, ReturnValues: 'UPDATED_NEW' }));
      return seqOf(result.Attributes);
    },
    async currentSeq(salonId, calendarId) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: seqKey(salonId, calendarId), ConsistentRead: true }));
      return seqOf(result.Item);
    },
    async putChannel(salonId, channel) {
      await client.send(
        new PutCommand(
          sandboxChannelEntity()
            .build(PutTransaction)
            .item({ pk: keys.salon(salonId), sk: keys.sandboxChannelSk(channel.calendarId, channel.id), ...channel })
            .options({ tableName })
            .params().Put,
        ),
      );
    },
    async stopChannel(salonId, calendarId, channelId, at) {
      await conditionally(
        client.send(
          new UpdateCommand(
            sandboxChannelEntity()
              .build(UpdateTransaction)
              .item({ pk: keys.salon(salonId), sk: keys.sandboxChannelSk(calendarId, channelId), stoppedAt: $get('stoppedAt', at.toISOString()) })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
    async channels(salonId, calendarId) {
      const items = await queryAll(client, salonItemsQuery(tableName, salonId, keys.sandboxChannelPrefix(calendarId), { consistent: true }));
      const formatter = sandboxChannelEntity().build(EntityFormatter);
      return items.map((item) => {
        const { calendarId: calendar, id, resourceId, address, token, expiresAt, stoppedAt } = formatter.format(item);
        return { calendarId: calendar, id, resourceId, address, token, expiresAt, ...(stoppedAt !== undefined ? { stoppedAt } : {}) };
      });
    },
  };
}
