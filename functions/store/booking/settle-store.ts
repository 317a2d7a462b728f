import { type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';

/**
 * `SALON#<id>` / `SETTLE#<bookingId>#<nonce>`: written before a booking, cancellation or move touches a
 * stylist's day and deleted once the change's projections are done. One left behind (a crash, a
 * Lambda timeout) is found across salons on gsi1 (`SETTLE` / since) by the sweep, which settles
 * the booking from its day item: nothing needs to be known of the request that died. Each request
 * has markers of its own, so one that gives up never clears another's.
 */
export interface SettleMarker {
  /** `<bookingId>#<nonce>` */
  id: string;
  salonId: string;
  bookingId: string;
  date: string;
  /** The stylists whose day may hold the booking ("anyone" is decided at the write). */
  stylistIds: string[];
  since: string;
}

export interface SettleStore {
  mark(markers: readonly SettleMarker[]): Promise<void>;
  clear(markers: readonly Pick<SettleMarker, 'salonId' | 'id'>[]): Promise<void>;
  /** Markers older than `before`, oldest first. */
  stale(before: Date, limit: number): Promise<SettleMarker[]>;
}

export function createSettleStore(client: DynamoDBDocumentClient, tableName: string): SettleStore {
  const key = (marker: Pick<SettleMarker, 'salonId' | 'id'>) => ({ pk: keys.salon(marker.salonId), sk: keys.settleSk(marker.id) });
  return {
    async mark(markers) {
      await batchWriteAll(
        client,
        tableName,
        markers.map((marker) => ({
          PutRequest: {
            Item: {
              ...key(marker),
              ...marker,
              [tableKeys.gsi1.partitionKey]: keys.settleIndex,
              [tableKeys.gsi1.sortKey]: `${marker.since}#${marker.salonId}#${marker.id}`,
            },
          },
        })),
      );
    },
    async clear(markers) {
      await batchWriteAll(client, tableName, markers.map((marker) => ({ DeleteRequest: { Key: key(marker) } })));
    },
    async stale(before, limit) {
      const items = await queryAll(
        client,
        {
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :index AND gsi1sk < :before',
          ExpressionAttributeValues: { ':index': keys.settleIndex, ':before': before.toISOString() },
        },
        limit,
      );
      return items.map((item) => ({
        id: String(item.id),
        salonId: String(item.salonId),
        bookingId: String(item.bookingId),
        date: String(item.date),
        stylistIds: (item.stylistIds as string[] | undefined) ?? [],
        since: String(item.since),
      }));
    },
  };
}
