import type { EventDetail } from '../../contracts/events.js';

/**
 * Minutes used per salon and billing period (reliability 18, 42). A call is counted by one
 * conditional ADD on the item of its period and local day, which also adds the call's id to the
 * item's set and only applies when the id is not in it yet: a duplicate or retried
 * `call.completed` changes nothing, and there is no window between "counted" and "remembered".
 * Sharding by day keeps each set small (a busy salon's month of call ids would crowd one item).
 */
export interface UsageTotals {
  minutes: number;
  testMinutes: number;
  calls: number;
}

export interface CallMinutes {
  callSid: string;
  /** The call's local day (`yyyy-mm-dd`): every delivery of one call names the same day. */
  day: string;
  minutes: number;
  /** A test call's minutes count against the free test minutes, not the plan. */
  test: boolean;
}

export interface UsageStore {
  /** Counts one call in the period; false (and nothing changed) when it was already counted. */
  count(salonId: string, periodId: string, call: CallMinutes): Promise<boolean>;
  totals(salonId: string, periodId: string): Promise<UsageTotals>;
  /**
   * Records a threshold's warning as sent and writes its `usage.threshold-reached` with it, in one
   * transaction (the event outbox): once per threshold per period, whoever asks and however often.
   * False when it was sent before.
   */
  warnOnce(warning: EventDetail<'usage.threshold-reached'>, now: Date): Promise<boolean>;
}
