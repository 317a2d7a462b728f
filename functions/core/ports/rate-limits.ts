/**
 * Fixed-window counters for rate limits (RELIABILITY 37): one item per counter per window, whose
 * `count` only a conditional ADD raises, so concurrent hits can never take more than the cap
 * between them (there is no read-then-write to race). The window's start is part of the key: a
 * new window starts from nothing without a reset, and an old item is never read again, however
 * late DynamoDB gets round to removing it at its `ttl`.
 */

/** What is counted; where it is kept is this module's business. */
export type RateCounter =
  /** Messages one caller phone (by its hash) left; under the salon, so they go with it. */
  | { kind: 'caller-messages'; salonId: string; phoneHash: string }
  | { kind: 'salon-messages'; salonId: string }
  /** Messages the owner sent support through the in-app form. */
  | { kind: 'support-messages'; salonId: string }
  /** Waiting-list joins, likewise: each entry is a text when a time comes free. */
  | { kind: 'caller-waitlist'; salonId: string; phoneHash: string }
  | { kind: 'salon-waitlist'; salonId: string }
  /** Failed agent-secret checks from one source address. */
  | { kind: 'secret-failures'; source: string };

/** A window in epoch milliseconds, end exclusive. */
export interface FixedWindow {
  startsAt: number;
  endsAt: number;
}

/** The window of `lengthMs` that `now` falls in, aligned to the epoch (so to clock minutes and hours). */
export function fixedWindow(now: Date, lengthMs: number): FixedWindow {
  const startsAt = Math.floor(now.getTime() / lengthMs) * lengthMs;
  return { startsAt, endsAt: startsAt + lengthMs };
}

/** Whole seconds until the window is over, at least 1: what a `Retry-After` says. */
export function secondsLeft(window: FixedWindow, now: Date): number {
  return Math.max(1, Math.ceil((window.endsAt - now.getTime()) / 1000));
}

export interface RateLimits {
  /** Counts one hit in `window` unless `cap` hits are already counted there: false then, and nothing changes. */
  take(counter: RateCounter, window: FixedWindow, cap: number): Promise<boolean>;
}
