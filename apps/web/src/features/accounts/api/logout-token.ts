import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/logout` with a given bearer: revokes that token on the server. Never throws. */
export async function logoutToken(token: string): Promise<void> {
  try {
    await apiRequest('/logout', served<{ message: string }>(), { method: 'POST', token });
  } catch (error) {
    console.error('Could not revoke a token', error);
  }
}
