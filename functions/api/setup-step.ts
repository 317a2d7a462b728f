import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { setupStepRequest } from '../contracts/setup.js';
import { saveSetupStep } from '../core/setup.js';
import { reconcileSalonMirrors } from '../core/calendar/salon-mirrors.js';
import { salonIdForOwner } from '../core/salon.js';

/** Saves one wizard step; errors are plain text, which the wizard shows as they are. */
export const handler = ownerRoute({ routeId: 'setup-step', body: setupStepRequest, errorBody: 'text' }, async (owner, { body }) => {
  const saved = await saveSetupStep(deps(), owner, body);
  // Stylists mapped to calendars: each new calendar gets its mirror, an unmapped one loses it (never fails the save).
  if (body.step === 2) await reconcileSalonMirrors(deps(), salonIdForOwner(owner.userId));
  return json(200, saved);
});
