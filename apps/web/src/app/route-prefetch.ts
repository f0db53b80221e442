/**
 * Route loaders for server rendering (issue 35 §3): each server-rendered route declares, next to its component,
 * a `prefetch` that puts every query the page asks for on its first render into the query client, so the server
 * (entry-server.tsx) awaits the matched routes' loaders and renders the page once.
 *
 * They are React Router `handle`s rather than data-router `loader`s on purpose: a `loader` would also run on
 * each navigation in the browser and hold the page back until its data came, where today the next page shows
 * at once with its placeholders and the components' own queries fill it in (they share these query options, so
 * the browser starts with what the server fetched).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { categoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { socialLinksQueryOptions } from '@/lib/api/get-social-links';
import { storeConfigQueryOptions } from '@/lib/api/get-store-config';

/** What a route's loader reads: the address (its path parameters and query) and the shopper's vehicle. */
export interface PrefetchArgs {
  queryClient: QueryClient;
  params: Params;
  searchParams: URLSearchParams;
  /** The vehicle the page is rendered for (decision 0034): its id in the vehicle list, or undefined. */
  vehicleId: number | undefined;
}

/**
 * Prefetches a route's queries. Resolves when they have settled, answered or failed (a failed query stays in
 * the client as an error, which the server reads to leave the page to the browser); never rejects.
 */
export type RoutePrefetch = (args: PrefetchArgs) => Promise<void>;

/** A route's `handle` that carries a loader. */
export interface PrefetchHandle {
  prefetch: RoutePrefetch;
}

/** The loader a matched route's `handle` declares, if any. */
export function prefetchOf(handle: unknown): RoutePrefetch | undefined {
  const prefetch = (handle as Partial<PrefetchHandle> | null | undefined)?.prefetch;
  return typeof prefetch === 'function' ? prefetch : undefined;
}

/** The shell's queries (root-layout.tsx): the store's settings, the categories and the footer's social links. */
export const prefetchShell: RoutePrefetch = async ({ queryClient }) => {
  await Promise.all([
    queryClient.prefetchQuery(storeConfigQueryOptions()),
    queryClient.prefetchQuery(categoriesQueryOptions()),
    queryClient.prefetchQuery(socialLinksQueryOptions()),
  ]);
};
