import { deps } from '../composition-root.js';
import { listAppointmentsQuery } from '../contracts/appointments.js';
import { listSalonAppointments } from '../core/booking/appointments.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/appointments?from=YYYY-MM-DD&days=N`: the owner's salon's appointments (the salon comes from the token). */
export const handler = ownerRoute({ routeId: 'list-appointments', query: listAppointmentsQuery }, async (owner, { query }) => {
  const dependencies = deps();
  return json(200, await listSalonAppointments(dependencies, await ownerSalonId(dependencies, owner), query));
});
