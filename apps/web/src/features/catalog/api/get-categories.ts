import type { Category } from '@store/shared/product';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, envelope, served } from '@/lib/api-client';

/** `GET /api/categories` -> `{ data: Category[] }` (SPEC §7), each with its child categories. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return apiRequest('/categories', envelope(served<Category[]>()), { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
