import { updatePassword } from 'aws-amplify/auth';
import { accountMessages, csvFileName, exportFileName, type CsvTable } from '@functions/contracts/account';
import { messages } from '@functions/contracts/messages';
import { ApiError, apiFetch } from '../../lib/api-client';
import { configureAuth, ownerHeaders } from '../auth';

/** Settings → Account's calls: the auth service's password change, account deletion and the data export. */

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await configureAuth();
  await updatePassword({ oldPassword: currentPassword, newPassword });
}

export function deleteAccount(password: string): Promise<{ deleted: true }> {
  return apiFetch('/api/account/delete', { method: 'POST', body: JSON.stringify({ password }), fallbackError: messages.deleteFailed });
}

/**
 * The export as a file to save: everything as JSON, or one table (`csv`) as a spreadsheet. Its name
 * comes from the server's Content-Disposition.
 */
export async function fetchAccountExport(csv?: CsvTable): Promise<{ file: Blob; fileName: string }> {
  const owner = await ownerHeaders();
  if (!owner) throw new ApiError(401, messages.signInAgain);
  const path = csv ? `/api/account/export-csv?${new URLSearchParams({ table: csv })}` : '/api/account/export';
  const response = await fetch(path, { credentials: 'include', headers: owner });
  if (!response.ok) throw new ApiError(response.status, response.status === 401 ? messages.signInAgain : accountMessages.exportFailed);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const today = new Date().toISOString().slice(0, 10);
  return { file: await response.blob(), fileName: named ?? (csv ? csvFileName(csv, today) : exportFileName(today)) };
}

/** Hands a file to the browser's own download. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it is long underway.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
