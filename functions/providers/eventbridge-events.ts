import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, eventCatalog, withCorrelation, type EventDetail, type EventType } from '../../events/catalog.js';

/** Publishes catalogued events; the detail is checked against its schema before it leaves. */
export interface EventPublisher {
  publish<T extends EventType>(type: T, detail: EventDetail<T>): Promise<void>;
}

export function createEventPublisher(client: EventBridgeClient, busName: string): EventPublisher {
  return {
    async publish(type, detail) {
      const checked = eventCatalog[type].parse(withCorrelation(detail));
      const result = await client.send(
        new PutEventsCommand({
          Entries: [{ EventBusName: busName, Source: EVENT_SOURCE, DetailType: type, Detail: JSON.stringify(checked) }],
        }),
      );
      if (result.FailedEntryCount) {
        throw new Error(`EventBridge rejected ${type}: ${result.Entries?.[0]?.ErrorCode ?? 'unknown'}`);
      }
    },
  };
}
