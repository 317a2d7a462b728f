import { DeleteCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { conditionally, queryAll } from './dynamo.js';
import { callSweepEntity } from './entities/call-sweep-entity.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { CallSweepMarkers } from '../core/ports/call-sweep-markers.js';

const place = (at: string, salonId: string, callSid: string) => `${at}#${salonId}#${callSid}`;
const key = (salonId: string, callSid: string) => ({ pk: keys.salon(salonId), sk: keys.callSweepSk(callSid) });

/** The marker's Put, alone or in the transaction that records a call's end (call-store.ts). */
export function sweepMarkerPut(tableName: string, salonId: string, callSid: string, at: string) {
  return callSweepEntity()
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
            callSweepEntity()
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
      const formatter = callSweepEntity().build(EntityFormatter);
      return items.map((item) => {
        const { salonId, callSid, looked } = formatter.format(item, { attributes: ['salonId', 'callSid', 'looked'] });
        return { salonId, callSid, looked: looked === true };
      });
    },
  };
}
