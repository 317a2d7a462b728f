import type { ScriptTemplate } from './script.js';
import { CALL_SCRIPTS } from './scripts-calls.js';
import { DATE_SCRIPTS } from './scripts-dates.js';
import { ISSUE_41_SCRIPTS } from './scripts-issue-41.js';
import { MATCHING_SCRIPTS } from './scripts-matching.js';

/** Every caller script of the corpus (the tuning set: the receptionist was changed while looking at these). */
export const CORPUS: ScriptTemplate[] = [...DATE_SCRIPTS, ...MATCHING_SCRIPTS, ...CALL_SCRIPTS, ...ISSUE_41_SCRIPTS];
