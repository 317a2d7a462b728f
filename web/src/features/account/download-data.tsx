import { useState } from 'react';
import { accountMessages } from '@functions/contracts/account';
import { fetchAccountExport, saveFile } from './api';

/** "Download my data" (GDPR Art. 20): everything kept about the salon, as one JSON file. */
export function DownloadData() {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');

  async function download() {
    if (state === 'working') return;
    setState('working');
    try {
      const { file, fileName } = await fetchAccountExport();
      saveFile(file, fileName);
      setState('idle');
    } catch (error) {
      console.error('Downloading the data export failed', error);
      setState('failed');
    }
  }

  return (
    <div className="account-download">
      <button type="button" className="button button-secondary" onClick={() => void download()} aria-disabled={state === 'working' || undefined}>
        {state === 'working' ? 'Preparing your data…' : 'Download my data'}
      </button>
      {state === 'failed' && (
        <p className="alert alert-error" role="alert">
          {accountMessages.exportFailed}
        </p>
      )}
    </div>
  );
}
