/** Titles of SPEC §2 pages that later issues build; until then each says so instead of a 404. */
export const PENDING_PAGE_TITLES: Record<string, string> = {
  '/sitemap.xml': 'Sitemap',
  '/product-sitemap.xml': 'PRODUCT-SITEMAP Sitemap',
  '/category-sitemap.xml': 'CATEGORY-SITEMAP Sitemap',
  '/child-category-sitemap.xml': 'CHILD-CATEGORY-SITEMAP Sitemap',
  '/brand-sitemap.xml': 'BRAND-SITEMAP Sitemap',
  '/other-sitemap.xml': 'OTHER-SITEMAP Sitemap',
};

export const PENDING_PATHS = Object.keys(PENDING_PAGE_TITLES);
