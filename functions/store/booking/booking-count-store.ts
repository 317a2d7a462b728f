import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.js';

/**
 * `SALON#<id>` / `BOOKINGS#<yyyy-mm>`: the ids of the confirmed bookings made that month (the
 * dashboard's figure is their number). A set, not a counter, so a repair that projects a booking
 * again, or a cancellation replayed, changes nothing twice.
 */
export interface BookingCountStore {
  add(salonId: string, month: string, bookingId: string): Promise<void>;
  remove(salonId: string, month: string, bookingId: string): Promise<void>;
  count(salonId: string, month: string): Promise<number>;
}

export function createBookingCountStore(client: DynamoDBDocumentClient, tableName: string): BookingCountStore {
  const key = (salonId: string, month: string) => ({ pk: keys.salon(salonId), sk: keys.bookingCountSk(month) });
  const change = (operation: 'ADD' | 'DELETE') => async (salonId: string, month: string, bookingId: string) => {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key(salonId, month),
        UpdateExpression: `${operation} ids :id`,
        ExpressionAttributeValues: { ':id': new Set([bookingId]) },
      }),
    );
  };
  return {
    add: change('ADD'),
    remove: change('DELETE'),
    async count(salonId, month) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: key(salonId, month) }))).Item;
      return (item?.ids as Set<string> | undefined)?.size ?? 0;
    },
  };
}
