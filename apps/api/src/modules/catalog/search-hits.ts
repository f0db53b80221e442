/**
 * The catalog view's search (SPEC §7 /search-product, decision 0020): the in-process index, built on first use,
 * and its answers by query, kept in a bounded cache. An instance holds one catalog's search; the view makes a new
 * one when a product is added or a searched field changes (catalog-view.ts, its search generation).
 */
import { LRUCache } from 'lru-cache';
import type { CatalogEntry } from './catalog-snapshot';
import { buildSearchIndex, searchIndex, type SearchIndex } from './search-index';

/**
 * Ids kept in cached search results, in all: 16 MB. Issue 15 §7: at 100,000 products a single word or prefix
 * finds a few thousand to every product, so the bench's 872 queries hold 2.3 million ids; with a million the
 * cache kept missing and searching again was a third of the search calls' CPU.
 */
const MAX_CACHED_SEARCH_IDS = 4_000_000;

export interface SearchHits {
  ids: Int32Array;
  corrected?: string;
}

/** Whether a change of a product changes what search finds (the fields the index reads). */
export function searchableChanged(a: CatalogEntry, b: CatalogEntry): boolean {
  return (
    a.sku !== b.sku ||
    a.title !== b.title ||
    a.searchBrand !== b.searchBrand ||
    a.searchCategory !== b.searchCategory ||
    a.tags !== b.tags ||
    a.partNumbers.join('\n') !== b.partNumbers.join('\n')
  );
}

/** Search over the products `entries()` returns (called once, at the first search): the ids by relevance. */
export function createSearchHits(entries: () => CatalogEntry[]): (text: string) => SearchHits {
  let index: SearchIndex | null = null;
  const searches = new LRUCache<string, SearchHits>({
    maxSize: MAX_CACHED_SEARCH_IDS,
    sizeCalculation: (hits) => hits.ids.length + 1,
  });
  return (text) => {
    const key = text.trim().toLowerCase();
    let hits = searches.get(key);
    if (!hits) {
      index ??= buildSearchIndex(
        entries().map((e) => ({
          id: e.id,
          sku: e.sku,
          title: e.title,
          brand: e.searchBrand,
          category: e.searchCategory,
          tags: e.tags,
          partNumbers: e.partNumbers,
        })),
      );
      const found = searchIndex(index, text);
      hits = {
        ids: found.ids instanceof Int32Array ? found.ids : Int32Array.from(found.ids),
        ...(found.corrected !== undefined ? { corrected: found.corrected } : {}),
      };
      searches.set(key, hits);
    }
    return hits;
  };
}
