import { deps } from '../composition-root.js';
import { clearTestBookings } from '../core/booking/clear-test-bookings.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `POST /api/appointments/clear-test`: cancels every upcoming test booking of the owner's salon. */
export const handler = ownerRoute({ routeId: 'clear-test-bookings' }, async (owner) => {
  const dependencies = deps();
  return json(200, await clearTestBookings(dependencies, await ownerSalonId(dependencies, owner)));
});
