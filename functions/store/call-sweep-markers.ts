import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionally, queryAll } from './dynamo.js';
import { keys } from './keys.js';
import { tableKeys } from './table-definition.js';

/**
 * `SALON#<id>` / `CALLSWEEP#<callSid>`: a call that is not finished, found across salons on gsi1
 * (`CALLSWEEP` / when to look) by the call sweep (functions/core/calls/sweep-calls.ts). The call
 * item cannot carry the marker itself: its gsi1 place is the call log's.
 *
 * Every write that may create a call record puts the marker first, and it is deleted only once
 * the usage consumer has counted the call's minutes (or the call is gone), not when
 * `call.completed` was handed to the bus: a crash anywhere, the bus's own included, leaves the
 * marker behind, never a call without one. The marker says when to look, not what to do: the sweep
 * reads the call and decides.
 */
export interface CallSweepMarker {
  salonId: string;
  callSid: string;
  /** The sweep looked at this call before (and moved its time); a writer's put clears it. */
  looked: boolean;
}

export interface CallSweepMarkers {
  /** Marks the call unfinished, to be looked at after `at` (idempotent; a later put moves the time). */
  put(salonId: string, callSid: string, at: string): Promise<void>;
  /** The sweep looked: it moves the time to look again; nothing when the marker is gone meanwhile (finished). */
  lookAgainAt(salonId: string, callSid: string, at: string): Promise<void>;
  drop(salonId: string, callSid: string): Promise<void>;
  /** Markers to look at before `before`, soonest first. */
  due(before: Date, limit: number): Promise<CallSweepMarker[]>;
}

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
