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

function cachedHits(index: SearchIndex, products: number): (text: string) => SearchHits {
  const searches = new LRUCache<string, SearchHits>({
    maxSize: cachedSearchIdsFor(products),
    sizeCalculation: (hits) => hits.ids.length + 1,
  });
  return (text) => {
    const key = text.trim().toLowerCase();
    let hits = searches.get(key);
    if (!hits) {
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

/** A build of `entries` (ascending ids), a slice at a time. */
function* searchBuildSteps(entries: readonly CatalogEntry[]): Generator<void, SearchBuild> {
  const index = yield* searchIndexSteps(mapped(entries, searchDocumentOf));
  const vocabulary = yield* suggestionVocabularySteps(mapped(entries, searchDocumentOf));
  return { key: nextBuildKey++, hits: cachedHits(index, entries.length), vocabulary };
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
