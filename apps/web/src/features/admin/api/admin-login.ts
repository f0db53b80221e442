import type { StaffUser } from '@store/shared/admin';
import type { LoginRequest } from '@store/shared/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface AdminLoginAnswer {
  token: string;
  user: StaffUser;
}

/** `POST /api/admin/login` `{ email, password }` -> `{ token, user }`; 401 `{ message }`, 429. Sends no bearer. */
export function adminLogin(body: LoginRequest): Promise<AdminLoginAnswer> {
  return apiRequest('/admin/login', served<AdminLoginAnswer>(), { method: 'POST', body, token: null });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
