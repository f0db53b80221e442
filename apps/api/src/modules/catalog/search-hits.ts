/**
 * The catalog view's search (SPEC §7 /search-product, decisions 0020 and 0074): the in-process index and the
 * suggestions' vocabulary, built a slice at a time off the request path, and their answers by query, kept in a
 * bounded cache. The view moves its search generation when a product is added or a searched field changes
 * (catalog-view.ts); each generation gets a build of its own.
 *
 * Freshness: a caller that does not wait (`current()` alone) always gets the current generation's build, finished
 * on its stack if it has to be (a catalog of a few thousand products builds in milliseconds). The store's search
 * route waits first (`ready`): for the first build of all as long as it takes, for a later one at most its
 * `maxWaitMs`; when that passes, the generation's searches answer from the newest build there is until the new one
 * is in (a million products build in 20 to 50 s, during which every request used to wait).
 */
import { LRUCache } from 'lru-cache';
import type { CatalogEntry } from './catalog-snapshot';
import { runInSlices, runToEnd, type SlicedRun } from './run-in-slices';
import { searchIndex, searchIndexSteps, type SearchDocument, type SearchIndex } from './search-index';
import {
  suggestionVocabularySteps,
  type SuggestionDocument,
  type SuggestionVocabulary,
} from './search-suggestions';

/**
 * Ids kept in cached search results, in all, for a catalog of `products`: 4 million (16 MB), or eight per product
 * when that is more (32 MB at a million products). Issue 15 §7: at 100,000 products a single word or prefix finds a
 * few thousand to every product, so the bench's 872 queries hold 2.3 million ids; with a million the cache kept
 * missing and searching again was a third of the search calls' CPU. At a million products 410 spread searches
 * held 7.1 million ids, so a fixed 4 million evicted each before it was asked again (decision 0077).
 */
export function cachedSearchIdsFor(products: number): number {
  return Math.max(4_000_000, 8 * products);
}

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

/** One build of the search: the index, its answers' cache and the suggestions' vocabulary. */
export interface SearchBuild {
  /** Different for every build in this process: cached lists derived from its answers carry it in their keys. */
  readonly key: number;
  /** The ids matching `text`, best first, and its spelling correction (search-index.ts). */
  hits(text: string): SearchHits;
  /**
   * As `hits`, for reading only the front of the list: its first `count` ids at least (all of them when fewer
   * match) and how many match in all.
   */
  top(text: string, count: number): TopSearchHits;
  readonly vocabulary: SuggestionVocabulary;
}

/** The build a search answers from; `fresh` false when it is an older one (its ids may name changed products). */
export interface SearchAnswering {
  build: SearchBuild;
  fresh: boolean;
}

export interface CatalogSearch {
  /** The build to answer from now (see the module's freshness). */
  current(): SearchAnswering;
  /** Starts the current generation's build in slices if it is not built or under way. */
  start(): void;
  /**
   * Resolves when the current generation's build is in; when an earlier build exists, after `maxWaitMs` at most,
   * from when on `current()` answers from the earlier one until the new one is in. Rejects with a build's error.
   */
  ready(maxWaitMs: number): Promise<void>;
  /** The newest finished build, null before the first: a new view's search answers from it while its own builds. */
  readonly latest: SearchBuild | null;
}

/**
 * Ms a search waits for a catalog's new search build before it answers from the last one: a catalog of up to
 * about 100,000 products is rebuilt within it, so what was just changed is found.
 */
export const SEARCH_BUILD_WAIT_MS = 2_000;

let nextBuildKey = 1;

function searchDocumentOf(e: CatalogEntry): SearchDocument & SuggestionDocument {
  return {
    id: e.id,
    sku: e.sku,
    title: e.title,
    brand: e.searchBrand,
    category: e.searchCategory,
    tags: e.tags,
    partNumbers: e.partNumbers,
  };
}

function* mapped<T, U>(items: readonly T[], map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/**
 * Ids of a search's first answers kept apart from its whole list, at most, per query: the first 20 pages at 100 a
 * page (MAX_PAGE_SIZE), 133 pages of the 15 the search page shows.
 */
export const SEARCH_TOP_IDS = 2_000;

/**
 * Ids kept in the first answers' cache, in all (16 MB): about 2,000 broad searches. At a million products the
 * bench's 870 queries find 23 million ids in all, three times what the whole lists' cache holds, so every broad
 * search missed it and was ranked again (20-75 ms each, decision 0079); their first pages fit here.
 */
export const SEARCH_TOP_CACHE_IDS = 4_000_000;

/** The best `count` of `hits` (all of them when there are fewer), with how many there are in all. */
export interface TopSearchHits {
  /** The first ids, best first: all of them when `ids.length === total`. */
  ids: Int32Array;
  total: number;
  corrected?: string;
}

export interface CachedSearch {
  hits(text: string): SearchHits;
  top(text: string, count: number): TopSearchHits;
}

/** The caches' bounds, in ids (4 bytes each); tests make them small. */
export interface SearchCacheLimits {
  /** Every match of the queries kept, in all (`cachedSearchIdsFor`). */
  wholeIds: number;
  /** The first ids kept of a query finding more (SEARCH_TOP_IDS). */
  topIds: number;
  /** Those first ids, in all (SEARCH_TOP_CACHE_IDS). */
  topCacheIds: number;
}

/**
 * A search of `index` with two bounded caches by query: every match (for sorts, filters and vehicles, which read
 * the whole list), and the first `topIds` of a larger answer (for the pages in relevance order, which read the
 * front of it). A query is ranked once while either holds what it is asked for (decision 0079).
 */
export function createCachedSearch(index: SearchIndex, limits: SearchCacheLimits): CachedSearch {
  const searches = new LRUCache<string, SearchHits>({
    maxSize: limits.wholeIds,
    sizeCalculation: (hits) => hits.ids.length + 1,
  });
  const tops = new LRUCache<string, TopSearchHits>({
    maxSize: limits.topCacheIds,
    sizeCalculation: (top) => top.ids.length + 1,
  });
  const keyOf = (text: string) => text.trim().toLowerCase();
  const ranked = (key: string, text: string): SearchHits => {
    const found = searchIndex(index, text);
    const hits: SearchHits = {
      ids: found.ids instanceof Int32Array ? found.ids : Int32Array.from(found.ids),
      ...(found.corrected !== undefined ? { corrected: found.corrected } : {}),
    };
    // A list longer than the whole cache is not kept there (lru-cache refuses it); its front still is.
    searches.set(key, hits);
    // Its own copy of the front: a subarray would keep the whole list alive.
    if (hits.ids.length > limits.topIds)
      tops.set(key, {
        ids: hits.ids.slice(0, limits.topIds),
        total: hits.ids.length,
        ...(hits.corrected !== undefined ? { corrected: hits.corrected } : {}),
      });
    return hits;
  };
  const allOf = (hits: SearchHits): TopSearchHits => ({ ...hits, total: hits.ids.length });
  return {
    hits(text) {
      const key = keyOf(text);
      return searches.get(key) ?? ranked(key, text);
    },
    top(text, count) {
      const key = keyOf(text);
      const whole = searches.get(key);
      if (whole) return allOf(whole);
      const front = tops.get(key);
      if (front && count <= front.ids.length) return front;
      return allOf(ranked(key, text));
    },
  };
}

/** A build of `entries` (ascending ids), a slice at a time. */
function* searchBuildSteps(entries: readonly CatalogEntry[]): Generator<void, SearchBuild> {
  const index = yield* searchIndexSteps(mapped(entries, searchDocumentOf));
  const vocabulary = yield* suggestionVocabularySteps(mapped(entries, searchDocumentOf));
  const cached = createCachedSearch(index, {
    wholeIds: cachedSearchIdsFor(entries.length),
    topIds: SEARCH_TOP_IDS,
    topCacheIds: SEARCH_TOP_CACHE_IDS,
  });
  return { key: nextBuildKey++, hits: cached.hits, top: cached.top, vocabulary };
}

/**
 * The search of one catalog view. `entries()` gives its products in ascending id order, `generation()` its search
 * generation; `previous` is the last build of the view it replaces (answered from, not fresh, until the first
 * build of this one is in).
 */
export function createCatalogSearch(options: {
  entries: () => readonly CatalogEntry[];
  generation: () => number;
  previous?: SearchBuild | null;
  /** Told when a build in slices is in: how many products, and the ms from its start (slices and the gaps between). */
  onBuilt?: (products: number, ms: number) => void;
}): CatalogSearch {
  const { entries, generation } = options;
  /** The newest build of this search, with its generation. */
  let own: { build: SearchBuild; generation: number } | null = null;
  let running: { generation: number; run: SlicedRun<SearchBuild> } | null = null;
  /** The generation whose wait was given up: its searches answer from an earlier build. */
  let gaveUpOn = -1;

  const isCurrent = () => own !== null && own.generation === generation();
  const adopt = (build: SearchBuild, builtFor: number) => {
    if (own === null || own.generation < builtFor) own = { build, generation: builtFor };
  };
  const latest = (): SearchBuild | null => own?.build ?? options.previous ?? null;

  function start(): void {
    if (isCurrent() || running) return;
    const builtFor = generation();
    const products = entries();
    const startedMs = performance.now();
    const run = runInSlices(searchBuildSteps(products));
    const mine = { generation: builtFor, run };
    running = mine;
    run.done.then(
      (build) => {
        options.onBuilt?.(products.length, performance.now() - startedMs);
        adopt(build, builtFor);
        if (running === mine) running = null;
        // The catalog moved on while this was built: the next build follows at once.
        start();
      },
      () => {
        if (running === mine) running = null;
      },
    );
  }

  /** Waits until the current generation is built, the chain of builds following the generation as it moves. */
  async function untilCurrent(): Promise<void> {
    while (!isCurrent()) {
      start();
      const mine = running;
      if (!mine) continue;
      const build = await mine.run.done;
      adopt(build, mine.generation);
      if (running === mine) running = null;
    }
  }

  return {
    get latest() {
      return latest();
    },
    start,
    current() {
      if (isCurrent()) return { build: (own as { build: SearchBuild }).build, fresh: true };
      const earlier = latest();
      if (earlier && gaveUpOn === generation()) {
        start();
        return { build: earlier, fresh: false };
      }
      // Nobody waited: build it now, as one search used to (the build under way first, if any).
      if (running) {
        const mine = running;
        running = null;
        adopt(mine.run.finish(), mine.generation);
      }
      if (!isCurrent()) adopt(runToEnd(searchBuildSteps(entries())), generation());
      return { build: (own as { build: SearchBuild }).build, fresh: true };
    },
    async ready(maxWaitMs) {
      if (isCurrent()) return;
      if (latest() === null || !Number.isFinite(maxWaitMs)) return untilCurrent();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), maxWaitMs);
      });
      try {
        const late = await Promise.race([untilCurrent().then(() => false), timedOut]);
        if (late && !isCurrent()) gaveUpOn = generation();
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
