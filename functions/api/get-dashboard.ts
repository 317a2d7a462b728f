import { deps } from '../composition-root.js';
import { dashboardSummary } from '../core/dashboard/dashboard-summary.js';
import { ownerSalonId, salonIdForOwner } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/dashboard`: the dashboard's figures, activity and minutes for the owner's salon. */
export const handler = ownerRoute({ routeId: 'get-dashboard' }, async (owner) => {
  const dependencies = deps();
  // The deleted-owner check and the salon's read at once: nothing is answered until both are in.
  const [salonId, stored] = await Promise.all([ownerSalonId(dependencies, owner), dependencies.salons.get(salonIdForOwner(owner.userId))]);
  // Before the salon's first request creates it, its trial starts now: nothing to show yet.
  const salon = stored ?? { id: salonId, createdAt: dependencies.now().toISOString() };
  return json(200, await dashboardSummary(dependencies, salon));
});
