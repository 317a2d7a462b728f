import { PutEventsCommand, type EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, eventCatalog, withCorrelation } from '../contracts/events.js';
import type { EventPublisher } from '../core/ports/events.js';

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
