import * as z from 'zod';
import { deps } from '../composition-root.js';
import { listAppointmentsQuery, markNoShowBody } from '../contracts/appointments.js';
import { WAITLIST_ROUTES, waitlistOfferBody, waitlistRemoveBody } from '../contracts/waitlist.js';
import { listSalonAppointments } from '../core/booking/appointments.js';
import { InvalidInputError } from '../core/errors.js';
import { markNoShow } from '../core/no-shows/no-shows.js';
import { listWaitlist, offerByHand, removeFromWaitlist } from '../core/waitlist/owner-waitlist.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

const query = listAppointmentsQuery.extend({
  route: z.enum(WAITLIST_ROUTES, { error: 'route must be waitlist, waitlist-remove or waitlist-offer' }).optional(),
});

/**
 * `GET /api/appointments?from=YYYY-MM-DD&days=N`: the owner's salon's appointments (the salon comes from the token).
 * `POST /api/appointments` `{bookingId, noShow: true}`: marks one that has started as a no-show.
 * The waiting list (one Lambda for all: functions/routes.ts says why): `GET ?route=waitlist` lists who waits;
 * `POST ?route=waitlist-remove` `{date, id}` takes a caller off; `POST ?route=waitlist-offer` `{date, id, time}`
 * texts them a time on their day, as a freed time is texted.
 */
export const handler = ownerRoute({ routeId: 'list-appointments', query }, async (owner, { event, query: asked }) => {
  const dependencies = deps();
  const post = event.requestContext.http.method === 'POST';
  if (asked.route && post !== (asked.route !== 'waitlist'))
    throw new InvalidInputError('route=waitlist goes with GET; waitlist-remove and waitlist-offer with POST');
  const salonId = await ownerSalonId(dependencies, owner);
  if (asked.route === 'waitlist') return json(200, await listWaitlist(dependencies, salonId));
  if (asked.route === 'waitlist-remove') return json(200, await removeFromWaitlist(dependencies, salonId, parseJsonBody(event, waitlistRemoveBody)));
  if (asked.route === 'waitlist-offer') return json(200, await offerByHand(dependencies, salonId, parseJsonBody(event, waitlistOfferBody)));
  if (post) return json(200, await markNoShow(dependencies, salonId, parseJsonBody(event, markNoShowBody).bookingId));
  return json(200, await listSalonAppointments(dependencies, salonId, asked));
});
