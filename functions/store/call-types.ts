import { EntityFormatter } from 'dynamodb-toolbox/entity/actions/format';
import { callEntity } from './entities/call-entities.js';
import type { CallRecord } from '../core/ports/call-types.js';

const sorted = (ids: Set<string> | undefined) => [...(ids ?? [])].sort();

/** How an item of the table reads as a call's record (the record's shape is core's: functions/core/ports/call-types.ts). */
export function toRecord(stored: Record<string, unknown>): CallRecord {
  const item = callEntity().build(EntityFormatter).format(stored);
  return {
    salonId: item.salonId,
    callSid: item.callSid,
    callerPhone: item.callerPhone ?? null,
    // Only a tombstone has no start, and no record is read from one.
    startedAt: item.startedAt ?? '',
    route: item.route ?? 'agent',
    test: item.test === true,
    endedAt: item.endedAt ?? null,
    durationSeconds: item.durationSeconds ?? null,
    finalStatus: item.finalStatus ?? null,
    transferred: item.transferred === true,
    agentConnected: item.agentConnected === true,
    salonAnswered: item.salonAnswered === true,
    conversationId: item.conversationId ?? null,
    summary: item.summary ?? null,
    evaluation: item.evaluation ?? null,
    bookingIds: sorted(item.bookingIds),
    movedIds: sorted(item.movedIds),
    cancelledIds: sorted(item.cancelledIds),
    messageIds: sorted(item.messageIds),
    completedPublished: item.completedPublished === true,
    usagePending: item.usagePending === true,
  };
}
