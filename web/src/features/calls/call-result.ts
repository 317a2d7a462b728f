import { CALL_OUTCOME_LABELS, type CallActionView, type CallView } from '@functions/contracts/calls';

/**
 * What one call in the log says happened, in one word group and one colour: what it did through
 * the receptionist (booked, moved, cancelled, a message) first, else how it ended.
 */
export type CallResultKind = CallActionView['action'] | 'live' | 'good' | 'neutral' | 'bad';

const ACTION_LABELS: Record<CallActionView['action'], string> = {
  booked: 'Booked',
  moved: 'Moved a booking',
  cancelled: 'Cancelled a booking',
  message: 'Left a message',
};

export function callResult(call: CallView): { kind: CallResultKind; label: string } {
  if (!call.outcome) return { kind: 'live', label: 'In progress' };
  const first = call.actions[0];
  if (first) return { kind: first.action, label: ACTION_LABELS[first.action] };
  const label = CALL_OUTCOME_LABELS[call.outcome];
  switch (call.outcome) {
    case 'missed':
    case 'abandoned':
      return { kind: 'bad', label };
    case 'transferred':
    case 'forwarded':
      return { kind: 'good', label };
    default:
      return { kind: 'neutral', label };
  }
}

const when = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** One line per thing the call did, e.g. "Booked: Cut & blow-dry with Aoife, Fri 4 Dec, 11:30 (since cancelled)". */
export function actionLine(action: CallActionView): string {
  if (action.action === 'message') return 'Left a message';
  const booking = action.booking;
  const what = booking
    ? `${booking.service}${booking.stylist.trim() ? ` with ${booking.stylist.trim()}` : ''}, ${when.format(new Date(booking.start))}`
    : 'a booking no longer kept';
  const since = booking?.status === 'cancelled' && action.action !== 'cancelled' ? ' (since cancelled)' : '';
  return `${ACTION_LABELS[action.action]}: ${what}${since}`;
}
