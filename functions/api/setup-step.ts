import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { setupStepRequest } from '../contracts/setup.js';
import { saveSetupStep } from '../core/setup.js';

/** Saves one wizard step; errors are plain text, which the wizard shows as they are. */
export const handler = ownerRoute({ routeId: 'setup-step', body: setupStepRequest, errorBody: 'text' }, async (owner, { body }) =>
  json(200, await saveSetupStep(deps(), owner, body)),
);
