import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { set } from 'dynamodb-toolbox/schema/set';
import { string } from 'dynamodb-toolbox/schema/string';
import { keys } from '../keys.js';
import { onFirstUse } from './on-first-use.js';
import { plainItems, primaryKey, type ItemKindDoc } from './table.js';

/**
 * A call's record (functions/store/call-store.ts). Every source of a call writes only the facts it
 * knows, first one wins, so every attribute but the call's names may be missing; a deleted call is
 * a tombstone (`deletedAt`, `ttl`) that no late write brings back.
 */
export const callEntity = onFirstUse(
  () =>
    new Entity({
      name: 'call',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        salonId: string(),
        callSid: string(),
        startedAt: string().optional(),
        gsi1pk: string().optional(),
        gsi1sk: string().optional(),
        callerPhone: string().optional(),
        route: string().enum('agent', 'salon-first', 'forwarded', 'message', 'test').optional(),
        test: boolean().optional(),
        endedAt: string().optional(),
        durationSeconds: number().optional(),
        finalStatus: string().optional(),
        transferred: boolean().optional(),
        agentConnected: boolean().optional(),
        salonAnswered: boolean().optional(),
        conversationId: string().optional(),
        summary: string().optional(),
        evaluation: string().enum('success', 'failure', 'unknown').optional(),
        bookingIds: set(string()).optional(),
        movedIds: set(string()).optional(),
        cancelledIds: set(string()).optional(),
        messageIds: set(string()).optional(),
        completedPublished: boolean().optional(),
        usagePending: boolean().optional(),
        deletedAt: string().optional(),
        ttl: number().optional(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.callSk('<callSid>'),
        what: 'a call: what each source knew first (start, end, route, post-call data, what it booked), `usagePending` until its minutes are counted; a tombstone (`deletedAt`, TTL) once deleted',
        access: 'by key; gsi1 `SALON#<salonId>#CALLS` by start, newest first, a page at a time; every write refused on a tombstone',
      } satisfies ItemKindDoc,
    }),
);

/** A call's transcript, apart from its record so that the call log's pages stay small. */
export const callTranscriptEntity = onFirstUse(
  () =>
    new Entity({
      name: 'call-transcript',
      ...plainItems(),
      schema: item({
        ...primaryKey(),
        lines: list(map({ role: string().enum('agent', 'caller'), text: string(), at: number() })),
        ttl: number(),
      }),
      meta: {
        pk: keys.salon('<salonId>'),
        sk: keys.callTranscriptSk('<callSid>'),
        what: "a call's transcript (the agent's post-call data; the first delivery's stays), until its TTL",
        access: 'by key; deleted with the call',
      } satisfies ItemKindDoc,
    }),
);
