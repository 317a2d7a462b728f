import { json, ownerRoute } from '../http/handler.js';
import { deps } from '../composition-root.js';
import { deleteAccountRequest } from '../contracts/account.js';
import { deleteAccount } from '../core/account.js';

export const handler = ownerRoute({ routeId: 'delete-account', body: deleteAccountRequest, finishesDeletion: true }, async (owner, { body }) => {
  await deleteAccount(deps(), owner, body.password);
  return json(200, { deleted: true });
});
