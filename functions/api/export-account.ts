import { deps } from '../composition-root.js';
import { exportAccount } from '../core/account-export.js';
import { json, ownerRoute } from '../http/handler.js';

/** `GET /api/account/export`: everything kept about the owner's salon, as a JSON download (GDPR Art. 20). */
export const handler = ownerRoute({ routeId: 'export-account' }, async (owner) => {
  const { fileName, data } = await exportAccount(deps(), owner);
  return json(200, data, { 'content-disposition': `attachment; filename="${fileName}"` });
});
