import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally, queryAll } from './dynamo.js';
import { callSweepEntity } from './entities/call-sweep-entity.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';

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
  return callSweepEntity
    .build(PutTransaction)
    .item({ ...key(salonId, callSid), salonId, callSid, gsi1pk: keys.callSweepIndex, gsi1sk: place(at, salonId, callSid) })
    .options({ tableName })
    .params().Put;
}

export function createCallSweepMarkers(client: DynamoDBDocumentClient, tableName: string): CallSweepMarkers {
  return {
    async put(salonId, callSid, at) {
      await client.send(new PutCommand(sweepMarkerPut(tableName, salonId, callSid, at)));
    },
    async lookAgainAt(salonId, callSid, at) {
      await conditionally(
        client.send(
          new UpdateCommand(
            callSweepEntity
              .build(UpdateTransaction)
              .item({ ...key(salonId, callSid), gsi1sk: place(at, salonId, callSid), looked: true })
              .options({ tableName, condition: { attr: 'pk', exists: true } })
              .params().Update,
          ),
        ),
      );
    },
    async drop(salonId, callSid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key(salonId, callSid) }));
    },
    async due(before, limit) {
      const items = await queryAll(client, keyQuery(tableName, { index: 'gsi1', partition: keys.callSweepIndex, range: { lt: before.toISOString() } }), limit);
      const formatter = callSweepEntity.build(EntityFormatter);
      return items.map((item) => {
        const { salonId, callSid, looked } = formatter.format(item, { attributes: ['salonId', 'callSid', 'looked'] });
        return { salonId, callSid, looked: looked === true };
      });
    },
  };
}
