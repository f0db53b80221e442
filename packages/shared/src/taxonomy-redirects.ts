/**
 * Where a listing address goes when a category, child category or brand it names was renamed or retired (issue 36
 * §2, decision 0050). One rule for the server's 301 on a page address (`/shop?category=old` →
 * `/shop?category=new`) and for the shop answer's `moved`, which the web app follows with a replace navigation.
 *
 * - renamed (an old sku or permalink of a live row): the parameter takes the row's current value;
 * - retired category: the parameter is dropped (the whole shop); a child category of it is dropped too;
 * - retired child category: dropped, and its live parent category takes its place when the address names none;
 * - retired brand: dropped on the shop; a brand page (`/brand`) goes to the brands page instead.
 *
 * Dropping a filter changes the page count, so the page goes back to 1. Every other parameter stays as written.
 */

/** The listing parameters that name a row of the taxonomy, in the order addresses write them. */
export const TAXONOMY_PARAMS = ['category', 'child_category', 'brand'] as const;
export type TaxonomyParam = (typeof TAXONOMY_PARAMS)[number];

/** What became of a value a listing address names: moved to another value, or retired. */
export type TaxonomyFate =
  | { moved: string }
  /** Retired; for a child category, its category's current sku when that one is live. */
  | { retired: true; parentCategory?: string | undefined };

/**
 * New values of the taxonomy parameters of an address: a string where the value moved, null where it must be
 * dropped. Parameters left out are unchanged.
 */
export type TaxonomyChanges = Partial<Record<TaxonomyParam, string | null>>;

/**
 * The changes an address's taxonomy parameters need, or null when none does. `fate` answers null for a value that
 * is live (or unknown: an unknown value is not redirected, it lists nothing as before).
 */
export function taxonomyChanges(
  values: Partial<Record<TaxonomyParam, string | undefined>>,
  fate: (param: TaxonomyParam, value: string) => TaxonomyFate | null,
): TaxonomyChanges | null {
  const changes: TaxonomyChanges = {};
  let any = false;
  for (const param of TAXONOMY_PARAMS) {
    const value = values[param];
    if (!value) continue;
    const f = fate(param, value);
    if (!f) continue;
    any = true;
    if ('moved' in f) changes[param] = f.moved;
    else {
      changes[param] = null;
      if (param === 'child_category' && f.parentCategory && !values.category)
        changes.category = f.parentCategory;
    }
  }
  return any ? changes : null;
}

/** The brands page, where a retired brand's page goes. */
const BRANDS_PAGE = '/brands';

/**
 * The address `pathname?search` with `changes` applied (see the module comment). Returns a path with its query,
 * e.g. `/shop?page=1&category=brake-parts&sort=price_asc`.
 */
export function applyTaxonomyChanges(
  pathname: string,
  search: URLSearchParams,
  changes: TaxonomyChanges,
): string {
  if (pathname === '/brand' && changes.brand === null) return BRANDS_PAGE;
  const next = new URLSearchParams(search);
  let dropped = false;
  for (const param of TAXONOMY_PARAMS) {
    const value = changes[param];
    if (value === undefined) continue;
    if (value === null) {
      next.delete(param);
      dropped = true;
    } else if (next.has(param)) next.set(param, value);
    else {
      // A parent category in place of a retired child: written where the shop writes it, after the page.
      const rest = [...next.entries()].filter(([name]) => name !== 'page');
      const page = next.get('page');
      for (const name of [...next.keys()]) next.delete(name);
      if (page !== null) next.set('page', page);
      next.set(param, value);
      for (const [name, v] of rest) next.append(name, v);
    }
  }
  if (dropped && next.has('page')) next.set('page', '1');
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
