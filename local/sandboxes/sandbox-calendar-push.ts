import type { SandboxCalendarStore } from './sandbox-calendar-store.js';
import {
  CalendarError,
  type CalendarEventChange,
  type CalendarGrant,
  type EventPage,
  type EventListing,
  type WatchedChannel,
  type WatchRequest,
} from '../../functions/core/ports/calendar.js';
import { PUSH_HEADERS } from '../../functions/providers/google-calendar-rules.js';
import type { GoogleStore } from '../../functions/core/ports/google-store.js';

/**
 * The calendar sandbox's sync and push, as Google's: events.list with sync tokens (deleted events
 * come back as gone; a token it cannot read is 410), and events.watch channels that it posts to,
 * with the channel's token, after every change (and a `sync` message when the channel opens),
 * changes made while a channel's last notification is being answered told in one more.
 */
export interface PushDelivery {
  address: string;
  headers: Record<string, string>;
}

/** Posts a notification as Google does: an empty POST with the X-Goog-* headers. Failures are Google's problem (it would retry). */
export async function postNotification(delivery: PushDelivery): Promise<void> {
  await fetch(delivery.address, { method: 'POST', headers: delivery.headers, signal: AbortSignal.timeout(5_000) }).then((response) => response.arrayBuffer());
}

const deliveries = new Set<Promise<void>>();

/** Resolves once every notification the sandbox has sent so far was answered (tests wait on it). */
export async function sandboxNotificationsSent(): Promise<void> {
  while (deliveries.size) await Promise.allSettled([...deliveries]);
}

type Notice = {
  channel: { id: string; resourceId: string; token: string; address: string; expiresAt: string };
  state: 'sync' | 'exists';
  messageNumber: number;
};

/**
 * Per channel, the notification to send once the one being answered is: at most one in flight
 * and one waiting, as Google may fold changes made close together into one notification. Each
 * answered notification has synced the mirror, so one more after it sees every change made
 * meanwhile; a notification per change made the product run one sync per change, side by side
 * on the same mirror, each save refused but one and its sync started again.
 */
const waiting = new Map<string, Notice | null>();

const TOKEN = /^sandbox-sync\.(\d+)$/;
const RESOURCE_PREFIX = 'sandbox-resource-';

export function createSandboxPush(options: {
  store: GoogleStore;
  channels: SandboxCalendarStore;
  now: () => Date;
  deliver?: (delivery: PushDelivery) => Promise<void>;
}) {
  const deliver = options.deliver ?? postNotification;

  function post({ channel, state, messageNumber }: Notice) {
    const delivery = deliver({
      address: channel.address,
      headers: {
        [PUSH_HEADERS.channelId]: channel.id,
        [PUSH_HEADERS.token]: channel.token,
        [PUSH_HEADERS.resourceId]: channel.resourceId,
        [PUSH_HEADERS.state]: state,
        [PUSH_HEADERS.messageNumber]: String(messageNumber),
        [PUSH_HEADERS.expiration]: new Date(channel.expiresAt).toUTCString(),
      },
    })
      .catch(() => undefined)
      .finally(() => {
        const next = waiting.get(channel.id);
        if (next) {
          waiting.set(channel.id, null);
          post(next);
        } else waiting.delete(channel.id);
        deliveries.delete(delivery);
      });
    deliveries.add(delivery);
  }

  function send(notice: Notice) {
    if (waiting.has(notice.channel.id)) waiting.set(notice.channel.id, notice);
    else {
      waiting.set(notice.channel.id, null);
      post(notice);
    }
  }

  return {
    /** After a change numbered `seq` on the calendar: every open channel on it is told, without waiting for the answer. */
    async changed(salonId: string, calendarId: string, seq: number) {
      const now = options.now().getTime();
      for (const channel of await options.channels.channels(salonId, calendarId)) {
        if (!channel.stoppedAt && Date.parse(channel.expiresAt) > now) send({ channel, state: 'exists', messageNumber: seq });
      }
    },
    async listEvents(grant: CalendarGrant, calendarId: string, listing: EventListing): Promise<EventPage> {
      let after = 0;
      if (listing.syncToken !== undefined) {
        const match = TOKEN.exec(listing.syncToken);
        if (!match) throw new CalendarError('gone', 'The sync token is no longer valid', 410);
        after = Number(match[1]);
      }
      // The counter first: a change made while listing is then listed again next time, never missed.
      const seq = await options.channels.currentSeq(grant.salonId, calendarId);
      const events = await options.store.sandboxChanges(grant.salonId, calendarId);
      const from = listing.timeMin?.getTime() ?? -Infinity;
      const changes: CalendarEventChange[] = events
        .filter((event) => (listing.syncToken !== undefined ? (event.seq ?? 0) > after : event.status !== 'cancelled' && Date.parse(event.end) > from))
        .map((event) => (event.status === 'cancelled' ? { id: event.id, busy: false } : { id: event.id, busy: true, start: event.start, end: event.end }));
      return { changes, nextSyncToken: `sandbox-sync.${Math.max(seq, after)}` };
    },
    async watch(grant: CalendarGrant, calendarId: string, request: WatchRequest): Promise<WatchedChannel> {
      const channel = {
        calendarId,
        id: request.id,
        // As Google's, it names the watched calendar's events; here it spells out which calendar.
        resourceId: `${RESOURCE_PREFIX}${Buffer.from(calendarId).toString('base64url')}`,
        address: request.address,
        token: request.token,
        expiresAt: new Date(options.now().getTime() + request.ttlSeconds * 1000).toISOString(),
      };
      await options.channels.putChannel(grant.salonId, channel);
      send({ channel, state: 'sync', messageNumber: 0 });
      return { resourceId: channel.resourceId, expiresAt: channel.expiresAt };
    },
    async stopChannel(grant: CalendarGrant, channel: { id: string; resourceId: string }) {
      if (!channel.resourceId.startsWith(RESOURCE_PREFIX)) return;
      const calendarId = Buffer.from(channel.resourceId.slice(RESOURCE_PREFIX.length), 'base64url').toString('utf8');
      await options.channels.stopChannel(grant.salonId, calendarId, channel.id, options.now());
    },
  };
}
