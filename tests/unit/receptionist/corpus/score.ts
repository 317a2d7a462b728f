import { DateTime } from 'luxon';
import { startConversation, takeTurn } from '../../../../local/receptionist/receptionist.js';
import type { Table } from '../../booking/harness.js';
import type { Calendar } from './calendar.js';
import { corpusSalon, LAYOUTS } from './corpus-salon.js';
import type { Service } from '../../../../functions/contracts/setup.js';
import type { ExpectedBooking, Script } from './script.js';
import type { StoredAppointment } from '../../../../functions/core/booking/records.js';

/**
 * Runs a script against the sandbox receptionist on the real booking core and judges the
 * outcome as a careful tester would:
 * - harmful: a booking, cancellation or move nobody asked for (wrong day, time, service or
 *   stylist, a second booking instead of a move), a price stated for the wrong service, or
 *   fewer people booked than asked for without the caller being told;
 * - correct: exactly what was expected, and whatever had to be said was said;
 * - wrong but safe: anything else (it asked again, took a message, handed over).
 */
export type Outcome = 'correct' | 'wrong-but-safe' | 'harmful';

export interface Verdict {
  outcome: Outcome;
  why: string[];
  transcript: string[];
}

const local = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Dublin' }).toFormat("yyyy-MM-dd'T'HH:mm");
const describe = (booking: { service: string; start: string; stylist?: string }) =>
  `${booking.service} ${booking.start}${booking.stylist ? ` with ${booking.stylist}` : ''}`;

/** The booking wanted; `loosely`, whoever it is under (a name or number taken down wrong is wrong, not harmful). */
function sameBooking(made: StoredAppointment, wanted: ExpectedBooking, loosely = false): boolean {
  const under = loosely || ((!wanted.name || made.callerName === wanted.name) && (!wanted.phone || made.callerPhone === wanted.phone));
  return made.service.name === wanted.service && local(made.start) === wanted.start && (!wanted.stylist || made.stylistName === wanted.stylist) && under;
}

/** Every "€N" must be a price of the service named nearest before it (in its sentence, else the one before). */
function wrongPrices(replies: string[], quotes: string | undefined, services: readonly Service[]): string[] {
  const names = [...services].sort((a, b) => b.name.length - a.name.length);
  const problems: string[] = [];
  for (const reply of replies) {
    const sentences = reply.split(/(?<=[.?!])\s+/);
    sentences.forEach((sentence, index) => {
      for (const amount of sentence.matchAll(/€(\d+)/g)) {
        const before = sentence.slice(0, amount.index).toLowerCase();
        const named = (text: string) =>
          names
            .map((service) => ({ service, at: text.lastIndexOf(service.name.toLowerCase()) }))
            .filter((entry) => entry.at >= 0)
            // The name ending nearest the amount; of names ending together ("Blow-dry" in "Cut and blow-dry"), the longest.
            .sort((a, b) => b.at + b.service.name.length - (a.at + a.service.name.length) || b.service.name.length - a.service.name.length)[0]?.service;
        const service = named(before) ?? named((sentences[index - 1] ?? '').toLowerCase());
        const euro = Number(amount[1]);
        if (!service || ![service.price, service.price_min, service.price_max].includes(euro)) problems.push(`said €${euro} in "${sentence}"`);
        else if (quotes && service.name !== quotes && new RegExp(`${service.name} (is|are) €`, 'i').test(sentence))
          problems.push(`quoted ${service.name} for ${quotes}`);
      }
    });
  }
  return problems;
}

export async function runScript(table: Table, script: Script, calendar: Calendar): Promise<Verdict> {
  const now = calendar.now;
  const { salonId, deps, existingIds } = await corpusSalon(table, {
    now,
    test: true,
    existing: script.existing,
    ...(script.layout ? { layout: script.layout } : {}),
  });
  const transcript: string[] = [];
  const replies: string[] = [];
  let transferred = false;
  const started = await startConversation(deps, { salonId, test: true });
  replies.push(started.say);
  for (const turn of script.says) {
    // A turn that answers a question is said only when the question was asked.
    if (typeof turn !== 'string' && !turn.if.test(replies.at(-1)!)) continue;
    const text = typeof turn === 'string' ? turn : turn.say;
    const answer = await takeTurn(deps, { salonId, conversationId: started.conversationId, text }).catch((error: Error) => ({
      say: `[${error.message}]`,
      ended: true,
      transferTo: undefined,
    }));
    transcript.push(`caller: ${text}`, `receptionist: ${answer.say}`);
    replies.push(answer.say);
    if (answer.transferTo) transferred = true;
    if (answer.ended) break;
  }

  const all = await deps.bookings.appointments.list(salonId, new Date(now - 86_400_000), new Date(now + 100 * 86_400_000));
  const mine = (script.existing ?? [])
    .map((booking, index) => ({ booking, stored: all.find((entry) => entry.id === existingIds[index])! }))
    .filter(({ booking }) => !booking.callerPhone);
  // Where a booking ended up, however often it was moved ("move it to four", then "no, I said quarter past").
  const endOf = (stored: StoredAppointment) => {
    let at = stored;
    for (let next = all.find((entry) => entry.id === at.rescheduledTo); next; next = all.find((entry) => entry.id === at.rescheduledTo)) at = next;
    return at;
  };
  const made = all.filter(
    (entry) =>
      !existingIds.includes(entry.id) && entry.status !== 'cancelled' && !mine.some(({ stored }) => stored.rescheduledTo && endOf(stored).id === entry.id),
  );
  const expected = script.expect;
  const harm: string[] = [];
  const miss: string[] = [];

  const wanted = [...(expected.books ?? [])];
  const party = wanted.length;
  for (const booking of made) {
    const index = wanted.findIndex((entry) => sameBooking(booking, entry));
    const loose = index >= 0 ? -1 : wanted.findIndex((entry) => sameBooking(booking, entry, true));
    if (index >= 0) wanted.splice(index, 1);
    else if (loose >= 0) miss.push(`booked under ${booking.callerName}, ${booking.callerPhone}: ${describe(wanted.splice(loose, 1)[0]!)}`);
    else harm.push(`booked ${describe({ service: booking.service.name, start: local(booking.start), stylist: booking.stylistName })}`);
  }
  if (party > 1 && wanted.length && made.length) {
    const told = replies.some((reply) => /one at a time|second one|other one|the next one|book the second/i.test(reply));
    if (!told) harm.push(`booked ${made.length} of ${party} without saying so`);
  }
  miss.push(...wanted.map((entry) => `not booked: ${describe(entry)}`));

  for (const { booking, stored } of mine) {
    const movedTo = stored.rescheduledTo ? endOf(stored) : undefined;
    const wantedMove = expected.moves?.find((move) => move.from === booking.start);
    const wantedCancel = expected.cancels?.includes(booking.start);
    if (movedTo) {
      if (!wantedMove || wantedMove.to !== local(movedTo.start)) harm.push(`moved ${booking.start} to ${local(movedTo.start)}`);
    } else if (stored.status === 'cancelled') {
      if (!wantedCancel) harm.push(`cancelled ${booking.start}`);
    } else if (wantedMove) miss.push(`not moved: ${booking.start}`);
    else if (wantedCancel) miss.push(`not cancelled: ${booking.start}`);
  }

  harm.push(...wrongPrices(replies, expected.quotes, LAYOUTS[script.layout ?? 'corpus'].services));
  const messages = (await deps.bookings.messages.list(salonId, { limit: 10 })).messages.length;
  if (Boolean(expected.message) !== messages > 0) miss.push(expected.message ? 'no message taken' : 'a message was taken');
  if (Boolean(expected.transfer) !== transferred) miss.push(expected.transfer ? 'not put through' : 'put through');
  if (expected.says && !replies.some((reply) => expected.says!.test(reply))) miss.push(`never said ${expected.says}`);
  if (expected.avoid && replies.some((reply) => expected.avoid!.test(reply))) miss.push(`said ${expected.avoid}`);
  // One question asked a third time is a loop, whatever the script expected.
  const asked = new Map<string, number>();
  for (const reply of replies.slice(1)) asked.set(reply, (asked.get(reply) ?? 0) + (/\?$/.test(reply.trim()) ? 1 : 0));
  const loop = [...asked].find(([, times]) => times >= 3);
  if (loop) miss.push(`asked three times: "${loop[0]}"`);

  const outcome: Outcome = harm.length ? 'harmful' : miss.length ? 'wrong-but-safe' : 'correct';
  return { outcome, why: [...harm, ...miss], transcript };
}

/** Prints the score, and each script that was not right with its transcript; answers the counts. */
export function report(title: string, verdicts: { script: Script; verdict: Verdict }[], options: { quiet?: boolean } = {}): Record<Outcome, number> {
  const count = (outcome: Outcome) => verdicts.filter(({ verdict }) => verdict.outcome === outcome).length;
  const counts = { correct: count('correct'), 'wrong-but-safe': count('wrong-but-safe'), harmful: count('harmful') };
  const lines = verdicts
    .filter(({ verdict }) => verdict.outcome !== 'correct')
    .map(({ script, verdict }) =>
      [`  ${verdict.outcome.toUpperCase()} ${script.id}: ${verdict.why.join('; ')}`, ...verdict.transcript.map((line) => `      ${line}`)].join('\n'),
    );
  const percent = ((100 * counts.correct) / verdicts.length).toFixed(1);
  if (!options.quiet)
    console.log(
      `${title}: ${verdicts.length} scripts, ${counts.correct} correct (${percent}%), ${counts['wrong-but-safe']} wrong but safe, ${counts.harmful} harmful\n${lines.join('\n')}`,
    );
  return counts;
}
