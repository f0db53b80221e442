/** /search-results?query= (SPEC §2 Search results). Placeholder until the storefront lands. */
export function SearchResultsRoute() {
  return (
    <div className="container page">
      <h1>Search results</h1>
    </div>
  );
}
