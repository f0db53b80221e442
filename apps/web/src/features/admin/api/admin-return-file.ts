import { saveFile } from '@/lib/save-file';
import { adminFile, type AdminRequestOptions } from '../admin-request';

/**
 * Downloads `/api<path>` with the staff member's bearer and saves it under the server's file name (issue 12):
 * saved by `saveFile`, so the browser saves it and never shows it in the page (a return's photo or PDF is the
 * customer's, not ours to render). A refused
 * session is handled as for every back-office call (`adminRequest`). Throws ApiError with the server's message
 * when refused. `request` adds the method and body of a file asked for by POST (issue 36: packing slips).
 */
export async function downloadAdminFile(
  path: string,
  fallbackName: string,
  request: AdminRequestOptions = {},
): Promise<string> {
  const { blob, fileName: name } = await adminFile(path, {
    ...request,
    fallbackName,
    fallbackMessage: (status) => `The download failed (${status}).`,
  });
  saveFile(blob, name);
  return name;
}
