/**
 * Content negotiation of the sitemap files (decision 0015): a browser opening `/sitemap.xml` says so with the
 * Fetch Metadata header `Sec-Fetch-Dest: document`, which current browsers send on every navigation and plain
 * HTTP fetchers (crawlers, curl, a script's fetch) do not; it gets the HTML page. Everyone else gets XML, and so
 * does anything that calls itself a bot, should a crawler built on a browser ever send the header.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The request header the answer depends on, for `Vary`. */
export const SITEMAP_VARY = 'Sec-Fetch-Dest';

const SELF_DECLARED_CRAWLER = /bot\b|crawl|spider|slurp|inspectiontool/i;

/** True when the request is a person's browser navigation that should see the sitemap as a page. */
export function wantsSitemapPage(headers: IncomingHttpHeaders): boolean {
  return headers['sec-fetch-dest'] === 'document' && !SELF_DECLARED_CRAWLER.test(headers['user-agent'] ?? '');
}
