/** SPEC §2: products open at /product/{permalink}, encoded. */
export function productHref(permalink: string): string {
  return `/product/${encodeURIComponent(permalink)}`;
}

/** SPEC §2 Search results: /search-results?query={text}, with &page={n} for a given page. */
export function searchResultsHref(text: string, page?: number): string {
  const href = `/search-results?query=${encodeURIComponent(text)}`;
  return page === undefined ? href : `${href}&page=${page}`;
}
