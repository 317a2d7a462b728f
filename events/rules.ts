import type { EventType } from './catalog.js';

/**
 * Which consumers each event fans out to. CDK turns every rule into an EventBridge rule with a
 * Lambda target and a dead-letter queue; the local bus applies the same table in-process.
 */
export interface EventRule {
  id: string;
  eventType: EventType;
  /** Module (relative to the repository root) exporting `handler(event: EventBridgeEvent)`. */
  consumer: string;
  grants: readonly ('table:read' | 'table:write' | 'uploads:write')[];
}

export const eventRules: readonly EventRule[] = [
  {
    id: 'erase-salon-uploads',
    eventType: 'salon.deleted',
    consumer: 'events/consumers/erase-salon-uploads.ts',
    grants: ['uploads:write'],
  },
];
