/**
 * The back office's calls through the app's one api client (lib/api-client.ts), carrying the staff member's
 * bearer instead of the shopper's. A 401 ends the admin session and goes to /admin/signin (keeping the page to
 * come back to); a 403 asking for the one-time password to be changed goes to /admin/password, one asking for
 * two-step sign-in to be set up to /admin/security.
 */
import { ADMIN_MESSAGES } from '@store/shared/admin';
import {
  ApiError,
  apiFile,
  apiRequest,
  UNAUTHORIZED_STATUS,
  type ApiFile,
  type ApiRequestOptions,
  type Schema,
} from '@/lib/api-client';
import { endAdminSession, getAdminToken } from './admin-session-store';
import { adminNavigate, currentAdminPath } from './admin-navigator';

export const FORBIDDEN_STATUS = 403;

export type AdminRequestOptions = Omit<ApiRequestOptions, 'token' | 'member'>;

/** Runs one call with the admin token (never the shopper's) and handles a refused session, then rethrows. */
async function asStaff<T>(call: (token: string | null) => Promise<T>): Promise<T> {
  const token = getAdminToken();
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === UNAUTHORIZED_STATUS && token !== null) {
        const from = currentAdminPath();
        endAdminSession();
        adminNavigate('/admin/signin', from ? { from } : undefined);
      } else if (error.status === FORBIDDEN_STATUS && error.message === ADMIN_MESSAGES.changePasswordFirst) {
        adminNavigate('/admin/password');
      } else if (error.status === FORBIDDEN_STATUS && error.message === ADMIN_MESSAGES.totpSetupFirst) {
        adminNavigate('/admin/security');
      }
    }
    throw error;
  }
}

/** Calls `/api<path>` with the admin token (never the shopper's) and handles a refused session. */
export function adminRequest<T>(
  path: string,
  schema: Schema<T>,
  options: AdminRequestOptions = {},
): Promise<T> {
  return asStaff((token) => apiRequest(path, schema, { ...options, token, member: false }));
}

/** Fetches the file at `/api<path>` with the admin token (`apiFile`), handling a refused session as above. */
export function adminFile(
  path: string,
  options: AdminRequestOptions & { fallbackName: string },
): Promise<ApiFile> {
  return asStaff((token) => apiFile(path, { ...options, token, member: false }));
}
