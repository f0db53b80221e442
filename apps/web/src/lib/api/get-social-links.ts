import type { SocialLinks } from '@store/shared/store-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/social-links` -> `{ data: SocialLinks }`; only links the store has (SPEC §2 Footer). */
export function getSocialLinks(signal?: AbortSignal): Promise<SocialLinks> {
  return apiRequest('/social-links', envelope(served<SocialLinks>()), { signal });
}

export function socialLinksQueryOptions() {
  return queryOptions({
    queryKey: ['social-links'],
    queryFn: ({ signal }) => getSocialLinks(signal),
    staleTime: 10 * 60 * 1000,
  });
}

export function useSocialLinks() {
  return useQuery(socialLinksQueryOptions());
}
