import type { AuthResponse, LoginRequest } from '@store/shared/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

/** `POST /api/login` `{ email, password }` -> `{ message, user, token, subscription }`; 401 `{ message }`. */
export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiRequest('/login', served<AuthResponse>(), { method: 'POST', body, token: null });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
