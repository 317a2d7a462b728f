/**
 * The dashboard's call figures, one item per salon and local day (`STATS#<yyyy-mm-dd>`), so a
 * card is one small read however many calls there were. Each call and each rating counts once:
 * the ADD only applies while the call's id is not yet in the item's set, as usage does.
 */
export interface DayStats {
  day: string;
  calls: number;
  missed: number;
  /** Calls the agent's post-call evaluation rated, and how many of them it rated successful. */
  rated: number;
  satisfied: number;
}

export interface CallStatsStore {
  /** Counts a finished call on its day; false when it was counted already. */
  countCall(salonId: string, day: string, callSid: string, missed: boolean): Promise<boolean>;
  /** Counts a call's rating on its day; false when it was counted already. */
  countRating(salonId: string, day: string, callSid: string, satisfied: boolean): Promise<boolean>;
  /** The days from `from` to `to` (inclusive) that had calls. */
  days(salonId: string, from: string, to: string): Promise<DayStats[]>;
}
