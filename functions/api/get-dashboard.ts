import { deps } from '../composition-root.js';
import { dashboardSummary } from '../core/dashboard/dashboard-summary.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/dashboard`: the dashboard's figures, activity and minutes for the owner's salon. */
export const handler = ownerRoute({ routeId: 'get-dashboard' }, async (owner) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  // Before the salon's first request creates it, its trial starts now: nothing to show yet.
  const salon = (await dependencies.salons.get(salonId)) ?? { id: salonId, createdAt: dependencies.now().toISOString() };
  return json(200, await dashboardSummary(dependencies, salon));
});
