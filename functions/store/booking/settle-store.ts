import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, conditionally, queryAll, type Item } from '../dynamo.js';
import { keys } from '../keys.js';
import { tableKeys } from '../table-definition.js';

/**
 * `SALON#<id>` / `SETTLE#<bookingId>#<nonce>`: written before a booking, cancellation or move touches a
 * stylist's day and deleted once the change's projections are done. One left behind (a crash, a
 * Lambda timeout) is found across salons on gsi1 (`SETTLE` / since) by the sweep, which settles
 * the booking from its day item: nothing needs to be known of the request that died. Each request
 * has markers of its own, so one that gives up never clears another's.
 *
 * A book with an `Idempotency-Key` has no `SETTLE#` item: its key's claim (`IDEMP#<key>`,
 * idempotency-store.ts) carries the same fields and is on the same index, so one conditional put
 * both claims the key and marks the booking. Clearing it takes it off the index (the claim stays,
 * for the key's retries), only while it still marks this booking as this marker saw it (a request
 * that took the key over since has re-marked it).
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
  /** Set when the marker is this key's claim (`IDEMP#<key>`), not an item of its own. */
  idempotencyKey?: string;
}

/** Enough of a marker to clear it: a key's claim also needs what it marks (its booking, and since when when known). */
export type MarkerRef = Pick<SettleMarker, 'salonId' | 'id'> & Partial<Pick<SettleMarker, 'bookingId' | 'since' | 'idempotencyKey'>>;

/** The index attributes that make an item a settle marker the sweep finds. */
const markerIndex = (marker: SettleMarker) => ({
  [tableKeys.gsi1.partitionKey]: keys.settleIndex,
  [tableKeys.gsi1.sortKey]: `${marker.since}#${marker.salonId}#${marker.id}`,
});

/** A marker's own fields, as stored on its item (a `SETTLE#` item, or a key's claim). */
export const markerFields = (marker: SettleMarker): Item => ({
  id: marker.id,
  salonId: marker.salonId,
  bookingId: marker.bookingId,
  date: marker.date,
  stylistIds: marker.stylistIds,
  since: marker.since,
  ...markerIndex(marker),
});

export interface SettleStore {
  mark(markers: readonly SettleMarker[]): Promise<void>;
  clear(markers: readonly MarkerRef[]): Promise<void>;
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
        markers.map((marker) => ({ PutRequest: { Item: { ...key(marker), ...markerFields(marker) } } })),
      );
    },
    async clear(markers) {
      const claims = markers.filter((marker) => marker.idempotencyKey !== undefined);
      await Promise.all([
        batchWriteAll(client, tableName, markers.filter((marker) => marker.idempotencyKey === undefined).map((marker) => ({ DeleteRequest: { Key: key(marker) } }))),
        ...claims.map((marker) => unmarkClaim(marker)),
      ]);
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
        ...(typeof item.idempotencyKey === 'string' ? { idempotencyKey: item.idempotencyKey } : {}),
      }));
    },
  };

  /** Takes a key's claim off the sweep's index, if it still marks this booking (and since then, when known). */
  async function unmarkClaim(marker: MarkerRef): Promise<void> {
    const since = marker.since !== undefined ? ' AND since = :since' : '';
    await conditionally(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: keys.salon(marker.salonId), sk: keys.idempotencySk(marker.idempotencyKey!) },
          UpdateExpression: `REMOVE ${tableKeys.gsi1.partitionKey}, ${tableKeys.gsi1.sortKey}`,
          ConditionExpression: `bookingId = :booking${since}`,
          ExpressionAttributeValues: { ':booking': marker.bookingId ?? '', ...(marker.since !== undefined ? { ':since': marker.since } : {}) },
        }),
      ),
    );
  }
}
