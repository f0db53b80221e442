/**
 * Catalog answers from a view (SPEC §7 /products/{sku}, /shop, /latest-products, /virtual-products, /categories,
 * /search-product; issue 13): the JSON text each call answers, put together from the products' JSON built once per
 * snapshot, with an ETag that changes whenever what it shows changes. The database is read only for products whose
 * JSON the working set does not hold (decision 0077), one query a page; the cost of a page does not grow with the
 * catalog.
 */
import type { SearchQuery, ShopQuery } from '@store/shared/catalog-query';
import { taxonomyChanges, type TaxonomyChanges } from '@store/shared/taxonomy-redirects';
import type { CatalogTaxonomy } from './catalog-snapshot';
import type { CatalogEntry } from './catalog-snapshot';
import type { CatalogView } from './catalog-view';
import type { BestSellers } from './best-sellers';
import { BEST_SELLERS_DAYS } from '@store/shared/best-sellers';
import type { IdWindow, ListingFilter } from './listing-filter';
import { pageBuffers, type PageBuffer } from './page-buffers';

/**
 * A ready answer: UTF-8 JSON (the products' bytes joined, never re-encoded) and its weak ETag. A page built from
 * the products is in a reused buffer (`page`, decision 0099): whoever receives the answer holds it and calls
 * `release` once done with `json` (sendJsonAnswer does, once the response is sent); one that never does only
 * leaves the buffer to the garbage collector.
 */
export interface JsonAnswer {
  json: Buffer;
  etag: string;
  page?: PageBuffer | undefined;
  release?: (() => void) | undefined;
}

/** A page's bytes, with their buffer and the receiver's release when pooled. */
type PageBytes = Pick<JsonAnswer, 'json' | 'page' | 'release'>;

/** Featured products the home carousel shows (SPEC §2). */
const FEATURED_LIMIT = 24;

function listingEtag(view: CatalogView, kind: string): string {
  return `W/"${kind}${view.stamp()}"`;
}

/** `,` as a byte. */
const COMMA = 0x2c;

/**
 * A product's JSON, with its `fitment` for `vehicleId` when one was asked for: the stored bytes up to their
 * closing brace, then the field (decision 0032).
 */
function productJson(
  view: CatalogView,
  e: CatalogEntry,
  json: Buffer,
  vehicleId: number | undefined,
): Buffer[] {
  if (vehicleId === undefined) return [json];
  return [json.subarray(0, json.length - 1), view.fitments.fitmentTail(vehicleId, e.id, e.universalFit)];
}

/**
 * `before`, the products of `ids` as a JSON array, then `after`: one buffer, sized first and then filled, so a page
 * costs a copy of each product's bytes (issue 15 §7: the page build was a sixth of a listing's CPU at 100,000
 * products) and a buffer from the page pool (decision 0099). A product the database no longer shows (archived since
 * the view was built) is left out.
 */
async function withProducts(
  view: CatalogView,
  before: string,
  ids: Int32Array,
  after: string,
  vehicleId?: number,
): Promise<PageBytes> {
  const head = `${before}[`;
  const tail = `]${after}`;
  const tailsOf = vehicleId === undefined ? undefined : view.fitments.fitmentTails(vehicleId);
  const listed: CatalogEntry[] = [];
  for (let i = 0; i < ids.length; i++) {
    const e = view.byId(ids[i] as number);
    if (e) listed.push(e);
  }
  const jsonOf = await view.jsons.jsonsOf(listed);
  const entries: CatalogEntry[] = [];
  const jsons: Buffer[] = [];
  const fitments: Buffer[] = [];
  let length = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; i < listed.length; i++) {
    const e = listed[i] as CatalogEntry;
    const json = jsonOf[i];
    if (json === undefined) continue;
    if (entries.length > 0) length++;
    entries.push(e);
    jsons.push(json);
    if (tailsOf === undefined) length += json.length;
    else {
      const fitment = tailsOf(e.id, e.universalFit);
      fitments.push(fitment);
      length += json.length - 1 + fitment.length;
    }
  }
  // `set` rather than `copy`: Node 20's `copy` makes a view per call, which cost more than the bytes.
  const { page, release } = pageBuffers.take(length);
  const out = page.bytes;
  let at = out.write(head, 0);
  for (let k = 0; k < entries.length; k++) {
    const json = jsons[k] as Buffer;
    if (k > 0) out[at++] = COMMA;
    out.set(json, at);
    at += json.length;
    if (tailsOf !== undefined) {
      // Over the product's closing brace.
      const fitment = fitments[k] as Buffer;
      out.set(fitment, at - 1);
      at += fitment.length - 1;
    }
  }
  out.write(tail, at);
  return { json: out, page, release };
}

/** The ids [from, from + perPage) of page `page`. */
const pageRange = (page: number, perPage: number): [number, number] => [(page - 1) * perPage, page * perPage];

/** `{"data":[...page...],"total":…,"last_page":…,"current_page":…,"per_page":…` + `after` + `}`. */
function pageJson(
  view: CatalogView,
  window: IdWindow,
  page: number,
  perPage: number,
  after: string,
  vehicleId: number | undefined,
): Promise<PageBytes> {
  const { total } = window;
  const paging = `,"total":${total},"last_page":${Math.max(1, Math.ceil(total / perPage))},"current_page":${page},"per_page":${perPage}`;
  return withProducts(view, '{"data":', window.ids, `${paging}${after}}`, vehicleId);
}

function priceAndStock(q: {
  min_price?: number | undefined;
  max_price?: number | undefined;
  in_stock?: boolean | undefined;
}): ListingFilter {
  return {
    ...(q.min_price !== undefined ? { minCents: q.min_price } : {}),
    ...(q.max_price !== undefined ? { maxCents: q.max_price } : {}),
    ...(q.in_stock ? { inStock: true } : {}),
  };
}

/** The vehicle a listing is narrowed to: none with `all_parts` (which still badges every product). */
const narrowedTo = (q: { vehicle?: number | undefined; all_parts?: boolean | undefined }) =>
  q.all_parts ? undefined : q.vehicle;

/** Etag kinds differ per vehicle: the same listing for another vehicle is another answer. */
const forVehicle = (kind: string, vehicleId: number | undefined) =>
  vehicleId === undefined ? kind : `${kind}v${vehicleId}-`;

/**
 * The vehicle a query names, checked against the view's vehicle list. Throws UnknownVehicleError for an id the
 * list does not have.
 */
function checkedVehicle(view: CatalogView, vehicleId: number | undefined): number | undefined {
  if (vehicleId !== undefined && !view.fitments.hasVehicle(vehicleId))
    throw new UnknownVehicleError(vehicleId);
  return vehicleId;
}

/** A `vehicle=` naming no vehicle of the store's list. */
export class UnknownVehicleError extends Error {
  constructor(readonly vehicleId: number) {
    super(`There is no vehicle ${vehicleId} in the store's vehicle list; choose one with GET /api/vehicles`);
  }
}

const DATA_OPEN = Buffer.from('{"data":');
const CLOSE = Buffer.from('}');

/**
 * SPEC §7 /products/{sku}: by SKU (any case), else permalink; null when there is none. With `vehicleId`, the
 * product carries its `fitment` for that vehicle (throws UnknownVehicleError for an unknown one).
 */
export async function productAnswer(
  view: CatalogView,
  skuOrPermalink: string,
  vehicleId?: number,
): Promise<JsonAnswer | null> {
  const vehicle = checkedVehicle(view, vehicleId);
  const e = view.find(skuOrPermalink);
  if (!e) return null;
  const [json] = await view.jsons.jsonsOf([e]);
  if (json === undefined) return null;
  return {
    json: Buffer.concat([DATA_OPEN, ...productJson(view, e, json, vehicle), CLOSE]),
    etag: `W/"p${forVehicle('', vehicle)}${e.id}-${e.changedMs.toString(36)}-${view.version}"`,
  };
}

/** SPEC §3 categories with their children. */
export function categoriesAnswer(view: CatalogView): JsonAnswer {
  return { json: view.categoriesJson, etag: listingEtag(view, 'c') };
}

/** SPEC §7 /latest-products: the newest `limit`; with `vehicleId`, those that fit it (issue 15 §4). */
export async function latestAnswer(
  view: CatalogView,
  limit: number,
  vehicleId?: number,
): Promise<JsonAnswer> {
  const vehicle = checkedVehicle(view, vehicleId);
  const { ids } = view.listWindow('newest', {}, vehicle, 0, limit);
  return {
    ...(await withProducts(view, '{"data":{"data":', ids, '}}', vehicle)),
    etag: listingEtag(view, forVehicle('n', vehicle)),
  };
}

/**
 * SPEC §7 /virtual-products: the featured products, those of `order` (product ids, the owner's order from the
 * back office, issue 36 §2) first in that order, then the rest newest first; at most `FEATURED_LIMIT`.
 */
export async function featuredAnswer(view: CatalogView, order: readonly number[] = []): Promise<JsonAnswer> {
  const { ids: newest } = view.listWindow(
    'newest',
    { featured: true },
    undefined,
    0,
    Number.MAX_SAFE_INTEGER,
  );
  let ids = newest.subarray(0, FEATURED_LIMIT);
  if (order.length > 0) {
    const rank = new Map(order.map((id, i) => [id, i]));
    const sorted = Array.from(newest).sort(
      (a, b) => (rank.get(a) ?? order.length) - (rank.get(b) ?? order.length),
    );
    ids = Int32Array.from(sorted.slice(0, FEATURED_LIMIT));
  }
  return {
    ...(await withProducts(view, '{"data":', ids, '}')),
    etag: `W/"f${view.stamp()}${order.length ? `-${order.join('.')}` : ''}"`,
  };
}

/**
 * `GET /api/best-selling-products` (issue 37 §4): the ranking's products that the view still shows, best first;
 * the featured products (in the owner's `featuredOrder`) when the ranking is 'featured' or none of its products is
 * shown any more.
 */
export async function bestSellersAnswer(
  view: CatalogView,
  ranking: BestSellers,
  featuredOrder: readonly number[] = [],
): Promise<JsonAnswer> {
  const shown = ranking.ids.filter((id) => view.byId(id) !== undefined);
  const days = `,"days":${BEST_SELLERS_DAYS}`;
  if (ranking.basis === 'sales' && shown.length > 0) {
    return {
      ...(await withProducts(view, '{"data":', Int32Array.from(shown), `,"basis":"sales"${days}}`)),
      etag: `W/"b${view.stamp()}-${shown.join('.')}"`,
    };
  }
  const featured = await featuredAnswer(view, featuredOrder);
  const json = featured.json.toString('utf8');
  featured.release?.();
  return {
    json: Buffer.from(`${json.slice(0, -1)},"basis":"featured"${days}}`),
    etag: featured.etag.replace('W/"f', 'W/"bf'),
  };
}

/**
 * SPEC §7 /shop: one page, filtered by category (sku or permalink), child category sku and brand permalink, all
 * optional and combined with AND, plus issue 13's sort, price range and in stock only. A filter naming nothing
 * matches no products; `filters` says what each one matched, for the 'Search Results for' heading. With
 * `vehicle`, only parts that fit it or every vehicle, each with its `fitment` (issue 15 §4; throws
 * UnknownVehicleError for an unknown vehicle).
 */
export async function shopAnswer(view: CatalogView, q: ShopQuery): Promise<JsonAnswer> {
  const vehicle = checkedVehicle(view, q.vehicle);
  const { categoryByKey, childByKey, brandByKey } = view.taxonomy;
  const category = q.category ? categoryByKey.get(q.category) : undefined;
  const child = q.child_category ? childByKey.get(q.child_category) : undefined;
  const brand = q.brand ? brandByKey.get(q.brand) : undefined;
  const impossible =
    (q.category !== undefined && !category) ||
    (q.child_category !== undefined && !child) ||
    (q.brand !== undefined && !brand);
  const filters = {
    category: category ? { sku: category.sku, title: category.title } : null,
    child_category: child ? { child_sku: child.sku, child_title: child.title } : null,
    brand: brand ? { permalink: brand.permalink, title: brand.title } : null,
  };
  const moved = movedFilters(view.taxonomy, q);
  const [from, to] = pageRange(q.page, q.pagination);
  const window = impossible
    ? { total: 0, ids: new Int32Array(0) }
    : view.listWindow(
        q.sort,
        {
          ...(category ? { categoryId: category.id } : {}),
          ...(child ? { childCategoryId: child.id } : {}),
          ...(brand ? { brandId: brand.id } : {}),
          ...priceAndStock(q),
        },
        narrowedTo(q),
        from,
        to,
      );
  return {
    ...(await pageJson(
      view,
      window,
      q.page,
      q.pagination,
      `,"filters":${JSON.stringify(filters)}${moved ? `,"moved":${JSON.stringify(moved)}` : ''}`,
      vehicle,
    )),
    etag: listingEtag(view, forVehicle(q.all_parts ? 'sa' : 's', vehicle)),
  };
}

/**
 * Where the category, child category and brand a listing names went, when one of them was renamed or retired
 * (decision 0050); null when each is live or unknown.
 */
export function movedFilters(
  taxonomy: CatalogTaxonomy,
  values: { category?: string | undefined; child_category?: string | undefined; brand?: string | undefined },
): TaxonomyChanges | null {
  return taxonomyChanges(values, (param, value) => taxonomy.fates[param].get(value) ?? null);
}

/**
 * SPEC §7 /search-product: ranked search (decision 0020) with issue 13's sort, price range and in stock only.
 * `corrected_query` says which words were searched for when the spelling correction found something; `suggestions`
 * (issue 37 §4), when nothing was found, the searches the shopper may have meant. `vehicle` as for the shop.
 */
export async function searchAnswer(view: CatalogView, q: SearchQuery): Promise<JsonAnswer> {
  const vehicle = checkedVehicle(view, q.vehicle);
  const text = q.search.trim().slice(0, 100);
  const [from, to] = pageRange(q.page, q.pagination);
  const hits = view.searchWindow(text, q.sort, priceAndStock(q), narrowedTo(q), from, to);
  const corrected =
    hits.corrected !== undefined && hits.total > 0
      ? `,"corrected_query":${JSON.stringify(hits.corrected)}`
      : '';
  // Issue 37 §4: nothing found, so what the shopper may have meant, each finding something as this search was made.
  const suggestions =
    hits.total === 0 && text !== ''
      ? view.suggest(text, (term) => view.searchFinds(term, priceAndStock(q), narrowedTo(q)))
      : [];
  const after = `${corrected}${suggestions.length > 0 ? `,"suggestions":${JSON.stringify(suggestions)}` : ''}`;
  return {
    ...(await pageJson(view, hits, q.page, q.pagination, after, vehicle)),
    etag: listingEtag(view, forVehicle(q.all_parts ? 'qa' : 'q', vehicle)),
  };
}
