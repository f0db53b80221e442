/**
 * Page-number lists of SPEC §2 and §9. Pure functions; `components/ui/pagination.tsx` renders them.
 */

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Products a shop or brand page asks for and shows (decision 0006: the SPEC asks for 20 and shows 15,
 * which would leave products 16-20 of every page unreachable).
 */
export const SHOP_PAGE_SIZE = 15;
/** Pagination shows as soon as there is a second page (SPEC §9 says above 16; see decision 0006). */
export const SHOP_PAGINATION_MIN_TOTAL = SHOP_PAGE_SIZE + 1;
/** SPEC §9: a window of 5 page numbers. */
export const SHOP_PAGE_WINDOW = 5;

/**
 * Shop and brand pages (SPEC §9): a window of 5 numbers around the current page (shifted at the ends),
 * plus the first and last pages with ellipses where numbers are skipped.
 * Example: page 6 of 12 -> 1 … 4 5 6 7 8 … 12.
 */
export function shopPageItems(current: number, last: number): PageItem[] {
  if (last <= 1) return [1];
  const page = Math.min(Math.max(1, current), last);
  const half = Math.floor(SHOP_PAGE_WINDOW / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(last, start + SHOP_PAGE_WINDOW - 1);
  start = Math.max(1, end - SHOP_PAGE_WINDOW + 1);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < last - 1) items.push('ellipsis-end');
  if (end < last) items.push(last);
  return items;
}

/**
 * Search results (SPEC §2): every number when there are 5 pages or fewer; otherwise the first, the last,
 * the current page and its neighbours, with ellipses. Example: page 5 of 9 -> 1 … 4 5 6 … 9.
 */
export function searchPageItems(current: number, last: number): PageItem[] {
  if (last <= 5) return Array.from({ length: Math.max(1, last) }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), last);
  const shown = new Set([1, last, page - 1, page, page + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) items.push(prev === 1 ? 'ellipsis-start' : 'ellipsis-end');
    items.push(p);
  });
  return items;
}
