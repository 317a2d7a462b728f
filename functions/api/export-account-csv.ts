import { deps } from '../composition-root.js';
import { csvFileName, exportCsvQuery } from '../contracts/account.js';
import { exportAccount } from '../core/account-export.js';
import { exportCsv } from '../core/account-export-csv.js';
import { download, ownerRoute } from '../http/handler.js';

/** `GET /api/account/export-csv?table=clients|bookings|waiting-list`: one table of the data export, as a CSV file a spreadsheet opens. */
export const handler = ownerRoute({ routeId: 'export-account-csv', query: exportCsvQuery }, async (owner, { query }) => {
  const { day, data } = await exportAccount(deps(), owner);
  return download(exportCsv(data, query.table), 'text/csv; charset=utf-8', csvFileName(query.table, day));
});
