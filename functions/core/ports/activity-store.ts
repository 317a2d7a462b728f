export const ACTIVITY_KINDS = ['call', 'booking', 'cancellation', 'message'] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityEntry {
  kind: ActivityKind;
  /** The call, booking or message it is about. */
  id: string;
  at: string;
  /** One line for the owner, without the caller's phone number. */
  text: string;
  test: boolean;
}

export interface ActivityStore {
  record(salonId: string, entry: ActivityEntry): Promise<void>;
  latest(salonId: string, limit: number): Promise<ActivityEntry[]>;
}
