/**
 * The products' answer JSON as a working set (decision 0077, issue 42 §3), bounded in bytes, in two tiers: the SPEC
 * §3 product bytes of the products asked for most recently, as they are sent (whatever of the budget the second tier
 * leaves, at least a quarter: decision 0098), and every product that fits three quarters, compressed
 * (packed-product-jsons.ts: about a sixth of their size, 10 µs to inflate).
 * A product in neither is read from the database when a page needs it (one query for all of a page's misses). At a
 * million products the JSON alone was 1.3 GB of a 2.4 GiB store (decision 0073); the budget is what keeps an
 * instance within 2 GiB.
 *
 * Freshness: each JSON is kept with the `changed_at` (ms) of the row it was built from, and a JSON older than the
 * entry a view shows is not answered: the entry's row is read again. A read that was under way while a newer JSON
 * came in does not replace it.
 */
import { LRUCache } from 'lru-cache';
import { storeMetrics } from '../../plugins/store-metrics';
import type { CatalogEntry } from './catalog-snapshot';
import { createPackedProductJsons, type JsonToPack } from './packed-product-jsons';

/** A product's answer JSON and the `changed_at` (ms) of the row it was built from. */
export interface ProductJson {
  changedMs: number;
  json: Buffer;
}

/** Reads the JSON of products by id from the database; ids it does not return (archived, deleted) have none. */
export type ProductJsonLoader = (ids: number[]) => Promise<Map<number, ProductJson>>;

export interface ProductJsonCacheOptions {
  /** The budget, bytes of JSON (plus a small allowance per product for the cache's own bookkeeping). */
  maxBytes: number;
  load: ProductJsonLoader;
}

export interface ProductJsonCache {
  /** Keeps `json` for product `id` in both tiers, unless a tier holds one built from a newer row. */
  put(id: number, product: ProductJson): void;
  /**
   * `put` for many products at once, as a full load builds them: the first tier takes them now, the compressed tier
   * once a worker thread has packed them (decision 0091). Resolves when both hold them; never rejects.
   */
  putAll(products: readonly JsonToPack[]): Promise<void>;
  /** The JSON the first tier holds for `id`, if any, without counting it as asked for. */
  peek(id: number): ProductJson | undefined;
  /**
   * Whether the second tier can take another product, or the first tier has room left: a full load stops building
   * JSON when neither can.
   */
  hasRoom(): boolean;
  /**
   * The JSON of each entry, in order: from the cache when it holds one as new as the entry, else read from the
   * database in one query for all the misses. `undefined` for a product the database no longer shows. Rejects when
   * there were misses and the database could not be read.
   */
  jsonsOf(entries: readonly CatalogEntry[]): Promise<(Buffer | undefined)[]>;
  /**
   * Bytes held in both tiers, products held as they are sent and compressed, and the reads answered from memory
   * and from the database since the start.
   */
  stats(): { bytes: number; products: number; packed: number; hits: number; misses: number };
}

/** What an entry costs beyond its bytes: the cache's node, the object around the Buffer and the Buffer's own header. */
const PER_PRODUCT_BYTES = 160;

/** The compressed tier's share of the budget, when it is large enough for one slab. */
const PACKED_SHARE = 0.75;

/** Creates the working set; nothing is read until a page needs a product it does not hold. */
export function createProductJsonCache(options: ProductJsonCacheOptions): ProductJsonCache {
  const packedBytes = Math.floor(options.maxBytes * PACKED_SHARE);
  const packed = createPackedProductJsons(packedBytes);
  // The first tier may take the whole budget; `trim` gives the second tier what it has packed. A catalog that packs
  // into a fraction of its share (100,000 products: 24 MB of 240) is then held whole as sent, and every product
  // page is a copy, not an inflate (decision 0098).
  const cache = new LRUCache<number, ProductJson>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (p) => p.json.length + PER_PRODUCT_BYTES,
  });
  let hits = 0;
  let misses = 0;

  /** Drops the first tier's least recently asked for until both tiers are within the budget. */
  function trim(): void {
    while (cache.size > 0 && cache.calculatedSize + packed.bytes() > options.maxBytes) cache.pop();
  }

  /** Puts `product` in the first tier, unless it holds one built from a newer row. */
  function hold(id: number, product: ProductJson): void {
    const held = cache.peek(id);
    if (held && held.changedMs > product.changedMs) return;
    cache.set(id, product);
  }

  function put(id: number, product: ProductJson): void {
    packed.pack(id, product.changedMs, product.json);
    hold(id, product);
    trim();
  }

  return {
    put,
    async putAll(products) {
      for (const p of products) hold(p.id, p);
      trim();
      await packed.packAll(products);
      trim();
    },
    peek: (id) => cache.peek(id),
    hasRoom: () =>
      packed.hasRoom() || cache.calculatedSize + packed.bytes() + PER_PRODUCT_BYTES <= options.maxBytes,
    async jsonsOf(entries) {
      const out: (Buffer | undefined)[] = new Array<Buffer | undefined>(entries.length).fill(undefined);
      let missing: number[] | undefined;
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i] as CatalogEntry;
        const held = cache.get(e.id);
        if (held && held.changedMs >= e.changedMs) {
          out[i] = held.json;
          continue;
        }
        const json = packed.unpack(e.id, e.changedMs);
        if (json) {
          cache.set(e.id, { changedMs: e.changedMs, json });
          trim();
          out[i] = json;
        } else (missing ??= []).push(i);
      }
      const fromMemory = entries.length - (missing?.length ?? 0);
      hits += fromMemory;
      if (fromMemory > 0) storeMetrics.catalogJsonReads.inc({ source: 'memory' }, fromMemory);
      if (!missing) return out;
      misses += missing.length;
      storeMetrics.catalogJsonReads.inc({ source: 'database' }, missing.length);
      const read = await options.load(missing.map((i) => (entries[i] as CatalogEntry).id));
      for (const i of missing) {
        const id = (entries[i] as CatalogEntry).id;
        const product = read.get(id);
        if (!product) continue;
        put(id, product);
        out[i] = product.json;
      }
      return out;
    },
    stats: () => ({
      bytes: cache.calculatedSize + packed.bytes(),
      products: cache.size,
      packed: packed.stats().products,
      hits,
      misses,
    }),
  };
}
