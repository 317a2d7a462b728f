import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { CORPUS } from './corpus/all-scripts.js';
import { report, runScript } from './corpus/score.js';
import type { Script } from './corpus/script.js';
import { variants } from './corpus/variants.js';

/**
 * The sandbox receptionist against a corpus of caller scripts (tests/unit/receptionist/corpus/),
 * on the real booking core: no harmful outcome, and at least 90% exactly right. Then unseen
 * variants of every script (fillers, typos, lower case, run-on turns) from a seed: no harmful
 * outcome there either, and the score printed with its seed (CORPUS_SEED picks another).
 */
const SEED = Number(process.env.CORPUS_SEED ?? 19);

let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

async function score(title: string, scripts: Script[]) {
  const verdicts = [];
  for (const script of scripts) verdicts.push({ script, verdict: await runScript(table, script) });
  return report(title, verdicts);
}

describe('the caller corpus', () => {
  it('has no harmful outcome and at least 90% correct', async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
    const counts = await score('Caller corpus', CORPUS);
    expect(counts.harmful).toBe(0);
    expect(counts.correct / CORPUS.length).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it(`has no harmful outcome on unseen variants (seed ${SEED})`, async () => {
    const counts = await score(`Unseen variants, seed ${SEED}`, variants(CORPUS, SEED));
    expect(counts.harmful).toBe(0);
  }, 300_000);
});
