import { createSandboxVoiceAgent } from '../../local/sandboxes/sandbox-voice-agent.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../functions/core/account.js';
import { issueAgentSecret } from '../../functions/core/agent-secret.js';
import { completeCalendarConnection, startCalendarConnection } from '../../functions/core/calendar-connection.js';
import { findOrCreateOwnerSalon, ownerSalonId, salonIdForOwner } from '../../functions/core/salon.js';
import { saveSetupStep } from '../../functions/core/setup.js';
import { DEFAULT_HOURS } from '../../functions/contracts/setup.js';
import { NotSignedInError } from '../../functions/core/errors.js';
import { setLogSink } from '../../functions/logger.js';
import type { Identity } from '../../functions/core/ports/identity.js';
import { createLocalTokenCipher, ensureLocalTokenKey } from '../../local/sandboxes/local-token-cipher.js';
import { createSandboxCalendar, sandboxAuthorizationCode } from '../../local/sandboxes/sandbox-calendar.js';
import { createAgentStore } from '../../functions/store/agent-store.js';
import { type AgentStore } from '../../functions/core/ports/agent-store.js';
import { createDeletedOwners, tombstoneInForce } from '../../functions/store/deleted-owners.js';
import { createGoogleStore } from '../../functions/store/google-store.js';
import { createSalonStore } from '../../functions/store/salon-store.js';
import { createNumberStore } from '../../functions/store/number-store.js';
import { createSandboxTelephony } from '../../local/sandboxes/sandbox-telephony.js';
import { giveSalonANumber } from '../../functions/core/numbers/give-number.js';
import { createSetupStore } from '../../functions/store/setup-store.js';
import { type SetupStore } from '../../functions/core/ports/setup-store.js';
import { startTable, type Table } from './booking/harness.js';

/**
 * RELIABILITY 35 against DynamoDB Local: the tombstone account deletion leaves, and the races between a
 * deletion and a request that already got past the tombstone check.
 */
const SITE = 'http://localhost:3000';
const NOW = new Date('2026-11-21T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const dir = mkdtempSync(join(tmpdir(), 'deleted-owner-'));
const keyFile = join(dir, 'token-key.bin');
ensureLocalTokenKey(keyFile);
setLogSink(() => {}, 'error');

let table: Table;
beforeAll(async () => {
  table = await startTable();
});
afterAll(async () => {
  await table.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The product's stores on the table, a pool that knows every user, and a hook that runs once inside it. */
function world() {
  const owner = { userId: `user-${randomUUID()}`, username: `user-${randomUUID()}` };
  const salonId = salonIdForOwner(owner.userId);
  let userLookup: (() => Promise<void>) | undefined;
  const identity: Identity = {
    async getUser(username) {
      const hook = userLookup;
      userLookup = undefined;
      await hook?.();
      return { username, email: 'ciara@example.ie' };
    },
    passwordMatches: async () => true,
    signOutEverywhere: async () => undefined,
    deleteUser: async () => undefined,
  };
  const googleStore = createGoogleStore(table.client, table.tableName);
  const deps = {
    salons: createSalonStore(table.client, table.tableName),
    numbers: createNumberStore(table.client, table.tableName),
    telephony: createSandboxTelephony({}),
    deletedOwners: createDeletedOwners(table.client, table.tableName),
    setup: createSetupStore(table.client, table.tableName),
    agents: createAgentStore(table.client, table.tableName),
    identity,
    googleStore,
    calendar: createSandboxCalendar({ store: googleStore, now: () => NOW }),
    tokenCipher: createLocalTokenCipher(keyFile),
    events: { publish: async () => undefined },
    voiceAgents: createSandboxVoiceAgent({ siteUrl: SITE }),
    config: { SITE_URL: SITE },
    now: () => NOW,
  };
  return {
    deps,
    owner,
    salonId,
    /** The owner deletes their account, as POST /api/account/delete does. */
    deleteOwner: () => deleteAccount(deps, owner, 'correct-horse-9'),
    /** Runs `hook` inside the next user lookup: after the salon and tombstone reads, before the create. */
    duringUserLookup(hook: () => Promise<void>) {
      userLookup = hook;
    },
    items: () => table.items(salonId),
  };
}

describe('tombstoneInForce', () => {
  it('holds until the ttl and not after, whatever DynamoDB has not swept yet', () => {
    const ttl = Math.ceil((NOW.getTime() + HOUR) / 1000);
    expect(tombstoneInForce({ ttl }, NOW)).toBe(true);
    expect(tombstoneInForce({ ttl }, new Date(ttl * 1000 - 1))).toBe(true);
    expect(tombstoneInForce({ ttl }, new Date(ttl * 1000))).toBe(false);
    expect(tombstoneInForce(undefined, NOW)).toBe(false);
    expect(tombstoneInForce({ ttl: String(ttl) }, NOW)).toBe(false);
  });
});

describe('the deleted-owner tombstone', () => {
  it('is written by deletion under OWNER#<userId> with a ttl a day on, outside the salon so it stays', async () => {
    const w = world();
    await findOrCreateOwnerSalon(w.deps, w.owner);
    await w.deleteOwner();
    const { Item } = await table.client.send(new GetCommand({ TableName: table.tableName, Key: { pk: `OWNER#${w.owner.userId}`, sk: 'DELETED' } }));
    expect(Item).toEqual({ pk: `OWNER#${w.owner.userId}`, sk: 'DELETED', deletedAt: NOW.toISOString(), ttl: (NOW.getTime() + 24 * HOUR) / 1000 });
    expect(await w.items()).toEqual([]);
    expect(await w.deps.deletedOwners.isDeleted(w.owner.userId, new Date(NOW.getTime() + 23 * HOUR))).toBe(true);
    expect(await w.deps.deletedOwners.isDeleted(w.owner.userId, new Date(NOW.getTime() + 24 * HOUR))).toBe(false);
  });

  it('is renewed by a deletion run again', async () => {
    const w = world();
    await w.deps.deletedOwners.mark(w.owner.userId, NOW, new Date(NOW.getTime() + HOUR));
    await w.deleteOwner();
    expect(await w.deps.deletedOwners.isDeleted(w.owner.userId, new Date(NOW.getTime() + 2 * HOUR))).toBe(true);
  });
});

describe("resolving a deleted owner's salon", () => {
  it('refuses the owner with 401 and creates nothing, even when deletion stopped before removing the salon', async () => {
    const never = world();
    await never.deleteOwner();
    await expect(findOrCreateOwnerSalon(never.deps, never.owner)).rejects.toBeInstanceOf(NotSignedInError);
    await expect(ownerSalonId(never.deps, never.owner)).rejects.toBeInstanceOf(NotSignedInError);
    expect(await never.items()).toEqual([]);

    const halfway = world();
    await findOrCreateOwnerSalon(halfway.deps, halfway.owner);
    await halfway.deps.deletedOwners.mark(halfway.owner.userId, NOW, new Date(NOW.getTime() + HOUR));
    await expect(findOrCreateOwnerSalon(halfway.deps, halfway.owner)).rejects.toBeInstanceOf(NotSignedInError);
    await expect(ownerSalonId(halfway.deps, halfway.owner)).rejects.toBeInstanceOf(NotSignedInError);
  });

  it('answers an owner who was not deleted as before', async () => {
    const w = world();
    expect(await findOrCreateOwnerSalon(w.deps, w.owner)).toMatchObject({ id: w.salonId, ownerId: w.owner.userId, name: 'ciara@example.ie' });
    expect(await ownerSalonId(w.deps, w.owner)).toBe(w.salonId);
  });

  it('creates no salon for a user the pool no longer has', async () => {
    const w = world();
    w.deps.identity.getUser = async () => null;
    await expect(findOrCreateOwnerSalon(w.deps, w.owner)).rejects.toBeInstanceOf(NotSignedInError);
    expect(await w.items()).toEqual([]);
  });

  it('leaves no salon behind when the account is deleted between its reads and its create', async () => {
    const w = world();
    w.duringUserLookup(() => w.deleteOwner().then(() => undefined));
    await expect(findOrCreateOwnerSalon(w.deps, w.owner)).rejects.toBeInstanceOf(NotSignedInError);
    expect(await w.items()).toEqual([]);
  });

  it('leaves no setup behind when the account is deleted while a step is being saved', async () => {
    const w = world();
    await findOrCreateOwnerSalon(w.deps, w.owner);
    const setup: SetupStore = {
      ...w.deps.setup,
      async saveProgress(...args) {
        await w.deleteOwner();
        return w.deps.setup.saveProgress(...args);
      },
    };
    const business = { name: 'Cuts by Ciara', phone: '091 123 456', address_line: '', town_city: 'Galway', county: 'Galway', eircode: '', directions: '' };
    await expect(saveSetupStep({ ...w.deps, setup }, w.owner, { step: 1, business, hours: DEFAULT_HOURS })).rejects.toBeInstanceOf(NotSignedInError);
    expect(await w.items()).toEqual([]);
  });
});

describe('the agent secret of a deleted account', () => {
  it('is not issued while deletion is under way or after it stopped part-way', async () => {
    const w = world();
    await findOrCreateOwnerSalon(w.deps, w.owner);
    await w.deps.deletedOwners.mark(w.owner.userId, NOW, new Date(NOW.getTime() + HOUR));
    expect(await issueAgentSecret(w.deps, w.salonId)).toEqual({ outcome: 'owner-deleted' });
    expect(await w.deps.agents.get(w.salonId)).toBeNull();
  });

  it('is taken back with the salon when the account is deleted while it is being issued', async () => {
    const w = world();
    await findOrCreateOwnerSalon(w.deps, w.owner);
    const agents: AgentStore = {
      ...w.deps.agents,
      async get(salonId) {
        await w.deleteOwner();
        return w.deps.agents.get(salonId);
      },
    };
    expect(await issueAgentSecret({ ...w.deps, agents }, w.salonId)).toEqual({ outcome: 'owner-deleted' });
    expect(await w.items()).toEqual([]);
  });
});

describe("a deleted owner's calendar consent", () => {
  it('is not stored when it comes back after deletion has begun', async () => {
    const w = world();
    const { url, state } = await startCalendarConnection(w.deps, w.owner);
    await w.deps.deletedOwners.mark(w.owner.userId, NOW, new Date(NOW.getTime() + HOUR));
    const code = sandboxAuthorizationCode(new URL(url).searchParams.get('code_challenge')!);
    expect(await completeCalendarConnection(w.deps, { state, code, browserState: state })).toEqual({
      outcome: 'fail',
      reason: 'salon_gone',
      returnTo: 'setup-wizard',
    });
    expect(await w.deps.googleStore.getConnection(w.salonId)).toBeNull();
  });
});

describe("a deleted salon's phone number", () => {
  it('is not given when the account is deleted mid-claim: the salon does not come back and the number goes back to the pool', async () => {
    const w = world();
    await findOrCreateOwnerSalon(w.deps, w.owner);
    const number = `+35319${String(Date.now()).slice(-6)}`;
    expect(await w.deps.numbers.stock(number, NOW.toISOString())).toBe(true);
    // The pool's own client: the owner deletes the account right after the number is taken for the salon.
    const base = new DynamoDBClient({ endpoint: table.endpoint, region: 'eu-west-1', credentials: { accessKeyId: 'unit', secretAccessKey: 'unit' } });
    let deleteOnce: (() => Promise<unknown>) | undefined = w.deleteOwner;
    base.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'UpdateItemCommand' && JSON.stringify(args.input).includes(`PHONE#${number}`)) {
          const hook = deleteOnce;
          deleteOnce = undefined;
          await hook?.();
        }
        return result;
      },
      { step: 'initialize', name: 'deleteAfterTake' },
    );
    const numbers = createNumberStore(DynamoDBDocumentClient.from(base), table.tableName);
    expect(await giveSalonANumber({ ...w.deps, numbers }, w.salonId)).toEqual({ outcome: 'gone' });
    expect(await w.items()).toEqual([]);
    expect(await numbers.get(number)).toMatchObject({ state: 'free', salonId: null });
  });
});
