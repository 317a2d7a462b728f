import * as z from 'zod';
import { EVENT_SOURCE, eventCatalog, withCorrelation, type EventDetail, type EventType } from '../contracts/events.js';
import { EntityParser } from 'dynamodb-toolbox/entity/actions/parse';
import { outboxEntity } from './entities/outbox-entity.js';
import { keys } from './keys.js';

/**
 * The transactional outbox: an event is an item written in the same TransactWriteItems as the
 * change it reports, so both happen or neither does. The table's stream carries the item's INSERT
 * to the bus: in AWS an EventBridge Pipe (infra/event-outbox-pipe.ts), locally the stream relay
 * (local/server/stream-relay.ts). Nothing in a request publishes it, so no crash between the write
 * and the publish can lose it (docs/architecture.md, "Events leave with the write").
 *
 * The item sits in the salon's partition (account deletion removes it) under `EVENTOUT#<id>`. Its
 * id names one occurrence of the event (`call.completed#<callSid>`; for a subject that can have
 * the same event again, its change too: `booking.confirmed#<bookingId>#<version>`): the same
 * event written twice is one item, and an identical second write changes nothing, so the stream
 * has no record of it; a changed one is a MODIFY, which neither relay takes, so a new occurrence
 * under an id still in the table (its TTL is two days) would never leave.
 */
export const OUTBOX_ITEM_KIND = 'event-outbox';

/**
 * How long an outbox item stays after its write: past the stream's 24 hours, so a second write of
 * the same event meanwhile meets the same item, and a dead-lettered event can be published again
 * from it (docs/operations.md).
 */
export const OUTBOX_ITEM_TTL_SECONDS = 2 * 24 * 60 * 60;

/** The attributes the relays read (the Pipe's filter and enrichment, the local relay). */
export const OUTBOX_ATTRIBUTES = { kind: 'kind', eventId: 'eventId', detailType: 'detailType', detail: 'detail', source: 'source', at: 'at' } as const;

/**
 * The `Put` of an event for a TransactWriteItems (lib-dynamodb's TransactWriteCommand), or for a
 * lone PutCommand where the change is that one item. `id`: deterministic per event
 * (`outboxEventId`); `at`: when the change happened (the write's clock), from which the TTL counts,
 * so a retried write is identical. The detail is checked against its schema here, before anything
 * is written, exactly as the EventBridge publisher checks it before sending
 * (functions/providers/eventbridge-events.ts).
 */
export function outboxEventPut<T extends EventType>(
  tableName: string,
  event: { salonId: string; id: string; type: T; detail: EventDetail<T>; at: Date },
): { TableName: string; Item: Record<string, unknown> } {
  const checked = eventCatalog[event.type].parse(withCorrelation(event.detail));
  if (!event.id) throw new Error('An outbox event needs an id');
  const { item } = outboxEntity()
    .build(EntityParser)
    .parse({
      pk: keys.salon(event.salonId),
      sk: keys.eventOutboxSk(event.id),
      kind: OUTBOX_ITEM_KIND,
      eventId: event.id,
      source: EVENT_SOURCE,
      detailType: event.type,
      // A JSON string, as PutEvents' Detail is: the relays hand it on unchanged.
      detail: JSON.stringify(checked),
      at: event.at.toISOString(),
      ttl: Math.floor(event.at.getTime() / 1000) + OUTBOX_ITEM_TTL_SECONDS,
    });
  return { TableName: tableName, Item: item };
}

/** An event as a relay hands it to the bus: PutEvents' Source, DetailType and Detail (a JSON string). */
export interface RelayedEvent {
  id: string;
  source: string;
  detailType: string;
  detail: string;
}

/** An outbox item's attributes, as a stream record's new image carries them (strings only). */
const outboxImage = z.object({
  [OUTBOX_ATTRIBUTES.kind]: z.literal(OUTBOX_ITEM_KIND),
  [OUTBOX_ATTRIBUTES.eventId]: z.string(),
  [OUTBOX_ATTRIBUTES.source]: z.string(),
  [OUTBOX_ATTRIBUTES.detailType]: z.string(),
  [OUTBOX_ATTRIBUTES.detail]: z.string(),
});

/** A stream record's new image (its string attributes) as the event it carries; null for any other item. */
export function relayedEventOf(image: Record<string, unknown> | undefined): RelayedEvent | null {
  const parsed = outboxImage.safeParse(image);
  if (!parsed.success) return null;
  const { eventId, source, detailType, detail } = parsed.data;
  return { id: eventId, source, detailType, detail };
}

/** The same from a stream record's image as DynamoDB Streams sends it (attribute values: only the strings are read). */
export function relayedEventOfStreamImage(image: Record<string, { S?: string }> | undefined): RelayedEvent | null {
  if (!image) return null;
  return relayedEventOf(Object.fromEntries(Object.entries(image).flatMap(([name, value]) => (value.S === undefined ? [] : [[name, value.S]]))));
}
