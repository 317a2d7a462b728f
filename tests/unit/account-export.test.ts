import { describe, expect, it } from 'vitest';
import { partitionLayout } from '../../functions/store/partition-layout.js';
import { buildAccountExport, exportDecision } from '../../functions/core/account-export.js';
import { keys } from '../../functions/store/keys.js';

/**
 * RELIABILITY 25: the data export holds every kind of personal data a salon keeps. Every sort key
 * the table's key builders make under a salon is either exported or left out on purpose with a
 * reason: a new kind of item fails here until someone decides.
 */

/** Sort keys of items kept under other partitions than the salon's, which no export reads. */
const NOT_UNDER_A_SALON: Readonly<Record<string, string>> = {
  deletedOwnerSk: "under the owner's partition: the deleted owner's tombstone",
  oauthStateSk: 'under a pending OAuth state, found by its hash',
  secretFailuresSk: 'under a source address (hashed): failed agent-secret checks',
  sandboxStripeSecretSk: "under the payments sandbox's own partition",
  salonSk: "the phone number's and the owner's pointer to their salon",
  outboxIndexSk: "the outbox's place on gsi1, not an item's sort key",
  numberWaitingSk: "under the number pool's waiting queue: a salon's place in it, gone once it has a number",
  smsOptOutSk: "under a hash of the caller's number and our SMS sender: a STOP covers every salon, as Twilio's does",
  smsTextedBySk: "under a hash of the caller's number: which salons texted it, to route a reply (30 days)",
  smsWhichSk: "under a hash of the caller's number: a 'which salon?' asked back (an hour)",
  sandboxSmsOptOutSk: "under the SMS sandbox's own record of Twilio's opt-outs",
  smsReceivedSk: "under the text's MessageSid: received before it is known which salon it is for",
};

describe('every kind of item a salon keeps', () => {
  it('is exported or declared left out, with a reason', () => {
    const undecided: string[] = [];
    for (const [name, builder] of Object.entries(keys)) {
      if (!name.endsWith('Sk') || Object.hasOwn(NOT_UNDER_A_SALON, name)) continue;
      const sk = typeof builder === 'function' ? (builder as (...parts: string[]) => string)('p1', 'p2', 'p3') : builder;
      if (exportDecision(partitionLayout, sk) === 'undecided') undecided.push(`${name} (${sk})`);
    }
    expect(undecided, 'export these kinds in functions/core/account-export.ts, or leave them out there with the reason').toEqual([]);
  });

  it('exports the waiting list, freed-time offers, text questions, reminders and no-shows', () => {
    const salonId = 'sal_personal';
    const pk = `SALON#${salonId}`;
    const entry = {
      id: 'hash1',
      date: '2026-12-01',
      serviceId: 'svc_cut',
      serviceName: 'Cut',
      durationMinutes: 45,
      callerName: 'Nóra Daly',
      callerPhone: '+353871234567',
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    const data = buildAccountExport(
      partitionLayout,
      salonId,
      [
        { pk, sk: keys.waitlistSk('2026-12-01', 'hash1'), ...entry, ttl: 1_800_000_000 },
        {
          pk,
          sk: keys.offerSk('bk_1'),
          id: 'bk_1',
          salonId,
          start: '2026-12-01T10:00',
          stylistName: 'Aoife',
          invited: [{ entryId: 'hash1', date: '2026-12-01', callerPhone: '+353871234567', callerName: 'Nóra Daly', serviceName: 'Cut' }],
          takenBy: null,
        },
        {
          pk,
          sk: keys.smsPendingSk('hash3'),
          pending: { kind: 'cancel', bookingId: 'bk_2', askedAt: '2026-11-28T12:00:00.000Z' },
          expiresAt: '2026-11-28T13:00:00.000Z',
          answeredAt: null,
        },
        {
          pk,
          sk: keys.reminderSk('bk_3'),
          gsi1pk: 'REMINDERS#2026-11-30',
          gsi1sk: 'x',
          salonId,
          bookingId: 'bk_3',
          sendAt: '2026-11-30T08:00:00.000Z',
          start: '2026-12-01T09:00:00.000Z',
        },
        { pk, sk: keys.noShowCallerSk('hash4'), ids: new Set(['bk_4']) },
        { pk, sk: keys.noShowMonthSk('2026-11'), ids: new Set(['bk_4']) },
      ],
      new Date('2026-11-28T14:00:00Z'),
    );
    expect(data.waitingList).toEqual([{ ...entry, expiresAt: '2027-01-15T08:00:00.000Z' }]);
    expect(data.freedTimeOffers).toMatchObject([{ id: 'bk_1', start: '2026-12-01T10:00', invited: [{ callerName: 'Nóra Daly' }] }]);
    expect(data.textQuestions).toMatchObject([{ phoneHash: 'hash3', pending: { kind: 'cancel', bookingId: 'bk_2' }, expiresAt: '2026-11-28T13:00:00.000Z' }]);
    expect(data.reminders).toEqual([{ bookingId: 'bk_3', sendAt: '2026-11-30T08:00:00.000Z', start: '2026-12-01T09:00:00.000Z' }]);
    expect(data.noShows).toEqual([{ month: '2026-11', ids: ['bk_4'] }]);
    expect(data.callerNoShows).toEqual([{ phoneHash: 'hash4', ids: ['bk_4'] }]);
  });
});
