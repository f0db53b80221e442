import { apiRequest, served } from '@/lib/api-client';
import { endAdminSession, getAdminSession } from '../admin-session-store';

/**
 * Sign out: `POST /api/admin/logout` revokes the token on the server, then the session is cleared here whatever
 * the answer (an expired token is signed out all the same).
 */
export async function adminSignOut(): Promise<void> {
  const session = getAdminSession();
  if (!session) return;
  try {
    await apiRequest('/admin/logout', served<unknown>(), { method: 'POST', token: session.token });
  } catch (error) {
    console.error('Back office sign out: the server did not answer', error);
  } finally {
    endAdminSession();
  }
}
