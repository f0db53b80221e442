import type { Plan, PublicUser } from '@store/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, served } from '@/lib/api-client';

export interface UserDetail {
  user: PublicUser;
  signup_plans: Plan[];
  user_membership_plans: Plan[];
}

/** `GET /api/user` (bearer) -> `{ data: { data: { user, signup_plans, user_membership_plans } } }`. */
export async function getUserDetail(signal?: AbortSignal): Promise<UserDetail> {
  const answer = await apiRequest('/user', served<{ data: { data: UserDetail } }>(), {
    member: true,
    signal,
  });
  return answer.data.data;
}

export function userDetailQueryOptions() {
  return queryOptions({ queryKey: ['account', 'user'], queryFn: ({ signal }) => getUserDetail(signal) });
}

/** The member's plans; nothing is asked while signed out. */
export function useUserDetail(enabled = true) {
  return useQuery({ ...userDetailQueryOptions(), enabled });
}
