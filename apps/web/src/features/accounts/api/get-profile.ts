import type { PublicUser } from '@store/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/profile` (bearer) -> `{ data: PublicUser }` (SPEC §7: data, the user with user_meta). */
export function getProfile(signal?: AbortSignal): Promise<PublicUser> {
  return apiRequest('/profile', envelope(served<PublicUser>()), { member: true, signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: ['account', 'profile'], queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
