import type { Script } from './script.js';
import { CALL_SCRIPTS } from './scripts-calls.js';
import { DATE_SCRIPTS } from './scripts-dates.js';
import { MATCHING_SCRIPTS } from './scripts-matching.js';

/** Every caller script of the corpus. */
export const CORPUS: Script[] = [...DATE_SCRIPTS, ...MATCHING_SCRIPTS, ...CALL_SCRIPTS];
