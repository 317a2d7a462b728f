import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { findOrCreateOwnerSalon } from '../core/salon.js';

/** The signed-in owner's salon, created on first use (replaces the spec's direct table query). */
export const handler = ownerRoute({ routeId: 'get-salon' }, async (owner) => {
  const salon = await findOrCreateOwnerSalon(deps(), owner);
  return json(200, { id: salon.id, owner_id: salon.ownerId, name: salon.name, phone: salon.phone, assigned_number: salon.assignedNumber });
});
