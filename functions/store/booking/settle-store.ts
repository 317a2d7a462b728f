import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { keyQuery } from '../entities/query.js';
import { settleMarkerEntity } from '../entities/sweep-entities.js';
import { batchWriteAll, queryAll } from '../dynamo.js';
import { keys } from '../keys.js';
import type { SettleMarker, MarkerRef, SettleStore } from '../../core/ports/booking/settle-store.js';

export const markerKey = (marker: MarkerRef) => ({ pk: keys.salon(marker.salonId), sk: keys.settleSk(marker.id) });

/** The put that writes a marker (in a booking's transaction, or alone). */
export function markerPut(tableName: string, marker: SettleMarker) {
  return settleMarkerEntity()
    .build(PutTransaction)
    .item({
      ...markerKey(marker),
      ...marker,
      gsi1pk: keys.settleIndex,
      gsi1sk: `${marker.since}#${marker.salonId}#${marker.id}`,
    })
    .options({ tableName })
    .params().Put;
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
      const items = await queryAll(client, keyQuery(tableName, { index: 'gsi1', partition: keys.settleIndex, range: { lt: before.toISOString() } }), limit);
      const formatter = settleMarkerEntity().build(EntityFormatter);
      return items.map((item) => formatter.format(item, { attributes: ['id', 'salonId', 'bookingId', 'date', 'stylistIds', 'since'] }));
    },
  };
}
