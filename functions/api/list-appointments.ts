import { deps } from '../composition-root.js';
import { appointmentActionBody, listAppointmentsQuery, type AppointmentAction } from '../contracts/appointments.js';
import { listSalonAppointments } from '../core/booking/appointments.js';
import { ownerCancel, ownerMove } from '../core/booking/owner-changes.js';
import { markNoShow, unmarkNoShow } from '../core/no-shows/no-shows.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

type Dependencies = ReturnType<typeof deps>;

/** One change from the dashboard or the diary (contracts/appointments.ts). */
function act(dependencies: Dependencies, salonId: string, action: AppointmentAction) {
  if ('noShow' in action) return action.noShow ? markNoShow(dependencies, salonId, action.bookingId) : unmarkNoShow(dependencies, salonId, action.bookingId);
  if (action.action === 'cancel') return ownerCancel(dependencies, salonId, action.bookingId);
  return ownerMove(dependencies, salonId, action);
}

/**
 * `GET /api/appointments?from=YYYY-MM-DD&days=N`: the owner's salon's appointments (the salon comes from the token).
 * `POST /api/appointments`: a no-show marked or taken back, a cancel or a move (appointmentActionBody).
 */
export const handler = ownerRoute({ routeId: 'list-appointments', query: listAppointmentsQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const salonId = await ownerSalonId(dependencies, owner);
  if (event.requestContext.http.method === 'POST') return json(200, await act(dependencies, salonId, parseJsonBody(event, appointmentActionBody)));
  return json(200, await listSalonAppointments(dependencies, salonId, query));
});
