/** SPEC §2: a brand's products are at /brand?page=1&brand={permalink}; without a brand, all brands. */
export function brandPagePath(permalink: string | undefined, page = 1): string {
  const params = new URLSearchParams({ page: String(page) });
  if (permalink) params.set('brand', permalink);
  return `/brand?${params.toString()}`;
}
