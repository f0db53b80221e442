import type { AuthResponse, SignupRequest } from '@store/shared/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/registered` (signup payload) -> `{ message, user, token, subscription }`; 409 email taken. */
export function register(body: SignupRequest): Promise<AuthResponse> {
  return apiRequest('/registered', served<AuthResponse>(), { method: 'POST', body, token: null });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
