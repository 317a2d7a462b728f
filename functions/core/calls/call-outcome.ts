import type { CallOutcome } from '../../contracts/calls.js';
import type { CallRecord } from '../ports/call-types.js';

/** Final statuses in which nobody picked up (Twilio's call statuses). */
const NOT_ANSWERED = new Set(['busy', 'no-answer', 'failed']);

/**
 * The outcome follows from the facts the record gathered, whatever order they came in:
 * `answered` by the agent, `forwarded` to and picked up by the salon, `transferred` by the agent
 * to the salon, a `message` left in message mode, `missed` (nobody could pick up), `abandoned` (the caller hung up before the
 * agent or a person answered), or a `test-call`. Null while the call has not ended.
 */
export function callOutcome(
  call: Pick<CallRecord, 'endedAt' | 'test' | 'transferred' | 'finalStatus' | 'agentConnected' | 'salonAnswered' | 'route' | 'durationSeconds'> & {
    messageIds?: readonly string[];
  },
): CallOutcome | null {
  if (!call.endedAt) return null;
  if (call.test) return 'test-call';
  if (call.transferred) return 'transferred';
  // Message mode took the caller's message (no receptionist, nobody picked up).
  if (!call.agentConnected && !call.salonAnswered && call.messageIds?.length) return 'message';
  if (call.finalStatus === 'canceled') return 'abandoned';
  if (call.finalStatus && NOT_ANSWERED.has(call.finalStatus)) return 'missed';
  if (call.agentConnected) return 'answered';
  if (call.salonAnswered) return 'forwarded';
  // Forwarded and rung out with nobody at the salon, or asked for a message and left none; or hung up while the salon's phone rang first.
  return call.route === 'forwarded' || call.route === 'message' ? 'missed' : 'abandoned';
}
