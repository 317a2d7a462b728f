import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { UpdateItemInput } from 'dynamodb-toolbox/entity/actions/update';
import { $add, $get } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { outboxEventId } from '../contracts/events.js';
import type { CallAction } from '../contracts/calls.js';
import { createCallSweepMarkers, sweepMarkerPut } from './call-sweep-markers.js';
import { outboxEventPut } from './event-outbox.js';
import { toRecord } from './call-types.js';
import { type CallPosition, type CallRecord } from '../core/ports/call-types.js';
import { conditionally, isConditionFailure } from './dynamo.js';
import { callEntity, callTranscriptEntity } from './entities/call-entities.js';
import { keyQuery } from './entities/query.js';
import { keys } from './keys.js';
import type { CallStore } from '../core/ports/call-store.js';

const ACTION_FIELDS = { booked: 'bookingIds', moved: 'movedIds', cancelled: 'cancelledIds', message: 'messageIds' } as const satisfies Record<
  CallAction,
  keyof CallRecord
>;

type CallEntity = ReturnType<typeof callEntity>;
/** The facts a source may know of a call, as stored. */
type CallFacts = Omit<{ [Name in keyof CallRecord]?: CallRecord[Name] | null }, (typeof ACTION_FIELDS)[CallAction]> & { gsi1pk?: string; gsi1sk?: string };

const callKey = (salonId: string, callSid: string) => ({ pk: keys.salon(salonId), sk: keys.callSk(callSid) });
const transcriptKey = (salonId: string, callSid: string) => ({ pk: keys.salon(salonId), sk: keys.callTranscriptSk(callSid) });
/** What every write of a call is conditional on: no tombstone. */
const NOT_DELETED: Condition<CallEntity> = { attr: 'deletedAt', exists: false };
const KNOWN: Condition<CallEntity> = { and: [{ attr: 'pk', exists: true }, NOT_DELETED] };
const logPlace = (position: CallPosition) => `${position.startedAt}#${position.callSid}`;

/** One update of a call's record, built by its entity. */
function callUpdate(
  tableName: string,
  salonId: string,
  callSid: string,
  changes: Omit<UpdateItemInput<CallEntity>, 'pk' | 'sk'>,
  condition: Condition<CallEntity>,
) {
  return callEntity()
    .build(UpdateTransaction)
    .item({ ...callKey(salonId, callSid), ...changes })
    .options({ tableName, condition })
    .params().Update;
}

const present = (fields: CallFacts) => Object.entries(fields).filter(([, value]) => value !== undefined && value !== null);

/** Sets each field only where the record has none yet: the first source to know a fact wins, duplicates change nothing. */
function firstWins(tableName: string, salonId: string, callSid: string, fields: CallFacts, condition: Condition<CallEntity> = NOT_DELETED) {
  const changes = Object.fromEntries(present(fields).map(([name, value]) => [name, $get(name as never, value)]));
  return callUpdate(tableName, salonId, callSid, changes as Omit<UpdateItemInput<CallEntity>, 'pk' | 'sk'>, condition);
}

/** The record a first-wins write of `fields` leaves on `item`: what the transaction writes, known before it commits. */
function afterFirstWins(item: Record<string, unknown>, fields: CallFacts): Record<string, unknown> {
  const merged = { ...item };
  for (const [name, value] of present(fields)) {
    if (merged[name] === undefined || merged[name] === null) merged[name] = value;
  }
  return merged;
}

/** How often an end is tried again when another write of the same call changed it first. */
const END_ATTEMPTS = 5;

export function createCallStore(client: DynamoDBDocumentClient, tableName: string): CallStore {
  const markers = createCallSweepMarkers(client, tableName);
  /** Every write names the salon, the call and where it sorts, so whichever arrives first creates a listable record. */
  const identity = (salonId: string, callSid: string, startedAt: string) => ({
    salonId,
    callSid,
    startedAt,
    gsi1pk: keys.callsByStart(salonId),
    gsi1sk: logPlace({ startedAt, callSid }),
  });

  async function get(salonId: string, callSid: string): Promise<CallRecord | null> {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: callKey(salonId, callSid), ConsistentRead: true }));
    return result.Item && result.Item.deletedAt === undefined ? toRecord(result.Item) : null;
  }

  /** The record as the write left it; null on a tombstone, which the write leaves as it is. */
  async function update(salonId: string, callSid: string, fields: CallFacts): Promise<CallRecord | null> {
    try {
      const result = await client.send(new UpdateCommand({ ...firstWins(tableName, salonId, callSid, fields), ReturnValues: 'ALL_NEW' }));
      return toRecord(result.Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) return null;
      throw error;
    }
  }

  /** Only for a call that exists: a tool call or callback naming a call we never saw creates nothing. */
  async function setFlags(salonId: string, callSid: string, flags: readonly ('transferred' | 'agentConnected' | 'salonAnswered')[]) {
    if (!flags.length) return;
    const changes = Object.fromEntries(flags.map((flag) => [flag, true]));
    await conditionally(client.send(new UpdateCommand(callUpdate(tableName, salonId, callSid, changes, KNOWN))));
  }

  /** What is left of a deleted call: its names, and when the tombstone goes. */
  const tombstonePut = (salonId: string, callSid: string, deletedAt: string, keepUntil: number, condition: Condition<CallEntity>) =>
    callEntity()
      .build(PutTransaction)
      .item({ ...callKey(salonId, callSid), salonId, callSid, deletedAt, ttl: keepUntil })
      .options({ tableName, condition })
      .params().Put;

  async function addToSet(salonId: string, callSid: string, field: (typeof ACTION_FIELDS)[CallAction], value: string) {
    await conditionally(client.send(new UpdateCommand(callUpdate(tableName, salonId, callSid, { [field]: $add(new Set([value])) }, KNOWN))));
  }

  return {
    async recordStart(start) {
      await markers.put(start.salonId, start.callSid, start.startedAt);
      await update(start.salonId, start.callSid, {
        ...identity(start.salonId, start.callSid, start.startedAt),
        callerPhone: start.callerPhone,
        route: start.route,
        test: start.test,
      });
    },

    async recordEnd(end, completed) {
      const { salonId, callSid } = end;
      const fields = {
        ...identity(salonId, callSid, end.startedAt),
        endedAt: end.endedAt,
        durationSeconds: end.durationSeconds,
        finalStatus: end.finalStatus,
        callerPhone: end.callerPhone,
        test: end.test,
        // First wins, like every fact: a re-sent end after the minutes were counted leaves them counted.
        usagePending: true,
      };
      for (let attempt = 0; attempt < END_ATTEMPTS; attempt += 1) {
        const { Item: item } = await client.send(new GetCommand({ TableName: tableName, Key: callKey(salonId, callSid), ConsistentRead: true }));
        if (item?.deletedAt !== undefined) return null;
        if (item?.completedPublished === true) {
          await markers.put(salonId, callSid, end.endedAt);
          return update(salonId, callSid, fields);
        }
        const ended = toRecord(afterFirstWins(item ?? callKey(salonId, callSid), { ...fields, completedPublished: true }));
        try {
          await client.send(
            new TransactWriteCommand({
              TransactItems: [
                { Put: sweepMarkerPut(tableName, salonId, callSid, end.endedAt) },
                {
                  // Not ended, deleted or first written by another source since it was read: the event carries the record this end leaves.
                  Update: firstWins(
                    tableName,
                    salonId,
                    callSid,
                    { ...fields, completedPublished: true },
                    { and: [NOT_DELETED, { attr: 'completedPublished', exists: false }, { attr: 'pk', exists: item !== undefined }] },
                  ),
                },
                {
                  Put: outboxEventPut(tableName, {
                    salonId,
                    id: outboxEventId('call.completed', callSid),
                    type: 'call.completed',
                    detail: completed(ended),
                    at: new Date(end.endedAt),
                  }),
                },
              ],
            }),
          );
          return ended;
        } catch (error) {
          // Deleted, ended or first written by another source meanwhile: read again and decide again,
          // after a short random wait, so that ends racing one another on the same items do not meet again at once.
          if (!(error instanceof TransactionCanceledException)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(80, 4 * 2 ** attempt)));
        }
      }
      throw new Error(`The end of call ${callSid} kept meeting other writes`);
    },

    async markUsageMetered(salonId, callSid) {
      await conditionally(client.send(new UpdateCommand(callUpdate(tableName, salonId, callSid, { usagePending: false }, KNOWN))));
      await markers.drop(salonId, callSid);
    },

    async recordConversation(conversation) {
      const { salonId, callSid } = conversation;
      await markers.put(salonId, callSid, conversation.startedAt);
      // The transcript before the record: a deletion between the two then always finds it, or the record's write is refused and it goes again here.
      await client.send(
        new UpdateCommand(
          callTranscriptEntity()
            .build(UpdateTransaction)
            .item({
              ...transcriptKey(salonId, callSid),
              lines: $get(
                'lines',
                conversation.transcript.map(({ role, text, at }) => ({ role, text, at })),
              ),
              ttl: $get('ttl', conversation.transcriptExpiresAt),
            })
            .options({ tableName })
            .params().Update,
        ),
      );
      const recorded = await update(salonId, callSid, {
        ...identity(salonId, callSid, conversation.startedAt),
        conversationId: conversation.conversationId,
        summary: conversation.summary,
        evaluation: conversation.evaluation,
      });
      if (!recorded) await client.send(new DeleteCommand({ TableName: tableName, Key: transcriptKey(salonId, callSid) }));
      return recorded;
    },

    noteTransfer: (salonId, callSid) => setFlags(salonId, callSid, ['transferred']),
    noteLegs: (salonId, callSid, legs) =>
      setFlags(
        salonId,
        callSid,
        (['agentConnected', 'salonAnswered'] as const).filter((flag) => legs[flag]),
      ),

    noteAction: (salonId, callSid, action, id) => addToSet(salonId, callSid, ACTION_FIELDS[action], id),

    get,

    async transcript(salonId, callSid) {
      const result = await client.send(new GetCommand({ TableName: tableName, Key: transcriptKey(salonId, callSid) }));
      if (!result.Item) return null;
      const { lines, ttl } = callTranscriptEntity().build(EntityFormatter).format(result.Item);
      // DynamoDB removes expired items within days, not at once: an expired transcript is already gone.
      return ttl * 1000 <= Date.now() ? null : lines;
    },

    async list(salonId, { limit, after }) {
      const result = await client.send(
        new QueryCommand(
          keyQuery(
            tableName,
            { index: 'gsi1', partition: keys.callsByStart(salonId), ...(after ? { range: { lt: logPlace(after) } } : {}) },
            { reverse: true, limit },
          ),
        ),
      );
      const calls = (result.Items ?? []).map(toRecord);
      const last = calls.at(-1);
      return { calls, next: result.LastEvaluatedKey && last ? { startedAt: last.startedAt, callSid: last.callSid } : null };
    },

    async remove(salonId, callSid, { deletedAt, keepUntil }) {
      const call = await get(salonId, callSid);
      if (!call) return 'missing';
      if (!call.completedPublished) return 'unfinished';
      if (call.usagePending) return 'unmetered';
      const replaced = await conditionally(
        client.send(
          new PutCommand(
            tombstonePut(salonId, callSid, deletedAt, keepUntil, {
              and: [
                { attr: 'completedPublished', eq: true },
                {
                  or: [
                    { attr: 'usagePending', exists: false },
                    { attr: 'usagePending', eq: false },
                  ],
                },
                NOT_DELETED,
              ],
            }),
          ),
        ),
      );
      if (!replaced) return 'missing';
      await client.send(new DeleteCommand({ TableName: tableName, Key: transcriptKey(salonId, callSid) }));
      // Its event was delivered (the minutes are counted): the stream has it, the item need not wait for its TTL.
      await client.send(
        new DeleteCommand({ TableName: tableName, Key: { pk: keys.salon(salonId), sk: keys.eventOutboxSk(outboxEventId('call.completed', callSid)) } }),
      );
      // A redelivered end after the call finished puts its marker again: the sweep would only drop it.
      await markers.drop(salonId, callSid);
      return 'removed';
    },

    async ignore(salonId, callSid, { deletedAt, keepUntil }) {
      await conditionally(client.send(new PutCommand(tombstonePut(salonId, callSid, deletedAt, keepUntil, { attr: 'pk', exists: false }))));
    },

    sweep: markers,
  };
}
