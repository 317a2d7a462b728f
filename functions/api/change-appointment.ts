import { deps } from '../composition-root.js';
import { appointmentActionBody, type AppointmentAction } from '../contracts/appointments.js';
import { ownerCancel, ownerMove } from '../core/booking/owner-changes.js';
import { markNoShow, unmarkNoShow } from '../core/no-shows/no-shows.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute } from '../http/handler.js';

type Dependencies = ReturnType<typeof deps>;

/** One change (contracts/appointments.ts), through the booking engine the receptionist's tools use. */
function act(dependencies: Dependencies, salonId: string, action: AppointmentAction) {
  if ('noShow' in action) return action.noShow ? markNoShow(dependencies, salonId, action.bookingId) : unmarkNoShow(dependencies, salonId, action.bookingId);
  if (action.action === 'cancel') return ownerCancel(dependencies, salonId, action.bookingId);
  return ownerMove(dependencies, salonId, action);
}

/** `POST /api/appointments/change`: from the dashboard or the diary, a no-show marked or taken back, a cancel or a move (appointmentActionBody). */
export const handler = ownerRoute({ routeId: 'change-appointment', body: appointmentActionBody }, async (owner, { body }) => {
  const dependencies = deps();
  return json(200, await act(dependencies, await ownerSalonId(dependencies, owner), body));
});
