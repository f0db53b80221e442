/** Staff management calls (issue 12, admins): add an account, disable or enable one. */
import type { StaffCreateRequest, StaffUser } from '@store/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export interface StaffCreated {
  message: string;
  user: StaffUser;
  /** Shown once: the new member signs in with it and must then choose their own. */
  one_time_password: string;
}

/** `POST /api/admin/staff` -> 201 `{ message, user, one_time_password }`; 409 for a taken email. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateRequest) =>
      adminRequest('/admin/staff', served<StaffCreated>(), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}

/** `POST /api/admin/staff/{id}/status` `{ disabled }` -> `{ message, user }`. */
export function useSetStaffDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      adminRequest(`/admin/staff/${id}/status`, served<{ message: string; user: StaffUser }>(), {
        method: 'POST',
        body: { disabled },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
