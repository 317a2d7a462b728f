import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { eventCatalog, type EventDetail } from '../../../functions/contracts/events.js';
import type { Dependencies } from '../../../functions/composition-root.js';
import { billingPeriodAt } from '../../../functions/core/usage/billing-period.js';
import { meterCompletedCall } from '../../../functions/core/usage/meter-completed-call.js';
import { createSandboxTelephony } from '../../../local/sandboxes/sandbox-telephony.js';
import { createSandboxVoiceAgent } from '../../../local/sandboxes/sandbox-voice-agent.js';
import type { ProviderCallState } from '../../../functions/core/ports/telephony.js';
import { createCallStore } from '../../../functions/store/call-store.js';
import { createNumberStore } from '../../../functions/store/number-store.js';
import { createSalonStore } from '../../../functions/store/salon-store.js';
import { createUsageStore } from '../../../functions/store/usage-store.js';
import type { Table } from '../booking/harness.js';

/**
 * Calls over the in-process table, as the status callback, the test call's end and the sweep see
 * them: every `call.completed` is kept, those the outbox holds for the world's salons (what the
 * stream carries to the bus, local/server/stream-relay.ts) and any published directly, and metered as
 * the bus's consumer meters each delivery. The providers' records of calls are what a test says they are (by default, as in the
 * sandbox, unknown).
 */
export type CallDeps = Pick<Dependencies, 'calls' | 'salons' | 'numbers' | 'events' | 'telephony' | 'voiceAgents' | 'now'>;

let salonCounter = 0;

export function callWorld(table: Table, clock: { value: number }) {
  const published: EventDetail<'call.completed'>[] = [];
  const salonIds = new Set<string>();
  const relayed = new Set<string>();
  const onRecord = { calls: new Map<string, ProviderCallState>(), conversations: new Map<string, ProviderCallState>(), down: false };
  const now = () => new Date(clock.value);
  const telephony = {
    ...createSandboxTelephony({}),
    async callState(callSid: string) {
      if (onRecord.down) throw Object.assign(new Error('Twilio could not be reached'), { name: 'TelephonyError' });
      return onRecord.calls.get(callSid) ?? { state: 'unknown' as const };
    },
  };
  const voiceAgents = {
    ...createSandboxVoiceAgent({ siteUrl: 'http://localhost:3000' }),
    conversationState: async (id: string) => onRecord.conversations.get(id) ?? { state: 'unknown' as const },
  };
  const events: CallDeps['events'] = {
    async publish(type, detail) {
      eventCatalog[type].parse(detail);
      if (type === 'call.completed') published.push(detail as EventDetail<'call.completed'>);
    },
  };
  const depsOn = (client: DynamoDBDocumentClient): CallDeps => ({
    calls: createCallStore(client, table.tableName),
    salons: createSalonStore(client, table.tableName),
    numbers: createNumberStore(client, table.tableName),
    events,
    telephony,
    voiceAgents,
    now,
  });
  const usage = createUsageStore(table.client, table.tableName);
  let meteredUpTo = 0;
  const salons = createSalonStore(table.client, table.tableName);
  /** The outbox's `call.completed` items not seen yet, each once (the stream has one INSERT per item). */
  async function collect() {
    for (const salonId of salonIds) {
      const { Items = [] } = await table.client.send(
        new QueryCommand({
          TableName: table.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :outbox)',
          ExpressionAttributeValues: { ':pk': `SALON#${salonId}`, ':outbox': 'EVENTOUT#call.completed#' },
          ConsistentRead: true,
        }),
      );
      for (const item of Items) {
        if (relayed.has(String(item.sk))) continue;
        relayed.add(String(item.sk));
        published.push(eventCatalog['call.completed'].parse(JSON.parse(String(item.detail))));
      }
    }
  }
  /** What the usage consumer (events/consumers/meter-call-usage.ts) makes of every delivery the bus still holds. */
  async function deliver() {
    await collect();
    for (const delivery of published.slice(meteredUpTo)) {
      meteredUpTo += 1;
      await meterCompletedCall({ usage, now, salons, calls: createCallStore(table.client, table.tableName) }, delivery);
    }
  }
  return {
    deps: depsOn(table.client),
    depsOn,
    published,
    /** Every `call.completed` so far: relayed from the outbox, and published directly. */
    async events() {
      await collect();
      return published;
    },
    onRecord,
    deliver,
    /** A salon made elsewhere (tests/unit/booking/harness.ts) whose outbox this world relays too. */
    watch(salonId: string) {
      salonIds.add(salonId);
    },
    /** Every delivery so far metered, and the salon's usage this period. */
    async metered(salonId: string) {
      await deliver();
      return usage.totals(salonId, billingPeriodAt((await salons.get(salonId))!, now()).id);
    },
    async salon() {
      salonCounter += 1;
      const id = `sal_sweep${String(salonCounter).padStart(6, '0')}${clock.value.toString(36)}`;
      salonIds.add(id);
      await createSalonStore(table.client, table.tableName).createIfAbsent({
        id,
        ownerId: `owner-${id}`,
        ownerEmail: 'owner@example.ie',
        name: 'Cuts by Ciara',
        phone: '+35312345678',
        assignedNumber: null,
        liveAt: null,
        createdAt: now().toISOString(),
        business: null,
        hours: null,
      });
      return id;
    },
  };
}

export type CallWorld = ReturnType<typeof callWorld>;
