import { useState } from 'react';
import { accountMessages, type CsvTable } from '@functions/contracts/account';
import { fetchAccountExport, saveFile } from './api';

type Download = 'json' | CsvTable;

const SPREADSHEETS: { table: CsvTable; label: string }[] = [
  { table: 'clients', label: 'Clients (CSV)' },
  { table: 'bookings', label: 'Bookings (CSV)' },
  { table: 'waiting-list', label: 'Waiting list (CSV)' },
];

/**
 * "Download my data" (GDPR Art. 20): everything kept about the salon as one JSON file, and beside it
 * the clients, bookings and waiting list as CSV files a spreadsheet opens (drawn from the same export).
 */
export function DownloadData() {
  const [working, setWorking] = useState<Download | null>(null);
  const [failed, setFailed] = useState(false);

  async function download(which: Download) {
    if (working) return;
    setWorking(which);
    setFailed(false);
    try {
      const { file, fileName } = await fetchAccountExport(which === 'json' ? undefined : which);
      saveFile(file, fileName);
    } catch (error) {
      console.error('Downloading the data export failed', error);
      setFailed(true);
    } finally {
      setWorking(null);
    }
  }

  return (
    <div className="account-download">
      <button type="button" className="button button-secondary" onClick={() => void download('json')} aria-disabled={working !== null || undefined}>
        {working === 'json' ? 'Preparing your data…' : 'Download my data'}
      </button>
      <div className="account-download-tables" role="group" aria-label="For a spreadsheet">
        {SPREADSHEETS.map(({ table, label }) => (
          <button key={table} type="button" className="button-link" onClick={() => void download(table)} aria-disabled={working !== null || undefined}>
            {working === table ? 'Preparing…' : label}
          </button>
        ))}
      </div>
      {failed && (
        <p className="alert alert-error" role="alert">
          {accountMessages.exportFailed}
        </p>
      )}
    </div>
  );
}
