import type { Product } from '@store/shared/product';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SEARCH_MIN_CHARS, searchProductsQueryOptions } from '../api/search-products';

/** SPEC §5, §9: requests wait until typing has paused for 300 ms; at most 15 suggestions. */
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SUGGESTIONS = 15;

/** SPEC §2 Search messages. */
export const SEARCH_MESSAGES = {
  tooShort: 'Number of characters at least are 3',
  searching: 'Searching...',
  empty: 'Data not found',
} as const;

export type SuggestionStatus =
  /** No text: nothing to show (empty text clears the results). */
  | 'idle'
  /** 1-2 characters: no request, the short-input message. */
  | 'too-short'
  /** Waiting for the pause in typing, or for the answer. */
  | 'searching'
  /** The answer came back with products. */
  | 'results'
  /** Nothing matched, or the request failed (failures are only logged, SPEC §8). */
  | 'empty';

export interface DebouncedSearch {
  status: SuggestionStatus;
  /** The suggestions to list (empty unless status is 'results'). */
  results: Product[];
  /** The trimmed text the results belong to; changes when a new answer is asked for. */
  term: string;
}

/** The trimmed text, updated once `delayMs` have passed without a change. */
function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Live search suggestions (SPEC §2 Search, §5): no request under 3 characters, one request once typing has
 * paused for 300 ms, at most 15 results. With `vehicleId` (the shopper's chosen vehicle, issue 15 §6) only parts
 * that fit it or every vehicle, as the results page shows them. The answer is cached under the same key as page 1
 * of /search-results, so pressing Enter shows the results page at once.
 */
export function useDebouncedSearch(
  text: string,
  delayMs: number = SEARCH_DEBOUNCE_MS,
  vehicleId?: number,
): DebouncedSearch {
  const term = text.trim();
  const debounced = useDebouncedValue(term, delayMs);
  const settled = debounced === term;
  const query = useQuery({
    ...searchProductsQueryOptions(debounced, 1, {}, vehicleId),
    enabled: settled && debounced.length >= SEARCH_MIN_CHARS,
    placeholderData: undefined,
    retry: false,
  });

  useEffect(() => {
    if (query.error) console.error('Search suggestions failed:', query.error);
  }, [query.error]);

  if (term === '') return { status: 'idle', results: [], term };
  if (term.length < SEARCH_MIN_CHARS) return { status: 'too-short', results: [], term };
  if (!settled || query.isPending) return { status: 'searching', results: [], term };
  // A failed request leaves no data: an empty list.
  const results = query.data?.data.slice(0, MAX_SUGGESTIONS) ?? [];
  return { status: results.length > 0 ? 'results' : 'empty', results, term };
}
