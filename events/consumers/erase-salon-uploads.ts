import type { EventBridgeEvent } from 'aws-lambda';
import { parseEventDetail } from '../../functions/contracts/events.js';
import { deps } from '../../functions/composition-root.js';
import { logger } from '../../functions/logger.js';
import { tracedHandler } from '../../functions/observability/traced-handler.js';

/** GDPR erasure of a deleted salon's uploaded files. Safe to run twice: the prefix is just empty. */
export const handler = tracedHandler(async (event: EventBridgeEvent<'salon.deleted', unknown>): Promise<void> => {
  const { salonId } = parseEventDetail('salon.deleted', event.detail);
  const deleted = await deps().uploads.deleteSalonObjects(salonId);
  logger.info('salon uploads erased', { salonId, deleted });
});
