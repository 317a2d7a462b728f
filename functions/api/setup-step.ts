import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { setupStepRequest } from '../contracts/setup.js';
import { saveSetupStep } from '../core/setup.js';
import { openSalonMirrors } from '../core/calendar/mirror.js';
import { salonIdForOwner } from '../core/salon.js';

/** Saves one wizard step; errors are plain text, which the wizard shows as they are. */
export const handler = ownerRoute({ routeId: 'setup-step', body: setupStepRequest, errorBody: 'text' }, async (owner, { body }) => {
  const saved = await saveSetupStep(deps(), owner, body);
  // Stylists mapped to calendars: each new calendar gets its mirror (never fails the save).
  if (body.step === 2) await openSalonMirrors(deps(), salonIdForOwner(owner.userId));
  return json(200, saved);
});
