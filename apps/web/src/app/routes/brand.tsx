import { brandPagePath } from '@store/shared/paths';
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
import { SHOP_SORTS } from '@store/shared/listing-sorts';
import { Pagination } from '@/components/ui/pagination';
import { FittingNotice } from '@/components/fitting-notice';
import { useCurrentVehicle } from '@/stores/garage-store';
import type { ShopAnswer } from '@store/shared/catalog-answers';
import {
  shopProductsQueryOptions,
  useShopProducts,
  type ShopParams,
} from '@/features/catalog/api/get-shop-products';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { useMovedListing } from '@/features/catalog/hooks/use-moved-listing';
import { listingDescription } from '@/features/catalog/shop-search';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { storeName } from '@/hooks/use-store-head';
import { SHOP_PAGINATION_MIN_TOTAL, shopPageItems } from '@/lib/pagination';
import type { RoutePrefetch } from '../route-prefetch';
import '@/features/brands/components/brands.css';

/** SPEC §9: at most 15 products a page (decision 0006). */
export const BRAND_PAGE_SHOWN = 15;

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The shop's default order (SHOP_SORTS' first): left out of the address. */
const DEFAULT_SORT = SHOP_SORTS[0];

/** The shop's parameters of a brand page's address: its page, brand and listing query. */
function brandShopParams(params: URLSearchParams): ShopParams {
  return {
    page: pageNumber(params.get('page')),
    brand: params.get('brand')?.trim() || undefined,
    ...readListingQuery(params),
  };
}

/** The brand's page of products (for the shopper's vehicle), as BrandRoute asks for it. */
export const prefetch: RoutePrefetch = ({ queryClient, searchParams, vehicleId }) =>
  queryClient.prefetchQuery(shopProductsQueryOptions(brandShopParams(searchParams), vehicleId));

/**
 * /brand?page=&brand=&sort&min_price&max_price&in_stock (SPEC §2 Brands pages; the sort and filters of issue
 * 13): one brand's products, or every product without a brand.
 */
export function BrandRoute() {
  const [params] = useSearchParams();
  const shopParams = brandShopParams(params);
  const { page, brand } = shopParams;
  const listing = readListingQuery(params);
  const vehicle = useCurrentVehicle();
  const shop = useShopProducts(shopParams, vehicle?.vehicle_id);
  // A change of sort or filter goes back to page 1 and keeps the brand.
  const listingHref = (next: ListingQuery) => brandPagePath(brand, 1, next);

  // The query keeps the previous answer while the next page loads; another brand's answer must not show.
  const sameBrand = (answer: ShopAnswer) => (answer.filters.brand?.permalink ?? undefined) === brand;
  const answer = shop.data && (!shop.isPlaceholderData || sameBrand(shop.data)) ? shop.data : undefined;
  const loading = answer === undefined && !shop.isError;
  // A renamed or retired brand: on to its new page, or the brands page (decision 0050).
  useMovedListing(shop.isPlaceholderData ? undefined : shop.data);
  const heading =
    brand === undefined ? 'All Brands' : answer ? `Brand: ${answer.filters.brand?.title ?? brand}` : null;
  usePageTitle(heading);
  const config = useStoreConfig();
  const subject = brand === undefined ? 'Products of every brand' : answer?.filters.brand?.title;
  useMetaDescription(
    answer && subject ? listingDescription(subject, answer.total, storeName(config.data)) : '',
  );

  return (
    <div className="container page brands-page">
      <ListingControls
        sorts={SHOP_SORTS}
        defaultSort={DEFAULT_SORT}
        query={listing}
        hrefFor={listingHref}
        head={
          <div className="brands-page__head">
            <h1 className="brands-page__title">
              {heading ?? (
                <>
                  Brand: <span className="brands-page__title-skeleton skeleton" aria-hidden="true" />
                </>
              )}
            </h1>
            {loading ? (
              <p className="brands-page__lead" role="status">
                Loading products...
              </p>
            ) : answer ? (
              <p className="brands-page__lead">There are {answer.total} products.</p>
            ) : null}
          </div>
        }
      />
      <FittingNotice
        vehicle={vehicle}
        allParts={allPartsShown(listing)}
        showAllHref={listingHref({ ...listing, all_parts: '1' })}
        onlyFittingHref={listingHref({ ...listing, all_parts: undefined })}
      />

      {shop.isError && !answer ? (
        <div className="notice notice--error" role="alert">
          <p>Error loading products. Please try again later.</p>
          <ListingErrorActions
            showMessage
            error={shop.error}
            clearHref={listingHref({})}
            onRetry={() => void shop.refetch()}
          />
        </div>
      ) : answer === undefined ? (
        <ProductGridSkeleton count={BRAND_PAGE_SHOWN} />
      ) : answer.data.length === 0 ? (
        hasListingFilters(listing) ? (
          <div className="notice">
            <p>No Product Found</p>
            <p>Nothing from this brand matches this price range or stock filter. Try a wider range.</p>
            <Link className="button" to={listingHref(withoutFilters(listing))}>
              Clear price and stock filters
            </Link>
          </div>
        ) : (
          <p className="notice">No Product Found</p>
        )
      ) : (
        <div className="brands-page__grid-wrap" aria-busy={shop.isPlaceholderData}>
          <ProductGrid products={answer.data.slice(0, BRAND_PAGE_SHOWN)} cardHeadingLevel={2} />
        </div>
      )}

      {answer && answer.total >= SHOP_PAGINATION_MIN_TOTAL && (
        <Pagination
          items={shopPageItems(page, answer.last_page)}
          current={page}
          hrefFor={(p) => brandPagePath(brand, p, listing)}
          label="Pages of products"
        />
      )}
    </div>
  );
}
