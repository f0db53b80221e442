import type { adminLoginRequestSchema, StaffUser } from '@store/shared/admin';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface AdminLoginAnswer {
  token: string;
  user: StaffUser;
}

/**
 * `POST /api/admin/login` `{ email, password, code? }` -> `{ token, user }`; 401 `{ message }` (also when the
 * TOTP code is wanted or wrong), 429. Sends no bearer.
 */
export function adminLogin(body: z.output<typeof adminLoginRequestSchema>): Promise<AdminLoginAnswer> {
  return apiRequest('/admin/login', served<AdminLoginAnswer>(), { method: 'POST', body, token: null });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
