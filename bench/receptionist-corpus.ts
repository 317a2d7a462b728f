import '../local/server/quiet-sdk-notices.js';
import { setLogSink } from '../functions/logger.js';
import { startTable } from '../tests/unit/booking/harness.js';
import { CORPUS } from '../tests/unit/receptionist/corpus/all-scripts.js';
import { WEEK_CLOCKS, type CorpusClock } from '../tests/unit/receptionist/corpus/calendar.js';
import { HELD_OUT, HELD_OUT_ROUND_2 } from '../tests/unit/receptionist/corpus/held-out/all-held-out.js';
import { runCorpus, type CorpusRun } from '../tests/unit/receptionist/corpus/run-corpus.js';
import type { ScriptTemplate } from '../tests/unit/receptionist/corpus/script.js';

/**
 * The sandbox receptionist's caller corpus with the clock on every day of a week, at several
 * times of day (tests/unit/receptionist/corpus/calendar.ts): each script is written for the day the
 * clock stands on. Three sets, scored apart: the tuning corpus (the receptionist was changed while
 * looking at it), the first held-out set (written apart, then tuned on once) and the second
 * (`round-2`, written after that and run only to be scored), each as written and as seeded
 * variants (fillers, typos, lower case). Prints correct / wrong but safe / harmful per clock and
 * per weekday, and the worst clock of each set. `CORPUS_SETS=tuning,held-out,round-2`,
 * `CORPUS_SEEDS=7,42`, `CORPUS_CLOCKS=Saturday` and `CORPUS_SCRIPTS=move:` narrow it;
 * `CORPUS_VERBOSE=1` prints every script that was not right, with its transcript.
 */
const only = (templates: ScriptTemplate[]) => templates.filter((template) => !process.env.CORPUS_SCRIPTS || template.id.includes(process.env.CORPUS_SCRIPTS));
const SETS = { tuning: only(CORPUS), 'held-out': only(HELD_OUT), 'round-2': only(HELD_OUT_ROUND_2) };
const chosen = (process.env.CORPUS_SETS ?? 'tuning,held-out,round-2').split(',') as (keyof typeof SETS)[];
const seeds = (process.env.CORPUS_SEEDS ?? '').split(',').filter(Boolean).map(Number);
const clockFilter = process.env.CORPUS_CLOCKS?.split(',');
const verbose = process.env.CORPUS_VERBOSE === '1';

const percent = (run: { correct: number; total: number }) => `${((100 * run.correct) / run.total).toFixed(1)}%`;

export async function run(): Promise<string[]> {
  setLogSink(() => {}, 'error');
  const table = await startTable();
  const lines: string[] = [];
  const clocks: CorpusClock[] = WEEK_CLOCKS.filter((clock) => !clockFilter || clockFilter.some((part) => clock.label.includes(part)));
  try {
    for (const set of chosen) {
      for (const seed of [undefined, ...seeds]) {
        const runs: CorpusRun[] = [];
        for (const clock of clocks)
          runs.push(await runCorpus(table, SETS[set], clock, { title: set, quiet: !verbose, ...(seed === undefined ? {} : { seed }) }));
        const name = `${set}${seed === undefined ? '' : ` variants seed ${seed}`}`;
        lines.push(`${name}: ${runs[0]!.total} scripts per clock`, '  clock             correct   safe  harmful');
        for (const each of runs)
          lines.push(
            `  ${each.clock.label.padEnd(16)} ${String(each.counts.correct).padStart(4)} ${percent({ correct: each.counts.correct, total: each.total }).padStart(7)} ${String(each.counts['wrong-but-safe']).padStart(4)} ${String(each.counts.harmful).padStart(6)}`,
          );
        const byDay = new Map<string, { correct: number; harmful: number; total: number }>();
        for (const each of runs) {
          const day = each.clock.label.split(' ')[0]!;
          const sum = byDay.get(day) ?? { correct: 0, harmful: 0, total: 0 };
          byDay.set(day, { correct: sum.correct + each.counts.correct, harmful: sum.harmful + each.counts.harmful, total: sum.total + each.total });
        }
        lines.push(`  per weekday: ${[...byDay].map(([day, sum]) => `${day} ${percent(sum)} (${sum.harmful} harmful)`).join(', ')}`);
        const worst = [...runs].sort((a, b) => b.counts.harmful - a.counts.harmful || a.counts.correct - b.counts.correct)[0]!;
        const worstDay = [...byDay].sort((a, b) => b[1].harmful - a[1].harmful || a[1].correct / a[1].total - b[1].correct / b[1].total)[0]!;
        lines.push(
          `  worst clock: ${worst.clock.label}, ${worst.counts.correct}/${worst.total} correct (${percent({ correct: worst.counts.correct, total: worst.total })}), ${worst.counts.harmful} harmful; worst weekday: ${worstDay[0]} ${percent(worstDay[1])}, ${worstDay[1].harmful} harmful`,
        );
        const failing = new Map<string, string[]>();
        for (const each of runs)
          for (const { script, verdict } of each.verdicts)
            if (verdict.outcome !== 'correct')
              failing.set(script.id, [...(failing.get(script.id) ?? []), `${each.clock.label}${verdict.outcome === 'harmful' ? ' HARMFUL' : ''}`]);
        for (const [id, where] of [...failing].sort((a, b) => b[1].length - a[1].length))
          lines.push(`    ${id}: ${where.length} clock(s): ${where.slice(0, 6).join(', ')}${where.length > 6 ? ', …' : ''}`);
      }
    }
  } finally {
    await table.close();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await run()) console.log(line);
  process.exit(0);
}
