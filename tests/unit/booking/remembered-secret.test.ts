import { randomBytes } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentSecret, identifyAgent } from '../../../functions/core/agent-secret.js';
import { runTool, type ToolDeps } from '../../../functions/core/agent-tools/registry.js';
import { setLogSink } from '../../../functions/logger.js';
import { createAgentStore } from '../../../functions/store/agent-store.js';
import { type AgentStore } from '../../../functions/core/ports/agent-store.js';
import { keys } from '../../../functions/store/keys.js';
import { createRateLimits } from '../../../functions/store/rate-limits.js';
import { at, makeSalon, startTable, type Table } from './harness.js';

/**
 * A secret this instance found before names its salon from memory; one consistent read beside
 * the tool's first step confirms it is still the salon's, before anything is committed. A rotated
 * secret or a deleted salon is refused as at once as with the lookup, and leaves nothing behind.
 */
let table: Table;
const clock = { value: at('2026-11-23T08:00') };
const BOOKING = { service: 'Cut & blow-dry', start: '2026-11-24T10:00', callerName: 'Mary Murphy', callerPhone: '087 123 4567' };

beforeAll(async () => {
  setLogSink(() => {}, 'error');
  table = await startTable();
});
afterAll(async () => {
  await table.close();
});

/** A salon with an agent secret, and an agent store that counts its lookups and its confirmations. */
async function salonWithSecret() {
  const salon = await makeSalon(table, { now: clock });
  const store = createAgentStore(table.client, table.tableName);
  const counted = { lookups: 0, confirmations: 0 };
  const agents: AgentStore = {
    ...store,
    salonForSecretHash: (hash) => ((counted.lookups += 1), store.salonForSecretHash(hash)),
    get: (salonId) => ((counted.confirmations += 1), store.get(salonId)),
  };
  const issue = async (previousHash: string | null) => {
    const secret = randomBytes(32).toString('base64url');
    const at = new Date(clock.value).toISOString();
    expect(
      await agents.save({ salonId: salon.salonId, secretHash: hashAgentSecret(secret), createdAt: at, rotatedAt: previousHash ? at : null }, previousHash),
    ).toBe(true);
    return secret;
  };
  const secret = await issue(null);
  const deps = { ...salon.deps, agents, rateLimits: createRateLimits(table.client, table.tableName) };
  const call = async (tool: 'book' | 'check-availability' | 'take-message', input: unknown, bearer = secret) => {
    const caller = await identifyAgent(deps, `Bearer ${bearer}`, '203.0.113.7');
    if (!caller) return 'unknown';
    return runTool(deps as unknown as ToolDeps, tool, {
      salonId: caller.salonId,
      input,
      ...(caller.confirmation ? { confirmation: caller.confirmation } : {}),
      idempotencyKey: `key-${tool}`,
    });
  };
  const items = async () =>
    (
      await table.client.send(
        new QueryCommand({ TableName: table.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.salon(salon.salonId) } }),
      )
    ).Items ?? [];
  return { salon, secret, counted, issue, call, items };
}

describe('a remembered agent secret', () => {
  it('is not looked up again: one consistent read of the agent item confirms it, inside book’s own read, beside any other tool', async () => {
    const { call, counted } = await salonWithSecret();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    expect(counted).toEqual({ lookups: 1, confirmations: 0 });
    // book carries the agent item in its batch read: no confirming request of its own.
    expect(await call('book', BOOKING)).toMatchObject({ ok: true });
    expect(counted).toEqual({ lookups: 1, confirmations: 0 });
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    expect(counted).toEqual({ lookups: 1, confirmations: 1 });
  });

  it('a book refused before its read (a malformed request, an unknown service) is confirmed on its own first, then told what was wrong', async () => {
    const { call, counted } = await salonWithSecret();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    await expect(call('book', { service: 'Cut & blow-dry' })).rejects.toMatchObject({ code: 'bad_request' });
    await expect(call('book', { ...BOOKING, service: 'Perm' })).rejects.toMatchObject({ code: 'unknown_service' });
    expect(counted).toEqual({ lookups: 1, confirmations: 2 });
  });

  it.each([
    ['check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' }],
    ['book', BOOKING],
    ['take-message', { callerName: 'Mary Murphy', callerPhone: '087 123 4567', message: 'Call me back' }],
  ] as const)('once rotated, is refused at once by %s, and nothing is written', async (tool, input) => {
    const { call, issue, secret, items, salon } = await salonWithSecret();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    await issue(hashAgentSecret(secret));
    const before = await items();
    await expect(call(tool, input)).rejects.toMatchObject({ kind: 'not_signed_in', code: 'unauthorized' });
    expect(await items()).toEqual(before);
    expect(salon.published).toEqual([]);
    // Forgotten once refused: the next try is looked up, and told no.
    expect(await call(tool, input)).toBe('unknown');
  });

  it('of a salon deleted meanwhile books nothing: the key claimed and the marker written beside the confirmation are taken back', async () => {
    const { call, items, salon } = await salonWithSecret();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    await salon.deps.salons.deleteAll(salon.salonId);
    expect(await items()).toEqual([]);
    await expect(call('book', BOOKING)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await call('book', BOOKING)).toBe('unknown');
    expect(await items()).toEqual([]);
    expect(salon.published).toEqual([]);
  });

  it('a malformed request from a rotated remembered secret is told 401, not what was wrong with it', async () => {
    const { call, issue, secret } = await salonWithSecret();
    expect(await call('check-availability', { service: 'Cut & blow-dry', date: '2026-11-24' })).toMatchObject({ ok: true });
    await issue(hashAgentSecret(secret));
    await expect(call('book', { service: 'Cut & blow-dry' })).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
