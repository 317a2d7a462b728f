import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { callReadiness } from '../core/call-readiness.js';
import { findOrCreateOwnerSalon } from '../core/salon.js';
import { giveNumberOnceComplete } from '../core/setup.js';
import { salonStatus } from '../core/salon-status.js';

/**
 * The signed-in owner's salon, created on first use (the browser never reads the table itself),
 * with whether calls reach the receptionist, its number and how the salon's line forwards to it.
 * A salon whose setup is complete and has no number yet gets one here too: a claim a crash cut
 * short after the last save is finished by the owner's next look at the dashboard.
 */
export const handler = ownerRoute({ routeId: 'get-salon' }, async (owner) => {
  const dependencies = deps();
  let salon = await findOrCreateOwnerSalon(dependencies, owner);
  // A salon waiting for the pool is served by the number job, not by each look at the dashboard.
  if (!salon.assignedNumber && !salon.numberWaitingSince) {
    await giveNumberOnceComplete(dependencies, salon.id);
    salon = (await dependencies.salons.get(salon.id, true)) ?? salon;
  }
  const setup = await dependencies.setup.load(salon.id);
  const readiness = callReadiness(salon, setup, dependencies.now());
  return json(200, salonStatus(salon, setup, readiness, dependencies.config.SUPPORT_EMAIL));
});
