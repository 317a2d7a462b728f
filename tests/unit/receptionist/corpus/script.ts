import type { Calendar } from './calendar.js';
import type { ExistingBooking, Layout } from './corpus-salon.js';

/**
 * One caller's call, written the way people talk, with what a careful receptionist would have
 * done by the end of it. A script is written from the clock (`Calendar`): the days it names and the
 * outcome it expects are the ones a caller means on that day. Times are local Dublin wall times.
 */
export interface Script {
  id: string;
  /**
   * What the caller says, turn by turn (they say yes to a read-back without listening). A turn
   * with `if` is said only when the receptionist's last reply matches it (the answer to a question
   * that is asked on some days and not others); otherwise it is skipped.
   */
  says: CallerTurn[];
  /** Bookings made before the call: the caller's own (to cancel or move), or others' that take a time. */
  existing?: ExistingBooking[];
  /** The salon called: the corpus salon unless another layout is named. */
  layout?: Layout;
  expect: Expected;
}

export type CallerTurn = string | { if: RegExp; say: string };

/** A script as written: what the caller says and expects, from the day the clock stands on. */
export interface ScriptTemplate {
  id: string;
  on(calendar: Calendar): Omit<Script, 'id'>;
}

export const script = (id: string, on: ScriptTemplate['on']): ScriptTemplate => ({ id, on });

export interface ExpectedBooking {
  service: string;
  start: string;
  /** Only when the caller asked for one. */
  stylist?: string;
  /** The name it must be under, when the script checks it. */
  name?: string;
  /** The number it must be under (E.164), when the script checks it. */
  phone?: string;
}

export interface Expected {
  /** Exactly these new bookings, and no other (none when left out). */
  books?: ExpectedBooking[];
  /** The caller's existing bookings (by start) that end up cancelled. */
  cancels?: string[];
  /** The caller's existing bookings moved, from one start to another. */
  moves?: { from: string; to: string }[];
  message?: boolean;
  transfer?: boolean;
  /** Something the receptionist must say along the way. */
  says?: RegExp;
  /** Something it must never say (an answer that does not fit the question, one question asked a third time). */
  avoid?: RegExp;
  /** A price question: the one service whose price may be stated as "<service> is €…". */
  quotes?: string;
}

/** The scripts as written for the day the clock stands on. */
export const scriptsOn = (templates: readonly ScriptTemplate[], calendar: Calendar): Script[] =>
  templates.map((template) => ({ id: template.id, ...template.on(calendar) }));
