/**
 * Sitemap XML as crawlers read it (sitemaps.org protocol 0.9; decision 0015): a `<urlset>` of `<url>` with
 * `<loc>` and `<lastmod>`, and a `<sitemapindex>` of `<sitemap>` with `<loc>` and `<lastmod>`. Written as
 * strings with every value entity-escaped: 50,000 entries are one array join, with nothing to configure.
 */
import { escapeMarkup } from './escape-markup';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export interface SitemapXmlEntry {
  /** Absolute URL. */
  loc: string;
  /** W3C date-time or date; left out when null. */
  lastmod: string | null;
}

function entry(tag: 'url' | 'sitemap', e: SitemapXmlEntry): string {
  const lastmod = e.lastmod === null ? '' : `<lastmod>${escapeMarkup(e.lastmod)}</lastmod>`;
  return `<${tag}><loc>${escapeMarkup(e.loc)}</loc>${lastmod}</${tag}>\n`;
}

/**
 * A `<urlset>` document. With no entries it is `<urlset/>`'s empty list (SPEC §2), which the sitemaps.org
 * schema does not accept as a sitemap: the index never lists an empty file.
 */
export function renderUrlsetXml(urls: readonly SitemapXmlEntry[]): string {
  const parts = [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">\n`];
  for (const u of urls) parts.push(entry('url', u));
  parts.push('</urlset>\n');
  return parts.join('');
}

/** A `<sitemapindex>` document listing sitemap files by absolute URL. */
export function renderSitemapIndexXml(files: readonly SitemapXmlEntry[]): string {
  const parts = [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`];
  for (const f of files) parts.push(entry('sitemap', f));
  parts.push('</sitemapindex>\n');
  return parts.join('');
}
