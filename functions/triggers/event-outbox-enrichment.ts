import type { DynamoDBRecord } from 'aws-lambda';
import { relayedEventOfStreamImage } from '../store/event-outbox.js';
import { tracedHandler } from '../observability/traced-handler.js';

/** What the Pipe's target makes an event of: `detailType` its DetailType, `detail` its Detail (infra/event-outbox-pipe.ts). */
export interface EnrichedOutboxEvent {
  detailType: string;
  detail: unknown;
}

/**
 * The outbox Pipe's enrichment: the stream records its filter let through (INSERTs of outbox
 * items) become the events they carry. A Pipe's input template cannot parse the JSON string the
 * item keeps its detail in (a string variable is put in quoted), and the detail must reach the bus
 * as the object the publisher sends; this returns it parsed, one entry per record, in order.
 * Pipes enrichment: https://docs.aws.amazon.com/eventbridge/latest/userguide/pipes-enrichment.html
 */
export const handler = tracedHandler(async (records: DynamoDBRecord[]): Promise<EnrichedOutboxEvent[]> => {
  return records.map((record) => {
    const event = relayedEventOfStreamImage(record.dynamodb?.NewImage as Record<string, { S?: string }> | undefined);
    // The filter lets only outbox INSERTs through: anything else fails the batch, which goes to the DLQ after its retries.
    if (!event) throw new Error(`Stream record ${record.eventID ?? '?'} is not an outbox item`);
    return { detailType: event.detailType, detail: JSON.parse(event.detail) as unknown };
  });
});
