import { describe, expect, it } from 'vitest';
import { PUSH_HEADERS } from '../../../functions/providers/google-calendar-rules.js';
import { createSandboxPush, sandboxNotificationsSent, type PushDelivery } from '../../../local/sandboxes/sandbox-calendar-push.js';
import type { SandboxCalendarStore, SandboxChannel } from '../../../local/sandboxes/sandbox-calendar-store.js';
import { memoryGoogleStore } from './memory-google-store.js';

const now = () => new Date('2026-11-23T08:00:00Z');
const channel = (id: string, calendarId = 'aoife@sandbox.calendar'): SandboxChannel => ({
  calendarId,
  id,
  resourceId: `res-${id}`,
  address: 'http://127.0.0.1:1/api/calendar/notifications',
  token: `token-${id}`,
  expiresAt: '2026-11-30T08:00:00Z',
});

/** The sandbox's push with its channels in memory and each notification held until the test answers it. */
function heldPush(open: SandboxChannel[]) {
  const channels: Pick<SandboxCalendarStore, 'channels'> = { channels: async (_salonId, calendarId) => open.filter((each) => each.calendarId === calendarId) };
  const sent: { channelId: string; number: string; answer: () => void; fail: () => void }[] = [];
  const deliver = (delivery: PushDelivery) =>
    new Promise<void>((answer, fail) =>
      sent.push({
        channelId: delivery.headers[PUSH_HEADERS.channelId]!,
        number: delivery.headers[PUSH_HEADERS.messageNumber]!,
        answer,
        fail: () => fail(new Error('503')),
      }),
    );
  const push = createSandboxPush({ store: memoryGoogleStore().store, channels: channels as SandboxCalendarStore, now, deliver });
  return { push, sent };
}

/** Lets the sandbox's promise callbacks run (no clock involved). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('calendar sandbox push notifications', () => {
  it('tells a channel of changes made while its last notification is answered in one more, after it, with the newest number', async () => {
    const { push, sent } = heldPush([channel('ch-a')]);
    await push.changed('sal_1', 'aoife@sandbox.calendar', 1);
    await push.changed('sal_1', 'aoife@sandbox.calendar', 2);
    await push.changed('sal_1', 'aoife@sandbox.calendar', 3);
    expect(sent.map((each) => each.number)).toEqual(['1']);

    let allSent = false;
    const waited = sandboxNotificationsSent().then(() => (allSent = true));
    sent[0]!.answer();
    await settled();
    expect(sent.map((each) => each.number)).toEqual(['1', '3']);
    expect(allSent).toBe(false);

    sent[1]!.answer();
    await waited;
    expect(sent).toHaveLength(2);
    // Once answered, the next change is told at once.
    await push.changed('sal_1', 'aoife@sandbox.calendar', 4);
    expect(sent.map((each) => each.number)).toEqual(['1', '3', '4']);
    sent[2]!.answer();
    await sandboxNotificationsSent();
  });

  it('does not hold one channel’s notification behind another’s, and a failed one still lets the next go', async () => {
    const { push, sent } = heldPush([channel('ch-a'), channel('ch-b'), channel('ch-c', 'ciara@sandbox.calendar')]);
    await push.changed('sal_1', 'aoife@sandbox.calendar', 1);
    await push.changed('sal_1', 'ciara@sandbox.calendar', 1);
    expect(sent.map((each) => each.channelId)).toEqual(['ch-a', 'ch-b', 'ch-c']);

    const failing = heldPush([channel('ch-d')]);
    await failing.push.changed('sal_1', 'aoife@sandbox.calendar', 1);
    await failing.push.changed('sal_1', 'aoife@sandbox.calendar', 2);
    failing.sent[0]!.fail();
    await settled();
    expect(failing.sent.map((each) => each.number)).toEqual(['1', '2']);
    for (const each of [...sent, ...failing.sent]) each.answer();
    await sandboxNotificationsSent();
  });
});
