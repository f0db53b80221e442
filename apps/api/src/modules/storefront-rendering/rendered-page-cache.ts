/**
 * Rendered pages kept ready to send (issue 14 §4, decision 0027): each server-rendered page's whole document,
 * gzipped once, under its address, with the stamp of everything it shows. A request whose page is here costs a
 * lookup and a write of the stored bytes: no render, no string work, no compression, no body hashing.
 *
 * The stamp is the page's freshness: the caller computes it from the catalog and the store's settings at each
 * request (render-page.ts `pageStamp`), and a stored page whose stamp differs is not sent. There is no time to
 * live: a page is right for exactly as long as what it shows has not changed.
 *
 * Bounded memory: at most `maxBytes` of gzipped documents (a product page is about 13 kB); the least recently
 * used page goes first.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/** What a page was rendered from (render-page.ts `pageStamps`). */
export interface PageStamps {
  /** Everything the page shows (catalog and settings): a page is sent only while this is unchanged. */
  readonly stamp: string;
  /**
   * The catalog version and settings alone: a page of another generation is due for pre-rendering; one of this
   * generation whose stamp moved (stock sold on a listing) is rendered again when it is next asked for.
   */
  readonly generation: string;
}

/** One rendered page ready to send: the document gzipped, its strong ETag, and what it was rendered from. */
export interface CachedPage extends PageStamps {
  readonly gzip: Buffer;
  readonly etag: string;
}

/** `html` (text, or its UTF-8 bytes) gzipped (level 9: done once per page, sent many times), with its ETag. */
export async function createCachedPage(html: string | Buffer, stamps: PageStamps): Promise<CachedPage> {
  const body = await gzipAsync(html, { level: 9 });
  const etag = `"p${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  return { stamp: stamps.stamp, generation: stamps.generation, gzip: body, etag };
}

export interface RenderedPageCache {
  /** The page stored under `key`, if it was rendered under `stamp`; undefined otherwise. */
  get(key: string, stamp: string): CachedPage | undefined;
  /** The page stored under `key` whatever its stamp (the pre-renderer's look), without making it recent. */
  peek(key: string): CachedPage | undefined;
  /** Stores `page` under `key`, in place of what was there. */
  set(key: string, page: CachedPage): void;
  /** Gzipped bytes stored, and pages. */
  readonly bytes: number;
  readonly size: number;
  readonly maxBytes: number;
}

/** Bytes a stored page costs beyond its gzipped document (key, stamps, the LRU's bookkeeping). */
const ENTRY_OVERHEAD_BYTES = 512;

/** An empty cache of at most `maxBytes` bytes (at least 1). */
export function createRenderedPageCache(maxBytes: number): RenderedPageCache {
  const lru = new LRUCache<string, CachedPage>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (page, key) => page.gzip.length + key.length * 2 + ENTRY_OVERHEAD_BYTES,
  });
  return {
    get(key, stamp) {
      const page = lru.get(key);
      return page && page.stamp === stamp ? page : undefined;
    },
    peek: (key) => lru.peek(key),
    set(key, page) {
      lru.set(key, page);
    },
    get bytes() {
      return lru.calculatedSize;
    },
    get size() {
      return lru.size;
    },
    maxBytes,
  };
}

/**
 * The cache key of a page address (path and query, as requested): the same page asked for in different ways
 * is stored once. A trailing slash goes, query parameters are sorted, and `page=1` goes (the first page of a
 * listing is the listing: `/shop?page=1&brand=x` is `/shop?brand=x`). Parameters the page does not read stay in
 * the key, so an address made up by a client is at worst a page of its own.
 */
export function pageCacheKey(url: string): string {
  const parsed = new URL(url, 'http://local');
  const pathname = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  const params = [...parsed.searchParams]
    .filter(([name, value]) => !(name === 'page' && value === '1'))
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return params.length ? `${pathname}?${new URLSearchParams(params).toString()}` : pathname;
}
