import { Calendar, type CorpusClock } from './calendar.js';
import { report, runScript, type Outcome, type Verdict } from './score.js';
import { scriptsOn, type Script, type ScriptTemplate } from './script.js';
import { variants } from './variants.js';
import type { Table } from '../../booking/harness.js';

/** The corpus (or the held-out set) run with the clock at `clock`: each script written for that day, then judged. */
export interface CorpusRun {
  clock: CorpusClock;
  counts: Record<Outcome, number>;
  total: number;
  verdicts: { script: Script; verdict: Verdict }[];
}

export async function runCorpus(
  table: Table,
  templates: readonly ScriptTemplate[],
  clock: CorpusClock,
  options: { title?: string; seed?: number; quiet?: boolean; concurrency?: number } = {},
): Promise<CorpusRun> {
  const calendar = new Calendar(clock);
  const written = scriptsOn(templates, calendar);
  const scripts = options.seed === undefined ? written : variants(written, options.seed);
  const verdicts: CorpusRun['verdicts'] = new Array(scripts.length);
  // A few scripts at once: each has its own salon, and most of a turn is waiting on the table.
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, async () => {
      while (next < scripts.length) {
        const index = next++;
        verdicts[index] = { script: scripts[index]!, verdict: await runScript(table, scripts[index]!, calendar) };
      }
    }),
  );
  const title = `${options.title ?? 'Corpus'}, ${clock.label}${options.seed === undefined ? '' : `, variants seed ${options.seed}`}`;
  const counts = report(title, verdicts, { quiet: options.quiet });
  return { clock, counts, total: scripts.length, verdicts };
}
