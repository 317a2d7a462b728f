import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { CORPUS } from './corpus/all-scripts.js';
import { clockAt } from './corpus/calendar.js';
import { HELD_OUT, HELD_OUT_ROUND_2 } from './corpus/held-out/all-held-out.js';
import { runCorpus } from './corpus/run-corpus.js';

/**
 * The sandbox receptionist against its caller corpus (tests/unit/receptionist/corpus/), on the real
 * booking core, with the clock on the week's worst days for it (bench/receptionist-corpus.ts runs
 * every weekday at four times of day and names them): no harmful outcome and at least 90% exactly
 * right, for the tuning corpus and for each of the two held-out sets written apart from it; then seeded unseen
 * variants (fillers, typos, lower case, run-on turns): no harmful outcome (CORPUS_SEED picks another).
 */
const SEED = Number(process.env.CORPUS_SEED ?? 19);
/** Saturday morning (today's weekday said with free times today) and Sunday evening (the salon closed today and tomorrow's Monday). */
const WORST = [clockAt('2026-11-28', '08:30'), clockAt('2026-11-29', '20:30')];

let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

describe('the caller corpus', () => {
  it.each(WORST)(
    'has no harmful outcome and at least 90% correct on $label',
    async (clock) => {
      expect(CORPUS.length).toBeGreaterThanOrEqual(80);
      const run = await runCorpus(table, CORPUS, clock, { title: 'Caller corpus' });
      expect(run.counts.harmful).toBe(0);
      expect(run.counts.correct / run.total).toBeGreaterThanOrEqual(0.9);
    },
    300_000,
  );

  it.each(
    WORST.flatMap((clock) => [
      { set: 'held-out set', scripts: HELD_OUT, clock },
      { set: 'held-out set, round 2', scripts: HELD_OUT_ROUND_2, clock },
    ]),
  )(
    'has no harmful outcome and at least 90% correct on the $set on $clock.label',
    async ({ set, scripts, clock }) => {
      expect(scripts.length).toBeGreaterThanOrEqual(40);
      const run = await runCorpus(table, scripts, clock, { title: set });
      expect(run.counts.harmful).toBe(0);
      expect(run.counts.correct / run.total).toBeGreaterThanOrEqual(0.9);
    },
    300_000,
  );

  it(`has no harmful outcome on unseen variants (seed ${SEED})`, async () => {
    const run = await runCorpus(table, [...CORPUS, ...HELD_OUT, ...HELD_OUT_ROUND_2], WORST[0]!, { title: 'Unseen variants', seed: SEED });
    expect(run.counts.harmful).toBe(0);
  }, 300_000);
});
