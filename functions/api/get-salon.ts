import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { callReadiness } from '../core/call-readiness.js';
import { findOrCreateOwnerSalon } from '../core/salon.js';
import { displayPhone } from '../core/confirmations/format.js';

/** The signed-in owner's salon, created on first use (the browser never reads the table itself), with whether calls reach the receptionist. */
export const handler = ownerRoute({ routeId: 'get-salon' }, async (owner) => {
  const dependencies = deps();
  const salon = await findOrCreateOwnerSalon(dependencies, owner);
  const readiness = callReadiness(salon, await dependencies.setup.load(salon.id), dependencies.now());
  return json(200, {
    id: salon.id,
    owner_id: salon.ownerId,
    name: salon.name,
    phone: salon.phone,
    assigned_number: salon.assignedNumber,
    assigned_number_display: salon.assignedNumber ? displayPhone(salon.assignedNumber) : null,
    live: readiness.live,
    readiness,
  });
});
