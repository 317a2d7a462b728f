import { deps } from '../composition-root.js';
import { listAppointmentsQuery, markNoShowBody } from '../contracts/appointments.js';
import { listSalonAppointments } from '../core/booking/appointments.js';
import { markNoShow } from '../core/no-shows/no-shows.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

/**
 * `GET /api/appointments?from=YYYY-MM-DD&days=N`: the owner's salon's appointments (the salon comes from the token).
 * `POST /api/appointments` `{bookingId, noShow: true}`: marks one that has started as a no-show.
 */
export const handler = ownerRoute({ routeId: 'list-appointments', query: listAppointmentsQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if (event.requestContext.http.method === 'POST') return json(200, await markNoShow(dependencies, salonId, parseJsonBody(event, markNoShowBody).bookingId));
  return json(200, await listSalonAppointments(dependencies, salonId, query));
});
