import type { ScriptTemplate } from '../script.js';
import { HELD_OUT_BOOKINGS } from './held-out-bookings.js';
import { HELD_OUT_CALLS } from './held-out-calls.js';
import { ROUND_2_BOOKINGS } from './held-out-round-2-bookings.js';
import { ROUND_2_CALLS } from './held-out-round-2-calls.js';

/** The first held-out set: written apart from the tuning corpus, then tuned on once (commit 1848687); scored apart. */
export const HELD_OUT: ScriptTemplate[] = [...HELD_OUT_BOOKINGS, ...HELD_OUT_CALLS];

/** The second held-out set: written after the first was tuned on, and run only to be scored. */
export const HELD_OUT_ROUND_2: ScriptTemplate[] = [...ROUND_2_BOOKINGS, ...ROUND_2_CALLS];
