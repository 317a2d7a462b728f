import type { EventDetail, EventType } from '../../contracts/events.js';

/** Publishes catalogued events; the detail is checked against its schema before it leaves. */
export interface EventPublisher {
  publish<T extends EventType>(type: T, detail: EventDetail<T>): Promise<void>;
}
