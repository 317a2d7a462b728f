import { describe, expect, it } from 'vitest';
import { deleteAccount, type AccountDeps } from '../../functions/core/account.js';
import { salonIdForOwner } from '../../functions/core/salon.js';
import type { CalendarPort } from '../../functions/core/ports/calendar.js';
import { memoryGoogleStore } from './calendar/memory-google-store.js';

/** The order of deletion matters; these fakes record it. */
function fakes(options: {
  passwordOk: boolean;
  connected: boolean;
  failDeletingItems?: boolean;
  agent?: 'live' | 'provider down';
  billing?: boolean;
  mirrored?: string[];
  number?: string;
}) {
  const calls: string[] = [];
  const tombstones: { userId: string; deletedAt: Date; until: Date }[] = [];
  const owner = { userId: 'user-1', username: 'user-1' };
  const salonId = salonIdForOwner(owner.userId);
  const { store: googleStore } = memoryGoogleStore();
  if (options.connected) {
    void googleStore.saveConnection({
      salonId,
      encryptedRefreshToken: 'enc:refresh-1',
      connectedAt: '2026-11-01T10:00:00Z',
      provider: 'google',
      status: 'connected',
    });
  }
  const deps = {
    identity: {
      getUser: async () => ({ username: owner.username, email: 'owner@salon.ie' }),
      passwordMatches: async () => options.passwordOk,
      signOutEverywhere: async () => void calls.push('sign out'),
      deleteUser: async () => void calls.push('delete user'),
    },
    deletedOwners: {
      mark: async (userId: string, deletedAt: Date, until: Date) => void (calls.push('tombstone'), tombstones.push({ userId, deletedAt, until })),
    },
    salons: {
      get: async () => ({
        id: salonId,
        name: 'Bláth Hair',
        phone: '+35312345678',
        assignedNumber: options.number ?? null,
        // A customer remembered from a first checkout, and the subscription a later one made under another.
        billingCustomerId: 'cus_first',
        subscription: options.billing ? { id: 'sub_live', status: 'active', customerId: 'cus_second' } : undefined,
      }),
      clearAssignedNumber: async (_salon: string, number: string) => void calls.push(`clear number ${number}`),
      deleteAll: async () => {
        if (options.failDeletingItems) throw new Error('store unavailable');
        calls.push('delete items');
        return 3;
      },
    },
    numbers: {
      quarantine: async (number: string, quarantine: { until: string; former: { name: string; phone: string | null } }) =>
        void calls.push(`quarantine ${number} until ${quarantine.until} as ${quarantine.former.name} (${quarantine.former.phone ?? 'no phone'})`),
    },
    // The salon's own line forwards to its number: callers to the old number are not sent back to it.
    setup: { load: async () => ({ phoneOption: 'forward', forwardNumber: '+35312345678', voice: null }) },
    events: { publish: async (type: string) => void calls.push(`publish ${type}`) },
    email: { send: async (message: { to: string; subject: string }) => void calls.push(`email ${message.to}: ${message.subject}`) },
    googleStore,
    tokenCipher: { encrypt: async (text: string) => `enc:${text}`, decrypt: async (text: string) => text.replace(/^enc:/, '') },
    calendar: {
      revoke: async (grant: { refreshToken: string }) => void calls.push(`revoke ${grant.refreshToken}`),
      stopChannel: async (grant: { refreshToken: string }, channel: { id: string }) => void calls.push(`stop channel ${channel.id} with ${grant.refreshToken}`),
    } as unknown as CalendarPort,
    ...(options.mirrored
      ? {
          calendarMirrors: {
            list: async () =>
              options.mirrored!.map((calendarId, index) => ({
                salonId,
                calendarId,
                channel: { id: `ch-${index + 1}`, resourceId: `res-${index + 1}`, secret: 's', expiresAt: '2026-11-28T00:00:00Z' },
              })),
            remove: async (_salon: string, calendarId: string) => void calls.push(`remove mirror ${calendarId}`),
          },
        }
      : {}),
    agents: {
      get: async () =>
        options.agent
          ? { agentId: 'agent_1', hostedAgent: { agentId: 'agent_1', secretId: 'secret_1', tools: { book: 'tool_1' }, provider: 'elevenlabs' } }
          : null,
      forgetHostedAgent: async () => void calls.push('forget agent'),
    },
    voiceAgents: {
      provider: async () => 'elevenlabs',
      remove: async (handle: { agentId: string }) => {
        if (options.agent === 'provider down') throw new Error('provider unavailable');
        calls.push(`remove ${handle.agentId}`);
      },
    },
    ...(options.billing
      ? {
          subscriptions: { openCheckouts: async () => [{ id: 'cs_open_1' }, { id: 'cs_open_2' }] },
          payments: {
            expireCheckoutSession: async (input: { sessionId: string }) => void calls.push(`expire ${input.sessionId}`),
            cancelSubscription: async (input: { subscriptionId: string }) => void calls.push(`cancel ${input.subscriptionId}`),
            deleteCustomer: async (input: { customerId: string }) => void calls.push(`delete customer ${input.customerId}`),
          },
        }
      : {}),
    now: () => new Date('2026-11-21T12:00:00Z'),
  } as unknown as AccountDeps;
  return { deps, calls, owner, tombstones };
}

describe('deleting an account', () => {
  it('tombstones the owner first, revokes the calendar grant, deletes the items, announces it, signs out everywhere and deletes the login last', async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: true });
    await deleteAccount(deps, owner, 'right');
    expect(calls).toEqual([
      'tombstone',
      'revoke refresh-1',
      'delete items',
      'publish salon.deleted',
      'email owner@salon.ie: Your SalonDesk account has been deleted',
      'sign out',
      'delete user',
    ]);
  });

  it("releases the salon's number into its 30 days of quarantine before the items go, naming the salon, never its forwarded line", async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: false, number: '+35319000001' });
    await deleteAccount(deps, owner, 'right');
    expect(calls.slice(0, 4)).toEqual([
      'tombstone',
      'clear number +35319000001',
      'quarantine +35319000001 until 2026-12-21T12:00:00.000Z as Bláth Hair (no phone)',
      'delete items',
    ]);
  });

  it("removes the salon's voice agent from its provider before the items go; a provider outage does not stop the deletion", async () => {
    const live = fakes({ passwordOk: true, connected: false, agent: 'live' });
    await deleteAccount(live.deps, live.owner, 'right');
    expect(live.calls).toEqual([
      'tombstone',
      'remove agent_1',
      'forget agent',
      'delete items',
      'publish salon.deleted',
      'email owner@salon.ie: Your SalonDesk account has been deleted',
      'sign out',
      'delete user',
    ]);
    const down = fakes({ passwordOk: true, connected: false, agent: 'provider down' });
    await deleteAccount(down.deps, down.owner, 'right');
    expect(down.calls).toEqual([
      'tombstone',
      'delete items',
      'publish salon.deleted',
      'email owner@salon.ie: Your SalonDesk account has been deleted',
      'sign out',
      'delete user',
    ]);
  });

  it('ends billing before the items go: open checkouts expired, the subscription cancelled, every customer of the salon deleted (RELIABILITY 48)', async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: false, billing: true });
    await deleteAccount(deps, owner, 'right');
    expect(calls).toEqual([
      'tombstone',
      // A checkout still open could otherwise be paid after the salon is gone.
      'expire cs_open_1',
      'expire cs_open_2',
      'cancel sub_live',
      // Deleting a customer also cancels any subscription of it the salon's record no longer shows.
      'delete customer cus_second',
      'delete customer cus_first',
      'delete items',
      'publish salon.deleted',
      'email owner@salon.ie: Your SalonDesk account has been deleted',
      'sign out',
      'delete user',
    ]);
  });

  it("stops the calendar mirrors' push channels with the grant, before it is revoked, and removes the mirrors", async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: true, mirrored: ['aoife@example.ie', 'ciara@example.ie'] });
    await deleteAccount(deps, owner, 'right');
    expect(calls.slice(0, 6)).toEqual([
      'tombstone',
      'stop channel ch-1 with refresh-1',
      'remove mirror aoife@example.ie',
      'stop channel ch-2 with refresh-1',
      'remove mirror ciara@example.ie',
      'revoke refresh-1',
    ]);
  });

  it('works without a calendar connection', async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: false });
    await deleteAccount(deps, owner, 'right');
    expect(calls).toEqual([
      'tombstone',
      'delete items',
      'publish salon.deleted',
      'email owner@salon.ie: Your SalonDesk account has been deleted',
      'sign out',
      'delete user',
    ]);
  });

  it("keeps the tombstone well past the owner's last access token (they live an hour)", async () => {
    const { deps, owner, tombstones } = fakes({ passwordOk: true, connected: false });
    await deleteAccount(deps, owner, 'right');
    expect(tombstones).toEqual([{ userId: 'user-1', deletedAt: new Date('2026-11-21T12:00:00Z'), until: new Date('2026-11-22T12:00:00Z') }]);
  });

  it('has locked the owner out already when it fails part-way, and keeps the login so it can be run again', async () => {
    const { deps, calls, owner } = fakes({ passwordOk: true, connected: false, failDeletingItems: true });
    await expect(deleteAccount(deps, owner, 'right')).rejects.toThrow('store unavailable');
    expect(calls).toEqual(['tombstone']);
  });

  it('changes nothing when the password is wrong', async () => {
    const { deps, calls, owner } = fakes({ passwordOk: false, connected: true });
    await expect(deleteAccount(deps, owner, 'wrong')).rejects.toMatchObject({ kind: 'not_allowed' });
    expect(calls).toEqual([]);
  });
});
