import { searchResultsPath } from '@store/shared/paths';
import { SEARCH_SORTS } from '@store/shared/listing-sorts';
import { Link, useSearchParams } from 'react-router';
import { ListingControls } from '@/components/ui/listing-controls';
import { ListingErrorActions } from '@/components/ui/listing-error';
import {
  allPartsShown,
  hasListingFilters,
  readListingQuery,
  withoutFilters,
  type ListingQuery,
} from '@/components/ui/listing-query';
import { Pagination } from '@/components/ui/pagination';
import { FittingNotice } from '@/components/fitting-notice';
import { useCurrentVehicle } from '@/stores/garage-store';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import {
  SEARCH_MIN_CHARS,
  SEARCH_PAGE_SIZE,
  searchProductsQueryOptions,
  useSearchProducts,
} from '@/features/search/api/search-products';
import { SEARCH_MESSAGES } from '@/features/search/hooks/use-debounced-search';
import { listingDescription } from '@/features/catalog/shop-search';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { storeName } from '@/hooks/use-store-head';
import { searchPageItems } from '@/lib/pagination';
import { makesQueryOptions } from '@/lib/api/vehicle-options';
import type { RoutePrefetch } from '../route-prefetch';
import { SearchNoResults } from './search-no-results';
import '@/features/search/components/search-results.css';

/** SPEC §2 Search results messages. */
export const NO_RESULTS = 'No results found.';
export const SEARCH_ERROR = 'Error fetching search results';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Search's default order, its ranking (SEARCH_SORTS' first): left out of the address. */
const DEFAULT_SORT = SEARCH_SORTS[0];

/** The search the address asks for (for the shopper's vehicle), when it is long enough to be asked. */
export const prefetch: RoutePrefetch = async ({ queryClient, searchParams, vehicleId }) => {
  const query = (searchParams.get('query') ?? '').trim();
  if (query.length < SEARCH_MIN_CHARS) return;
  const listing = readListingQuery(searchParams);
  const options = searchProductsQueryOptions(query, pageFrom(searchParams.get('page')), listing, vehicleId);
  await queryClient.prefetchQuery(options);
  // Nothing found: the page offers the vehicle selector (issue 37 §4), rendered with its makes.
  if (queryClient.getQueryData(options.queryKey)?.total === 0)
    await queryClient.prefetchQuery(makesQueryOptions());
};

/**
 * /search-results?query={text}&page={n}&sort&min_price&max_price&in_stock (SPEC §2 Search results; the sort and
 * filters of issue 13): 15 product cards a page, the page links of SPEC §2, 'No results found.' and 'Error
 * fetching search results'. A new page starts at the top (the root layout scrolls on every query change).
 */
export function SearchResultsRoute() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const page = pageFrom(params.get('page'));
  const listing = readListingQuery(params);
  const searchable = query.length >= SEARCH_MIN_CHARS;
  const vehicle = useCurrentVehicle();
  const results = useSearchProducts(query, page, listing, vehicle?.vehicle_id);
  // A change of sort or filter goes back to page 1 (no page in the address) and keeps the search.
  const listingHref = (next: ListingQuery) => searchResultsPath(query, undefined, next);
  usePageTitle(query ? `Search results for “${query}”` : 'Search results');

  const answer = results.data;
  const config = useStoreConfig();
  useMetaDescription(
    answer && query
      ? listingDescription(`Search results for “${query}”`, answer.total, storeName(config.data))
      : '',
  );
  const corrected = answer?.corrected_query?.trim();
  const loading = searchable && results.isPending;

  const heading = (
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
  );

  return (
    <div className="container page search-results">
      {searchable ? (
        <ListingControls
          sorts={SEARCH_SORTS}
          defaultSort={DEFAULT_SORT}
          query={listing}
          hrefFor={listingHref}
          head={heading}
        />
      ) : (
        heading
      )}
      {searchable && (
        <FittingNotice
          vehicle={vehicle}
          allParts={allPartsShown(listing)}
          showAllHref={listingHref({ ...listing, all_parts: '1' })}
          onlyFittingHref={listingHref({ ...listing, all_parts: undefined })}
        />
      )}

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
          <ListingErrorActions
            showMessage
            error={results.error}
            clearHref={listingHref({})}
            onRetry={() => void results.refetch()}
          />
        </div>
      ) : !answer || answer.data.length === 0 ? (
        hasListingFilters(listing) ? (
          <div className="notice">
            <p>{NO_RESULTS}</p>
            <p>Nothing found matches this price range or stock filter. Try a wider range.</p>
            <Link className="button" to={listingHref(withoutFilters(listing))}>
              Clear price and stock filters
            </Link>
          </div>
        ) : (
          <>
            <p className="notice">{NO_RESULTS}</p>
            <SearchNoResults query={query} suggestions={answer?.suggestions} />
          </>
        )
      ) : (
        <div aria-busy={results.isPlaceholderData}>
          <ProductGrid products={answer.data.slice(0, SEARCH_PAGE_SIZE)} cardHeadingLevel={2} />
        </div>
      )}

      {searchable && answer && !results.isError && answer.last_page > 1 && (
        <Pagination
          items={searchPageItems(page, answer.last_page)}
          current={page}
          hrefFor={(p) => searchResultsPath(query, p, listing)}
          label="Pages of search results"
        />
      )}
    </div>
  );
}
