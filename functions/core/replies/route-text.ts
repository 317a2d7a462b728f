import type { Ports } from '../ports.js';
import { phoneKey } from '../booking/context.js';
import { TEXTED_WITHIN_DAYS } from '../ports/sms-routing-store.js';
import { intentOf } from './keywords.js';

/**
 * Which salon a caller's text is for (docs/reminders.md, "Which number texts come from"). A text
 * to a salon's own number is that salon's. Every other text came to the platform's sender, which
 * texts for every salon: it is for the salon that texted the caller in the last 30 days, when only
 * one did; with several, a YES or NO is for the one salon whose question is open, and anything
 * else is asked back ("Which salon is your text for? Reply 1 for …"), the text kept an hour until
 * the caller answers with a number.
 */
export type RouteDeps = Pick<Ports, 'numbers' | 'salons' | 'smsRouting' | 'smsReplies' | 'now'>;

export type Route = { kind: 'salon'; salonId: string; body: string } | { kind: 'ask'; salonId: string; reply: string } | { kind: 'unknown' };

/** How long a "which salon?" waits for its answer. */
export const WHICH_WITHIN_MS = 60 * 60_000;
/** A one-digit answer names the salon. */
const MAX_CHOICES = 9;

async function salonsThatTexted(deps: RouteDeps, phone: string, now: Date): Promise<{ id: string; name: string }[]> {
  const texted = await deps.smsRouting.textedBy(phone, new Date(now.getTime() - TEXTED_WITHIN_DAYS * 86_400_000));
  const salons = await Promise.all(texted.map(({ salonId }) => deps.salons.get(salonId)));
  // A salon deleted since it texted is no one to answer.
  return salons.flatMap((salon) => (salon ? [{ id: salon.id, name: salon.name }] : []));
}

async function answersTheQuestionOf(deps: RouteDeps, salonIds: string[], phone: string, now: Date): Promise<string | null> {
  const asked = await Promise.all(
    salonIds.map(async (salonId) => ((await deps.smsReplies.pending(salonId, phoneKey(salonId, phone), now))?.answeredAt === null ? salonId : null)),
  );
  const asking = asked.filter((salonId) => salonId !== null);
  return asking.length === 1 ? asking[0]! : null;
}

export async function routeText(deps: RouteDeps, text: { from: string; to: string; body: string }): Promise<Route> {
  const own = await deps.numbers.salonFor(text.to);
  if (own) return { kind: 'salon', salonId: own, body: text.body };
  const now = deps.now();
  const choice = /^\s*([1-9])\s*[.)]?\s*$/.exec(text.body);
  if (choice) {
    const asked = await deps.smsRouting.which(text.from, now);
    const salonId = asked?.salonIds[Number(choice[1]) - 1];
    const taken = salonId ? await deps.smsRouting.takeWhich(text.from, now) : null;
    if (salonId && taken) return { kind: 'salon', salonId, body: taken.body };
  }
  const candidates = await salonsThatTexted(deps, text.from, now);
  if (!candidates.length) return { kind: 'unknown' };
  if (candidates.length === 1) return { kind: 'salon', salonId: candidates[0]!.id, body: text.body };
  const intent = intentOf(text.body);
  if (intent === 'yes' || intent === 'no') {
    const salonId = await answersTheQuestionOf(
      deps,
      candidates.map((salon) => salon.id),
      text.from,
      now,
    );
    if (salonId) return { kind: 'salon', salonId, body: text.body };
  }
  const offered = candidates.slice(0, MAX_CHOICES);
  await deps.smsRouting.askWhich(text.from, { body: text.body, salonIds: offered.map((salon) => salon.id) }, new Date(now.getTime() + WHICH_WITHIN_MS));
  const choices = offered.map((salon, index) => `${index + 1} for ${salon.name}`).join(', ');
  return { kind: 'ask', salonId: offered[0]!.id, reply: `Which salon is your text for? Reply ${choices}.` };
}
