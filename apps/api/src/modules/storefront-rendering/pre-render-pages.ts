/**
 * Pre-rendering (issue 14 §4, decision 0027): every catalog page is rendered into the rendered-page cache in the
 * background, after the store starts and again after each change of the catalog or the store's settings, so
 * that a shopper or a crawler arriving on any page gets it from the cache (a lookup) rather than waiting for a
 * render (two or three React renders, about 3 ms of CPU).
 *
 * What it renders, in this order: the home page, the brands page, the first page of every listing (the shop,
 * each category, child category and brand, as the store links them), every product page, then the further pages
 * of every listing. It stops early when the cache is nearly full (a catalog larger than RENDERED_PAGES_MB holds:
 * the rest are rendered when asked for), and it renders one page at a time, yielding between pages, so that
 * requests are served in between. A pass after a change renders only what changed: pages of an older catalog
 * version or settings, and product pages whose product changed. Listings whose stock moved are rendered again
 * when next asked for (every sale moves every listing's stamp).
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { CategoriesAnswer, ShopAnswer } from '@store/shared/catalog-answers';
import { internalRenderHeaders, type PageRenderer } from './render-page';
import { brandPagePath, productPath, shopPath } from '@store/shared/paths';

/** How often the pre-renderer looks for a change of the catalog or the settings, ms. */
const CHECK_EVERY_MS = 2_000;
/** The share of the cache's bytes past which it stops: the rest stays for pages asked for. */
const FILL_UP_TO = 0.9;

/** What the readiness answer reports of the rendered pages. */
export interface PrerenderStatus {
  /** Pages in the cache, and their gzipped bytes. */
  pages: number;
  bytes: number;
  /** True while a pass is rendering (after start, or after a change). */
  prerendering: boolean;
}

export interface Prerenderer {
  status(): PrerenderStatus;
  /** Ends the current pass after its page and stops looking for changes. */
  stop(): Promise<void>;
}

/**
 * The addresses of every catalog page, in pre-rendering order (above), read from the API in process (the same
 * answers, page counts and links the shop shows). Throws when the API cannot answer (the pass is tried again at
 * the next check).
 */
async function catalogPageUrls(app: FastifyInstance): Promise<string[]> {
  const json = async <T>(url: string): Promise<T> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      // Not a client's calls: no client's API limit counts them.
      headers: { accept: 'application/json', ...internalRenderHeaders() },
    });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer.json<T>();
  };
  const categories = await json<CategoriesAnswer>('/api/categories');
  const brands = await json<{ data: { data: { permalink: string }[] } }>('/api/brands');
  // Each listing as its API query and its pages' addresses as the store links them (@store/shared/paths; the
  // cache keys them by pageCacheKey, which sorts their parameters).
  const listings: { api: string; page: (page: number) => string }[] = [
    { api: '', page: (page) => shopPath({ page }) },
    ...categories.data.flatMap((c) => [
      {
        api: `&category=${encodeURIComponent(c.sku)}`,
        page: (page: number) => shopPath({ page, category: c.sku }),
      },
      ...c.child_categories.map((child) => ({
        api: `&child_category=${encodeURIComponent(child.child_sku)}`,
        page: (page: number) => shopPath({ page, child_category: child.child_sku }),
      })),
    ]),
    ...brands.data.data.map((b) => ({
      api: `&brand=${encodeURIComponent(b.permalink)}`,
      page: (page: number) => brandPagePath(b.permalink, page),
    })),
  ];
  const firstPages: string[] = [];
  const furtherPages: string[] = [];
  for (const listing of listings) {
    const { last_page: lastPage } = await json<ShopAnswer>(`/api/shop?page=1${listing.api}`);
    firstPages.push(listing.page(1));
    for (let page = 2; page <= lastPage; page++) furtherPages.push(listing.page(page));
  }
  const view = await app.catalog.view();
  const products = Array.from(view.list('newest', {}), (id) => {
    const entry = view.byId(id);
    return entry ? productPath(entry.permalink) : null;
  }).filter((url): url is string => url !== null);
  return ['/', '/brands', ...firstPages, ...products, ...furtherPages];
}

/**
 * Starts pre-rendering with `renderer` on `template` (the web build's index.html): a first pass now, then one
 * after every change. Never throws; a failed pass is logged and tried again.
 */
export function startPrerendering(
  app: FastifyInstance,
  renderer: PageRenderer,
  template: string,
): Prerenderer {
  let stopped = false;
  let prerendering = false;
  const stopping = new AbortController();

  /** What a pass covers: the settings, the catalog version and every product's row. */
  async function mark(): Promise<string | null> {
    const [view, settings] = await Promise.all([
      app.catalog.view().catch(() => null),
      app.storefrontSettings.read().catch(() => null),
    ]);
    return view && settings ? `${settings.stamp}|${settings.homeStamp}|${view.stamp()}` : null;
  }

  async function pass(): Promise<void> {
    const started = performance.now();
    const urls = await catalogPageUrls(app);
    let rendered = 0;
    let full = false;
    for (const url of urls) {
      if (stopped) return;
      if (renderer.cache.bytes >= renderer.cache.maxBytes * FILL_UP_TO) {
        full = true;
        break;
      }
      if (await renderer.prerender(template, url)) rendered++;
      // Requests that arrived during the render are served before the next page.
      await nextTurn();
    }
    if (rendered > 0)
      app.log.info(
        {
          rendered,
          pages: renderer.cache.size,
          megabytes: Math.round(renderer.cache.bytes / 1e5) / 10,
          seconds: Math.round(performance.now() - started) / 1000,
        },
        full
          ? `pre-rendered ${rendered} pages; the rendered-page cache is full (RENDERED_PAGES_MB), the rest are rendered when asked for`
          : `pre-rendered ${rendered} pages`,
      );
  }

  const loop = (async () => {
    let done: string | null = null;
    while (!stopped) {
      try {
        const now = await mark();
        if (now !== null && now !== done) {
          prerendering = true;
          await pass();
          done = now;
        }
      } catch (err) {
        app.log.warn({ err }, 'pre-rendering pass failed; trying again at the next check');
      } finally {
        prerendering = false;
      }
      await sleep(CHECK_EVERY_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    status: () => ({ pages: renderer.cache.size, bytes: renderer.cache.bytes, prerendering }),
    async stop() {
      stopped = true;
      stopping.abort();
      await loop;
    },
  };
}
