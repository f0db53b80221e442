import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, useSearchProducts } from '@/features/search/api/search-products';
import { searchResultsHref } from '@/features/search/search-links';
import { SEARCH_MESSAGES } from '@/features/search/hooks/use-debounced-search';
import { usePageTitle } from '@/features/store/hooks/use-page-title';
import { searchPageItems } from '@/lib/pagination';
import '@/features/search/components/search-results.css';

/** SPEC §2 Search results messages. */
export const NO_RESULTS = 'No results found.';
export const SEARCH_ERROR = 'Error fetching search results';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /search-results?query={text}&page={n} (SPEC §2 Search results): 15 product cards a page, the page links
 * of SPEC §2, 'No results found.' and 'Error fetching search results'. A new page starts at the top
 * (the root layout scrolls on every query change).
 */
export function SearchResultsRoute() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const page = pageFrom(params.get('page'));
  const searchable = query.length >= SEARCH_MIN_CHARS;
  const results = useSearchProducts(query, page);
  usePageTitle(query ? `Search results for “${query}”` : 'Search results');

  const answer = results.data;
  const corrected = answer?.corrected_query?.trim();
  const loading = searchable && results.isPending;

  return (
    <div className="container page search-results">
      <header className="search-results__head">
        <h1 className="section-title">{query ? `Search results for “${query}”` : 'Search results'}</h1>
        {answer && !results.isError && (
          <p className="search-results__summary" role="status">
            {corrected && corrected.toLowerCase() !== query.toLowerCase() && (
              <>
                Showing results for “<strong>{corrected}</strong>”.{' '}
              </>
            )}
            {answer.total === 1 ? 'There is 1 product.' : `There are ${answer.total} products.`}
          </p>
        )}
      </header>

      {!searchable ? (
        <p className="notice">{SEARCH_MESSAGES.tooShort}</p>
      ) : loading ? (
        <>
          <p className="visually-hidden" role="status">
            Loading search results…
          </p>
          <ProductGridSkeleton count={10} />
        </>
      ) : results.isError ? (
        <div className="notice notice--error" role="alert">
          <p>{SEARCH_ERROR}</p>
          <button type="button" className="button" onClick={() => void results.refetch()}>
            Try again
          </button>
        </div>
      ) : !answer || answer.data.length === 0 ? (
        <p className="notice">{NO_RESULTS}</p>
      ) : (
        <div aria-busy={results.isPlaceholderData}>
          <ProductGrid products={answer.data.slice(0, SEARCH_PAGE_SIZE)} cardHeadingLevel={2} />
        </div>
      )}

      {searchable && answer && !results.isError && answer.last_page > 1 && (
        <Pagination
          items={searchPageItems(page, answer.last_page)}
          current={page}
          hrefFor={(p) => searchResultsHref(query, p)}
          label="Pages of search results"
        />
      )}
    </div>
  );
}
