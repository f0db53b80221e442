import type { StaffUser } from '@store/shared/admin';
import type { z } from 'zod';
import type { adminPasswordChangeSchema } from '@store/shared/admin';
import { useMutation } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export type AdminPasswordChange = z.output<typeof adminPasswordChangeSchema>;

/** `POST /api/admin/password` `{ current_password, new_password }` -> `{ message, user }`; 400 `{ message, errors? }`. */
export function changeAdminPassword(
  body: AdminPasswordChange,
): Promise<{ message: string; user: StaffUser }> {
  return adminRequest('/admin/password', served<{ message: string; user: StaffUser }>(), {
    method: 'POST',
    body,
  });
}

export function useChangeAdminPassword() {
  return useMutation({ mutationFn: changeAdminPassword });
}
