import { ApiError, apiUrl, UNAUTHORIZED_STATUS } from '@/lib/api-client';
import { adminNavigate, currentAdminPath } from '../admin-navigator';
import { endAdminSession, getAdminToken } from '../admin-session-store';

/** The name a `Content-Disposition` header gives (RFC 6266: `filename*` first), or `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] || fallback;
}

/**
 * Downloads `/api<path>` with the staff member's bearer and saves it under the server's file name (issue 12):
 * the bytes become a Blob behind an object URL clicked through a link with `download`, so the browser saves the
 * file and never shows it in the page (a return's photo or PDF is the customer's, not ours to render). A 401 ends
 * the admin session as `adminRequest` does. Throws ApiError with the server's message when refused.
 */
export async function downloadAdminFile(path: string, fallbackName: string): Promise<string> {
  const token = getAdminToken();
  const response = await fetch(apiUrl(path), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message =
      typeof body?.message === 'string' ? body.message : `The download failed (${response.status}).`;
    if (response.status === UNAUTHORIZED_STATUS && token !== null) {
      const from = currentAdminPath();
      endAdminSession();
      adminNavigate('/admin/signin', from ? { from } : undefined);
    }
    throw new ApiError(response.status, message);
  }
  const name = attachmentFileName(response.headers.get('content-disposition'), fallbackName);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has been handled: the browser has the bytes by then.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
