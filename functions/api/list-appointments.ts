import { deps } from '../composition-root.js';
import { listAppointmentsQuery } from '../contracts/appointments.js';
import { listSalonAppointments } from '../core/booking/appointments.js';
import { salonIdForOwner } from '../core/salon.js';
import { describeIssues, json, ownerRoute } from '../http/handler.js';

/** `GET /api/appointments?from=YYYY-MM-DD&days=N`: the owner's salon's appointments (the salon comes from the token). */
export const handler = ownerRoute({ routeId: 'list-appointments' }, async (owner, { query }) => {
  const parsed = listAppointmentsQuery.safeParse(query);
  if (!parsed.success) throw describeIssues(parsed.error);
  return json(200, await listSalonAppointments(deps(), salonIdForOwner(owner.userId), parsed.data));
});
