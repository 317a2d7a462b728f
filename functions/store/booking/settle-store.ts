import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';
import type { SettleMarker, MarkerRef, SettleStore } from '../../core/ports/booking/settle-store.js';

export const markerKey = (marker: MarkerRef) => ({ pk: keys.salon(marker.salonId), sk: keys.settleSk(marker.id) });

/** The put that writes a marker (in a booking's transaction, or alone). */
export function markerPut(tableName: string, marker: SettleMarker) {
  return {
    TableName: tableName,
    Item: {
      ...markerKey(marker),
      id: marker.id,
      salonId: marker.salonId,
      bookingId: marker.bookingId,
      date: marker.date,
      stylistIds: marker.stylistIds,
      since: marker.since,
      [tableKeys.gsi1.partitionKey]: keys.settleIndex,
      [tableKeys.gsi1.sortKey]: `${marker.since}#${marker.salonId}#${marker.id}`,
    },
  };
}

export function createSettleStore(client: DynamoDBDocumentClient, tableName: string): SettleStore {
  return {
    async clear(markers) {
      await batchWriteAll(
        client,
        tableName,
        markers.map((marker) => ({ DeleteRequest: { Key: markerKey(marker) } })),
      );
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
