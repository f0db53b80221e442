/**
 * The SPA's route table (SPEC §2, declared in paths.ts) as the server matches it, and the odd links it keeps as
 * aliases (DESIGN §7). The server answers index.html for these paths and redirects the aliases; the web router
 * takes its paths from the same table.
 */

import { PAGES } from './paths';

/** Route patterns of SPEC §2 (the page table, paths.ts `PAGES`); `:name` matches one path segment. */
export const SPA_ROUTES: readonly string[] = Object.values(PAGES).map((page) => page.path);

/** Links the SPEC uses that differ from its route table; each redirects to its canonical route. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/forgot-password': '/forget-password',
  '/editorial-guideline': '/editorial-guidelines',
  '/shipping-option': '/shipping-policy',
};

/** The route table as regular expressions, built on first use (so the web bundle, which needs none, drops it). */
let routeRegexes: RegExp[] | undefined;

/** A route pattern as a regular expression for a URL path (no query); a trailing slash is allowed. */
export function routeRegex(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('/')
      .map((seg) =>
        seg.startsWith(':')
          ? seg.endsWith('.xml')
            ? '[^/]+\\.xml'
            : '[^/]+'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );
}

/** True when a URL path (no query) is one of the SPA's routes. */
export function isSpaRoute(pathname: string): boolean {
  routeRegexes ??= SPA_ROUTES.map(routeRegex);
  return routeRegexes.some((re) => re.test(pathname));
}
