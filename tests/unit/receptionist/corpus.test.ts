import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { runScript, type Outcome, type Verdict } from './corpus/score.js';
import type { Script } from './corpus/script.js';
import { CALL_SCRIPTS } from './corpus/scripts-calls.js';
import { DATE_SCRIPTS } from './corpus/scripts-dates.js';
import { MATCHING_SCRIPTS } from './corpus/scripts-matching.js';

/**
 * The sandbox receptionist against a corpus of caller scripts (tests/unit/receptionist/corpus/),
 * on the real booking core: no harmful outcome, and at least 90% exactly right. The score is
 * printed; a failing script prints its transcript.
 */
export const CORPUS: Script[] = [...DATE_SCRIPTS, ...MATCHING_SCRIPTS, ...CALL_SCRIPTS];

let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

export function report(title: string, verdicts: { script: Script; verdict: Verdict }[]): Record<Outcome, number> {
  const count = (outcome: Outcome) => verdicts.filter(({ verdict }) => verdict.outcome === outcome).length;
  const counts = { correct: count('correct'), 'wrong-but-safe': count('wrong-but-safe'), harmful: count('harmful') };
  const lines = verdicts
    .filter(({ verdict }) => verdict.outcome !== 'correct')
    .map(({ script, verdict }) => [`  ${verdict.outcome.toUpperCase()} ${script.id}: ${verdict.why.join('; ')}`, ...verdict.transcript.map((line) => `      ${line}`)].join('\n'));
  const percent = ((100 * counts.correct) / verdicts.length).toFixed(1);
  console.log(`${title}: ${verdicts.length} scripts, ${counts.correct} correct (${percent}%), ${counts['wrong-but-safe']} wrong but safe, ${counts.harmful} harmful\n${lines.join('\n')}`);
  return counts;
}

describe('the caller corpus', () => {
  it('has no harmful outcome and at least 90% correct', async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    const verdicts = [];
    for (const script of CORPUS) verdicts.push({ script, verdict: await runScript(table, script) });
    const counts = report('Caller corpus', verdicts);
    expect(counts.harmful).toBe(0);
    expect(counts.correct / CORPUS.length).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});
