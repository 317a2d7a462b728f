import type { CallRoute, CallEvaluation, CallRecord } from '../core/ports/call-types.js';

/** How an item of the table reads as a call's record (the record's shape is core's: functions/core/ports/call-types.ts). */
export function toRecord(item: Record<string, unknown>): CallRecord {
  return {
    salonId: String(item.salonId),
    callSid: String(item.callSid),
    callerPhone: (item.callerPhone as string | undefined) ?? null,
    startedAt: String(item.startedAt),
    route: (item.route as CallRoute | undefined) ?? 'agent',
    test: item.test === true,
    endedAt: (item.endedAt as string | undefined) ?? null,
    durationSeconds: typeof item.durationSeconds === 'number' ? item.durationSeconds : null,
    finalStatus: (item.finalStatus as string | undefined) ?? null,
    transferred: item.transferred === true,
    agentConnected: item.agentConnected === true,
    salonAnswered: item.salonAnswered === true,
    conversationId: (item.conversationId as string | undefined) ?? null,
    summary: (item.summary as string | undefined) ?? null,
    evaluation: (item.evaluation as CallEvaluation | undefined) ?? null,
    bookingIds: [...((item.bookingIds as Set<string> | undefined) ?? [])].sort(),
    movedIds: [...((item.movedIds as Set<string> | undefined) ?? [])].sort(),
    cancelledIds: [...((item.cancelledIds as Set<string> | undefined) ?? [])].sort(),
    messageIds: [...((item.messageIds as Set<string> | undefined) ?? [])].sort(),
    completedPublished: item.completedPublished === true,
    usagePending: item.usagePending === true,
  };
}
