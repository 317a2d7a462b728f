import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';
import type { CallSweepMarkers } from '../core/ports/call-sweep-markers.js';

const place = (at: string, salonId: string, callSid: string) => `${at}#${salonId}#${callSid}`;
const key = (salonId: string, callSid: string) => ({ pk: keys.salon(salonId), sk: keys.callSweepSk(callSid) });

/** The marker's Put, alone or in the transaction that records a call's end (call-store.ts). */
export function sweepMarkerPut(tableName: string, salonId: string, callSid: string, at: string) {
  return {
    TableName: tableName,
    Item: {
      ...key(salonId, callSid),
      salonId,
      callSid,
      [tableKeys.gsi1.partitionKey]: keys.callSweepIndex,
      [tableKeys.gsi1.sortKey]: place(at, salonId, callSid),
    },
  };
}

export function createCallSweepMarkers(client: DynamoDBDocumentClient, tableName: string): CallSweepMarkers {
  return {
    async put(salonId, callSid, at) {
      await client.send(new PutCommand(sweepMarkerPut(tableName, salonId, callSid, at)));
    },
    async lookAgainAt(salonId, callSid, at) {
      await conditionally(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(salonId, callSid),
            UpdateExpression: 'SET #place = :place, looked = :yes',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#place': tableKeys.gsi1.sortKey },
            ExpressionAttributeValues: { ':place': place(at, salonId, callSid), ':yes': true },
          }),
        ),
      );
    },
    async drop(salonId, callSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, callSid) }));
    },
    async due(before, limit) {
      const items = await queryAll(
        client,
        {
          TableName: tableName,
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :index AND gsi1sk < :before',
          ExpressionAttributeValues: { ':index': keys.callSweepIndex, ':before': before.toISOString() },
        },
        limit,
      );
      return items.map((item) => ({ salonId: String(item.salonId), callSid: String(item.callSid), looked: item.looked === true }));
    },
  };
}
