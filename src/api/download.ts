/**
 * Downloads a file the API serves only to a signed-in user (a borrower's data export, a
 * loan statement): fetched with the bearer token through the API client, then saved by
 * the browser under `fileName`. A plain link cannot carry the token. `saveFile` saves
 * what the app made itself (a report's CSV).
 */
import { api, toApiError } from './client';

export async function downloadFile(path: string, fileName: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await api.get(path.replace(/^\/+/, '')).blob();
  } catch (error) {
    throw await toApiError(error);
  }
  saveFile(blob, fileName);
}

/** Has the browser save the blob as a file named `fileName` (the download bar, no new tab). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
