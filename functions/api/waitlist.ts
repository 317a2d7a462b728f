import { deps } from '../composition-root.js';
import { waitlistOfferBody, waitlistQuery, waitlistRemoveBody } from '../contracts/waitlist.js';
import { InvalidInputError } from '../core/errors.js';
import { listWaitlist, offerByHand, removeFromWaitlist } from '../core/waitlist/owner-waitlist.js';
import { ownerSalonId } from '../core/salon.js';
import { json, ownerRoute, parseJsonBody } from '../http/handler.js';

/**
 * `GET /api/waitlist`: everyone waiting for today or a later day.
 * `POST /api/waitlist?route=remove` `{date, id}`: takes a caller off the list.
 * `POST /api/waitlist?route=offer` `{date, id, time}`: texts them a time on their day, as a freed time is texted.
 * One Lambda for the three (the stack is close to CloudFormation's 500 resources).
 */
export const handler = ownerRoute({ routeId: 'waitlist', query: waitlistQuery }, async (owner, { event, query }) => {
  const dependencies = deps();
  const post = event.requestContext.http.method === 'POST';
  if (post !== Boolean(query.route)) throw new InvalidInputError('route=remove or route=offer goes with POST, and only with POST');
  const salonId = await ownerSalonId(dependencies, owner);
  if (query.route === 'remove') return json(200, await removeFromWaitlist(dependencies, salonId, parseJsonBody(event, waitlistRemoveBody)));
  if (query.route === 'offer') return json(200, await offerByHand(dependencies, salonId, parseJsonBody(event, waitlistOfferBody)));
  return json(200, await listWaitlist(dependencies, salonId));
});
