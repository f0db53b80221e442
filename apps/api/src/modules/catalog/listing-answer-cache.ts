/**
 * Built listing answers kept by what was asked and the catalog view's stamp (issue 42 §3, decision 0078): a page of
 * /shop or /latest-products is put together once per catalog change and then sent as the same bytes, as the
 * compressed copies of http-caching.ts already are. An answer is a pure function of the view and the parsed query
 * (catalog-answers.ts), and the stamp changes whenever a product the view shows changes (catalog-view.ts), so a
 * kept answer is exactly as fresh as the ETag it carries. The view's taxonomy is part of the key too: a renamed or
 * retired category or brand (a new taxonomy object, which leaves the stamp as it was) changes a page's `filters`
 * and `moved`. Bounded in bytes (an LRU); requests for the same page while it is being built share that one build.
 *
 * A page in a reused buffer (decision 0099) is held by the cache while kept, and given back when dropped; each
 * caller gets its own hold of it.
 */
import { LRUCache } from 'lru-cache';
import type { JsonAnswer } from './catalog-answers';
import type { CatalogView } from './catalog-view';

/** Bytes of built answers one store process keeps: about 1,200 pages of 24 products at 27 kB. */
export const LISTING_ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** Per-entry bookkeeping beyond the JSON's bytes, bytes (the key, the ETag, the map's entry). */
const ENTRY_OVERHEAD_BYTES = 256;

export interface ListingAnswerCache {
  /**
   * The answer of `kind` (a route's name) for `query` (its parsed query string) on `view`: the kept one when the
   * view's stamp is unchanged since it was built, else `build()`'s, kept for the next request. `build`'s
   * rejection reaches every caller waiting on it and nothing is kept. The caller owns the answer's `release`.
   */
  answer(
    view: CatalogView,
    kind: string,
    query: object,
    build: () => Promise<JsonAnswer>,
  ): Promise<JsonAnswer>;
  /** Answers kept and their bytes, for tests and metrics. */
  size(): { answers: number; bytes: number };
}

/** A number per taxonomy object the views have shown, so that the key can name it. */
const taxonomyNumbers = new WeakMap<object, number>();
let lastTaxonomyNumber = 0;

function taxonomyNumber(taxonomy: object): number {
  let n = taxonomyNumbers.get(taxonomy);
  if (n === undefined) {
    n = ++lastTaxonomyNumber;
    taxonomyNumbers.set(taxonomy, n);
  }
  return n;
}

/** What a kept answer holds from other uses, bytes: a pooled page's whole buffer. */
const keptBytes = (a: JsonAnswer) =>
  (a.page?.capacity ?? a.json.length) + a.etag.length + ENTRY_OVERHEAD_BYTES;

/** The callers waiting on a build, and their holds of its page once built. */
interface Waiting {
  callers: number;
  holds: (() => void)[];
}

/** A cache of built listing answers of at most `maxBytes` bytes (LISTING_ANSWER_CACHE_BYTES by default). */
export function createListingAnswerCache(maxBytes = LISTING_ANSWER_CACHE_BYTES): ListingAnswerCache {
  // A kept answer's `release` is the cache's own hold, let go when lru-cache drops the answer.
  const kept = new LRUCache<string, JsonAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (a) => keptBytes(a),
    dispose: (a) => a.release?.(),
  });
  const building = new Map<string, { waiting: Waiting; built: Promise<JsonAnswer> }>();
  return {
    answer(view, kind, query, build) {
      // The zod-parsed query: the same page asked with its parameters in another order is the same key.
      const key = `${kind}|${view.stamp()}|${taxonomyNumber(view.taxonomy)}|${JSON.stringify(query)}`;
      const hit = kept.get(key);
      if (hit) return Promise.resolve(hit.page ? { ...hit, release: hit.page.hold() } : hit);
      let pending = building.get(key);
      if (pending) pending.waiting.callers++;
      else {
        const waiting: Waiting = { callers: 1, holds: [] };
        const built = build().then(
          (a) => {
            building.delete(key);
            // Every caller's hold is taken now, before anything else runs: a page dropped from the cache by
            // the next one kept is never given back while a caller is still to send it.
            if (a.page) for (let i = 0; i < waiting.callers; i++) waiting.holds.push(a.page.hold());
            // An answer larger than the whole cache is sent but not kept (lru-cache would refuse it anyway).
            if (keptBytes(a) < maxBytes) kept.set(key, a);
            else a.release?.();
            return a;
          },
          (err: unknown) => {
            building.delete(key);
            throw err;
          },
        );
        pending = { waiting, built };
        building.set(key, pending);
      }
      const { built, waiting } = pending;
      return built.then((a) => (a.page ? { ...a, release: waiting.holds.pop() } : a));
    },
    size() {
      return { answers: kept.size, bytes: kept.calculatedSize };
    },
  };
}
