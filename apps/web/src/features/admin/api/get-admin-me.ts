import type { StaffUser } from '@store/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

/** `GET /api/admin/me` (Bearer) -> `{ user }`: the signed-in staff member, as the server sees them now. */
export function getAdminMe(signal?: AbortSignal): Promise<{ user: StaffUser }> {
  return adminRequest('/admin/me', served<{ user: StaffUser }>(), { signal });
}

export function adminMeQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['admin', 'me', token],
    queryFn: ({ signal }) => getAdminMe(signal),
    staleTime: 0,
    retry: false,
  });
}

export function useAdminMe(token: string) {
  return useQuery(adminMeQueryOptions(token));
}
