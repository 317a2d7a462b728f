import { checkAvailability } from '../../../functions/core/booking/check-availability.js';
import { receiveNotification } from '../../../functions/core/calendar/mirror.js';
import { CalendarError, type CalendarPort } from '../../../functions/core/ports/calendar.js';
import { PUSH_HEADERS } from '../../../functions/providers/google-calendar-rules.js';
import type { PushDelivery } from '../../../local/sandboxes/sandbox-calendar-push.js';
import { createSandboxCalendar } from '../../../local/sandboxes/sandbox-calendar.js';
import { createCalendarMirrorStore } from '../../../functions/store/calendar-mirror-store.js';
import { createSandboxCalendarStore } from '../../../local/sandboxes/sandbox-calendar-store.js';
import { makeSalon, type Table } from '../booking/harness.js';

/**
 * A salon whose stylists' calendars are the sandbox calendar's, against the real DynamoDB wire
 * API. The sandbox sends Google's push notifications: they are caught and handed to the
 * webhook's core (receiveNotification) by the test (`deliver`), so every step is explicit and
 * nothing waits on a clock. `state.down` makes every calendar call fail as in a Google outage,
 * `state.failing` only the named calls, `state.revoked` every call as Google answers a revoked
 * grant (invalid_grant); `state.before` runs before each call (a test holds one there).
 */
export const CAL = 'aoife@sandbox.calendar';

export async function mirroredSalon(table: Table, clock: { value: number }, mappings: Record<string, string> = { Aoife: CAL }) {
  const salon = await makeSalon(table, { now: clock, connectCalendar: true, stylists: Object.keys(mappings), mappings });
  const now = () => new Date(clock.value);
  const outbox: PushDelivery[] = [];
  const channels = createSandboxCalendarStore(table.client, table.tableName);
  const sandbox = createSandboxCalendar({ store: salon.googleStore, channels, now, deliver: async (delivery) => void outbox.push(delivery) });
  const calls: string[] = [];
  const state: { down: boolean; revoked: boolean; failing: Set<string>; before?: (name: string) => Promise<void> } = {
    down: false,
    revoked: false,
    failing: new Set<string>(),
  };
  const counted = Object.fromEntries(
    Object.entries(sandbox).map(([name, method]) => [
      name,
      async (...args: unknown[]) => {
        calls.push(name);
        await state.before?.(name);
        if (state.down || state.failing.has(name)) throw new CalendarError('unavailable', 'Google is down', 503);
        if (state.revoked) throw new CalendarError('revoked', 'invalid_grant', 400);
        return (method as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as unknown as CalendarPort;
  const deps = {
    ...salon.deps,
    calendar: counted,
    calendarMirrors: createCalendarMirrorStore(table.client, table.tableName),
    config: { SITE_URL: 'https://salondesk.example' },
  };
  const grant = { salonId: salon.salonId, refreshToken: salon.refreshToken };
  /** Hands every notification the sandbox sent to the webhook's core, as Google's POSTs would arrive. */
  const deliver = async () => {
    const outcomes = [];
    for (const delivery of outbox.splice(0)) {
      outcomes.push(
        await receiveNotification(deps, {
          channelId: delivery.headers[PUSH_HEADERS.channelId],
          token: delivery.headers[PUSH_HEADERS.token],
          state: delivery.headers[PUSH_HEADERS.state],
        }),
      );
    }
    return outcomes;
  };
  const ownerAdds = (id: string, start: string, end: string, calendarId = CAL) =>
    sandbox.createEvent(grant, calendarId, { id, summary: 'Dentist', start, end, timeZone: 'Europe/Dublin' });
  const mirrors = () => deps.calendarMirrors.list(salon.salonId);
  const mirror = async () => (await mirrors())[0]!;
  /** The sandbox's channels on a calendar, stopped ones included (with `stoppedAt`). */
  const channelsOn = (calendarId = CAL) => channels.channels(salon.salonId, calendarId);
  return { salon, deps, sandbox, outbox, calls, state, grant, deliver, ownerAdds, mirror, mirrors, channelsOn };
}

/** Holds the next events.list of a mirrored salon until `release`; `listing` resolves once it is held. */
export function holdNextListing(state: { before?: (name: string) => Promise<void> }) {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const listing = new Promise<void>((resolve) => (reached = resolve));
  state.before = async (name) => {
    if (name !== 'listEvents') return;
    state.before = undefined;
    reached();
    await released;
  };
  return { listing, release };
}

export const offered = async (deps: Parameters<typeof checkAvailability>[0], salonId: string) =>
  (await checkAvailability(deps, salonId, { service: 'Cut & blow-dry', date: '2026-11-24', stylist: 'Aoife' })) as unknown as {
    slots: { start: string }[];
    moreTimes: { start: string }[];
  };
export const starts = (answer: Awaited<ReturnType<typeof offered>>) => [...answer.slots, ...answer.moreTimes].map((slot) => slot.start);
