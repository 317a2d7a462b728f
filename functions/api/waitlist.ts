import { deps } from '../composition-root.js';
import { waitlistOfferBody, waitlistQuery, waitlistRemoveBody } from '../contracts/waitlist.js';
import { InvalidInputError } from '../core/errors.js';
import { ownerSalonId } from '../core/salon.js';
import { listWaitlist, offerByHand, removeFromWaitlist } from '../core/waitlist/owner-waitlist.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

/**
 * The owner's waiting list (dashboard → Waiting list): `GET /api/waitlist` lists who waits, for what
 * and which day; `POST ?route=remove` `{date, id}` takes a caller off; `POST ?route=offer`
 * `{date, id, time}` texts them a time on their day, as a freed time is texted.
 */
export const handler = ownerRoute({ routeId: 'waitlist', query: waitlistQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const post = event.requestContext.http.method === 'POST';
  if (post !== Boolean(query.route)) throw new InvalidInputError('GET lists the waiting list; POST takes ?route=remove or ?route=offer');
  const salonId = await ownerSalonId(dependencies, owner);
  if (query.route === 'remove') return json(200, await removeFromWaitlist(dependencies, salonId, parseJsonBody(event, waitlistRemoveBody)));
  if (query.route === 'offer') return json(200, await offerByHand(dependencies, salonId, parseJsonBody(event, waitlistOfferBody)));
  return json(200, await listWaitlist(dependencies, salonId));
});
