/**
 * Sitemaps (SPEC §2 "Sitemap index page" and "Sitemap detail page", §3 Sitemap entry, §7 /sitemap-map and
 * /sitemap.xml): the five kinds of URL the store lists for crawlers, the names of their files, the static pages
 * a crawler should see, and the shape of GET /api/sitemap-map. Pure, no I/O (decision 0015).
 */
import { z } from 'zod';

/** sitemaps.org: a sitemap file holds at most 50,000 URLs; a kind with more is split over several files. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** The kinds, in the order of the index page (SPEC §2). */
export const SITEMAP_KINDS = ['product', 'category', 'child_category', 'brand', 'other'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The groups of GET /api/sitemap-map, as SPEC §3 names them. */
export const SITEMAP_MAP_GROUPS = [
  'Product',
  'Category',
  'Child Categories',
  'Brand',
  'Other Pages',
] as const;
export type SitemapMapGroup = (typeof SITEMAP_MAP_GROUPS)[number];

export interface SitemapKindInfo {
  /** The SPEC's folder name: the file is `/{folder}.xml`, its page title `{FOLDER} Sitemap`. */
  folder: string;
  /** The kind's name on the index page. */
  title: string;
  /** Its group in GET /api/sitemap-map. */
  group: SitemapMapGroup;
}

export const SITEMAP_KIND_INFO: Readonly<Record<SitemapKind, SitemapKindInfo>> = {
  product: { folder: 'product-sitemap', title: 'Product', group: 'Product' },
  category: { folder: 'category-sitemap', title: 'Category', group: 'Category' },
  child_category: { folder: 'child-category-sitemap', title: 'Child Category', group: 'Child Categories' },
  brand: { folder: 'brand-sitemap', title: 'Brand', group: 'Brand' },
  other: { folder: 'other-sitemap', title: 'Other Pages', group: 'Other Pages' },
};

/**
 * The folder name of a kind's `part`-th file (1-based): the first keeps the SPEC's name (`product-sitemap`),
 * later ones add `-2`, `-3` ... (`product-sitemap-2`, served as `/product-sitemap-2.xml`).
 */
export function sitemapFolderName(kind: SitemapKind, part: number): string {
  const { folder } = SITEMAP_KIND_INFO[kind];
  return part === 1 ? folder : `${folder}-${part}`;
}

/**
 * Reads a folder name (the path without `/` and `.xml`) back into its kind and part; null for any other
 * name, which SPEC §2 answers with an empty list. `product-sitemap-1` and `product-sitemap-02` are not names
 * this store gives, so they are null too.
 */
export function parseSitemapFolderName(name: string): { kind: SitemapKind; part: number } | null {
  for (const kind of SITEMAP_KINDS) {
    const { folder } = SITEMAP_KIND_INFO[kind];
    if (name === folder) return { kind, part: 1 };
    if (name.startsWith(`${folder}-`)) {
      const rest = name.slice(folder.length + 1);
      if (/^[1-9]\d{0,5}$/.test(rest) && Number(rest) >= 2) return { kind, part: Number(rest) };
    }
  }
  return null;
}

/**
 * Where a static page's last-modified date comes from: `catalog` pages (home, shop, brands, best selling)
 * change with the catalog, so they take its newest change; `text` pages take STATIC_PAGES_LASTMOD.
 */
export type StaticPageSource = 'catalog' | 'text';

/**
 * The SPA pages of SPEC §2 that a crawler should see (the 'other' kind): never cart, checkout, payment,
 * account, order-tracking or thank-you pages (robots.txt disallows those), nor search results, 404s or the
 * sitemap pages themselves. Paths are routes of `routes.ts` (a test checks it).
 */
export const SITEMAP_STATIC_PAGES: readonly { path: string; source: StaticPageSource }[] = [
  { path: '/', source: 'catalog' },
  { path: '/shop', source: 'catalog' },
  { path: '/brands', source: 'catalog' },
  { path: '/best-selling', source: 'catalog' },
  { path: '/about-us', source: 'text' },
  { path: '/contact-us', source: 'text' },
  { path: '/return-order', source: 'text' },
  { path: '/faqs', source: 'text' },
  { path: '/feedback', source: 'text' },
  { path: '/privacy-and-policy', source: 'text' },
  { path: '/shipping-policy', source: 'text' },
  { path: '/return-policy', source: 'text' },
  { path: '/warranty', source: 'text' },
  { path: '/terms-conditions', source: 'text' },
  { path: '/editorial-guidelines', source: 'text' },
];

/**
 * Last-modified date (W3C date) of the `text` pages, whose words live in the web app's code, not the database.
 * Bump it in the change that edits the text of one of those pages.
 */
export const STATIC_PAGES_LASTMOD = '2026-11-27';

/** One URL of GET /api/sitemap-map (SPEC §3: url, lastModified). */
export const sitemapMapEntrySchema = z.object({
  url: z
    .string()
    .describe('Absolute URL on PUBLIC_BASE_URL, e.g. https://shop.example.com.au/product/h4-globe'),
  lastModified: z
    .string()
    .describe('W3C date-time in UTC (2026-11-25T02:33:12Z) or W3C date (2026-11-25) for text pages'),
});
export type SitemapMapEntry = z.infer<typeof sitemapMapEntrySchema>;

/** GET /api/sitemap-map (SPEC §7 "grouped urls"): every URL of the sitemaps, under SPEC §3's group names. */
export const sitemapMapSchema = z.object({
  Product: z.array(sitemapMapEntrySchema),
  Category: z.array(sitemapMapEntrySchema),
  'Child Categories': z.array(sitemapMapEntrySchema),
  Brand: z.array(sitemapMapEntrySchema),
  'Other Pages': z.array(sitemapMapEntrySchema),
});
export type SitemapMap = z.infer<typeof sitemapMapSchema>;
