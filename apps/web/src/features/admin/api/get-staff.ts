import type { StaffUser } from '@store/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

/** `GET /api/admin/staff` (admins only) -> `{ data: StaffUser[] }`. */
export function getStaff(signal?: AbortSignal): Promise<{ data: StaffUser[] }> {
  return adminRequest('/admin/staff', served<{ data: StaffUser[] }>(), { signal });
}

export function staffQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['admin', 'staff', token],
    queryFn: ({ signal }) => getStaff(signal),
    staleTime: 0,
  });
}

export function useStaff(token: string) {
  return useQuery(staffQueryOptions(token));
}
