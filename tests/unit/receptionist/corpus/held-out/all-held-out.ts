import type { ScriptTemplate } from '../script.js';
import { HELD_OUT_BOOKINGS } from './held-out-bookings.js';
import { HELD_OUT_CALLS } from './held-out-calls.js';

/** The held-out set: written apart from the tuning corpus, never tuned on; scored apart. */
export const HELD_OUT: ScriptTemplate[] = [...HELD_OUT_BOOKINGS, ...HELD_OUT_CALLS];
