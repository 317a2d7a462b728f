import { appendFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { EVENT_SOURCE, eventCatalog, type EventType } from '../../functions/contracts/events.js';
import { detailTypesOf, type EventRule } from '../../events/rules.js';
import { withLogContext } from '../../functions/logger.js';

type Consumer = (event: EventBridgeEvent<string, unknown>) => Promise<unknown>;

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
}

const RETRY_DELAYS_MS = [100, 400];

type EntryCheck = { detail: unknown } | { ErrorCode: string; ErrorMessage: string };

const isCatalogued = (type: string): type is EventType => Object.hasOwn(eventCatalog, type);

/**
 * Only the product's own events go on the local bus: our source, a catalogued detail-type, and
 * a detail its schema accepts (what the publisher checks before sending). Anything else is a
 * failed entry, so a made-up event never reaches a consumer.
 */
function checkEntry(entry: PutEventsEntry): EntryCheck {
  const type = entry.DetailType ?? '';
  if (entry.Source !== EVENT_SOURCE || !isCatalogued(type)) {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Not one of the product events in functions/contracts/events.ts' };
  }
  let detail: unknown;
  try {
    detail = JSON.parse(entry.Detail ?? '{}');
  } catch {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not valid JSON' };
  }
  // EventBridge delivers the detail as sent; the schema only decides whether it goes on the bus.
  return eventCatalog[type].safeParse(detail).success ? { detail } : { ErrorCode: 'InvalidArgument', ErrorMessage: `Detail does not match the ${type} schema` };
}

/**
 * EventBridge on one machine: answers the PutEvents call of the real SDK, then applies
 * events/rules.ts exactly as the deployed rules do (match on source and detail-type, async
 * delivery, retries, then the dead-letter file).
 */
export function createLocalEventBus(options: {
  rules: readonly EventRule[];
  loadConsumer: (modulePath: string) => Promise<Consumer>;
  deadLetterFile: string;
  onError: (message: string) => void;
}) {
  const inFlight = new Set<Promise<void>>();

  async function deliver(rule: EventRule, event: EventBridgeEvent<string, unknown>) {
    const consumer = await options.loadConsumer(rule.consumer);
    for (let attempt = 0; ; attempt += 1) {
      try {
        // Each delivery logs in a context of its own, as each Lambda invocation does.
        await withLogContext({}, () => consumer(event));
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          appendFileSync(options.deadLetterFile, `${JSON.stringify({ rule: rule.id, event, error: (error as Error).message })}\n`);
          options.onError(`event ${event['detail-type']} failed in ${rule.id}; moved to dead letters`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** Checks one entry and starts its deliveries: the entry's result, and a promise that settles once every consumer had it (or its dead letter). */
  function accept(entry: PutEventsEntry): { result: { EventId: string } | { ErrorCode: string; ErrorMessage: string }; delivered: Promise<void> } {
    const checked = checkEntry(entry);
    if (!('detail' in checked)) return { result: checked, delivered: Promise.resolve() };
    const event: EventBridgeEvent<string, unknown> = {
      version: '0',
      id: randomUUID(),
      'detail-type': entry.DetailType ?? '',
      source: entry.Source ?? '',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'eu-west-1',
      resources: [],
      detail: checked.detail,
    };
    const deliveries: Promise<void>[] = [];
    for (const rule of options.rules) {
      if (!detailTypesOf(rule).includes(event['detail-type'] as EventType)) continue;
      const delivery = deliver(rule, event).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      deliveries.push(delivery);
    }
    return { result: { EventId: event.id }, delivered: Promise.all(deliveries).then(() => undefined) };
  }

  function putEvents(entries: PutEventsEntry[]) {
    const results = entries.map((entry) => accept(entry).result);
    return { FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length, Entries: results };
  }

  /**
   * One event from the outbox relay (local/server/stream-relay.ts): resolves only once every consumer
   * has had it or it went to the dead letters, so the relay moves past it only then. An entry
   * the bus refuses throws: the relay keeps its place and tries again.
   */
  async function deliverNow(entry: PutEventsEntry): Promise<void> {
    const { result, delivered } = accept(entry);
    if ('ErrorCode' in result) throw new Error(`The local bus refused ${entry.DetailType}: ${result.ErrorMessage}`);
    await delivered;
  }

  return {
    putEvents,
    deliverNow,
    /** Resolves once every delivery started so far has finished (used on shutdown and in tests). */
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

export type LocalEventBus = ReturnType<typeof createLocalEventBus>;
