import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../functions/logger.js';
import { startTable, type Table } from '../booking/harness.js';
import { clockAt } from './corpus/calendar.js';
import { runCorpus } from './corpus/run-corpus.js';
import { ISSUE_41_SCRIPTS } from './corpus/scripts-issue-41.js';
import type { ScriptTemplate } from './corpus/script.js';

/**
 * What issue 41 found, each call held on its own (the corpus's 90% would hide one going wrong): on
 * the real booking core, with the clock on a Saturday morning (today's weekday said with time left
 * today), a Saturday evening (today over) and a Wednesday lunchtime.
 */
const CLOCKS = [clockAt('2026-11-28', '08:30'), clockAt('2026-11-28', '20:30'), clockAt('2026-11-25', '12:30')];

let table: Table;
beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

const scripts = (part: RegExp) => ISSUE_41_SCRIPTS.filter((script) => part.test(script.id));

async function expectRight(templates: ScriptTemplate[]) {
  expect(templates.length).toBeGreaterThan(0);
  for (const clock of CLOCKS) {
    const run = await runCorpus(table, templates, clock, { quiet: true });
    const wrong = run.verdicts
      .filter(({ verdict }) => verdict.outcome !== 'correct')
      .map(({ script, verdict }) => `${clock.label}: ${script.id}: ${verdict.why.join('; ')}\n${verdict.transcript.join('\n')}`);
    expect(wrong).toEqual([]);
  }
}

describe('issue 41, call by call', () => {
  it('1. a caller who already holds that time is offered to move it (a yes moves it); another person is booked as well', async () => {
    await expectRight(scripts(/^book: (a caller with a 14:00|the same time again)/));
  }, 120_000);

  it('2. a move is a move: a time said within it changes it, and a time picked from those offered is the one said', async () => {
    await expectRight(scripts(/^move: /));
  }, 120_000);

  it("3. today's weekday is asked once in words a caller can answer, asked another way once, then each day offered; today over, it is next week's", async () => {
    await expectRight(scripts(/^today's weekday/));
  }, 120_000);

  it('4. answers fit the question: one price, the hour asked, parking; numbers said in words, full names, grammar; a date with its month', async () => {
    await expectRight(scripts(/^(price|hours|parking|number in words|name|grammar|book: a toner|cancel): /));
  }, 120_000);
});
