import { shopPath } from '@store/shared/paths';
import { SHOP_SORTS } from '@store/shared/listing-sorts';
import { useEffect } from 'react';
import { Link, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import type { Category } from '@store/shared/product';
import { ActiveFilters } from '@/components/ui/active-filters';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { FiltersToggle, useFiltersPanel } from '@/components/ui/filters-toggle';
import { ListingErrorActions } from '@/components/ui/listing-error';
import {
  allPartsShown,
  hasListingFilters,
  listingFilterItems,
  pickListingQuery,
  selectedSort,
  withSort,
  withoutFilters,
  type ActiveFilterItem,
  type ListingQuery,
} from '@/components/ui/listing-query';
import { Pagination } from '@/components/ui/pagination';
import { FittingNotice } from '@/components/fitting-notice';
import { useCurrentVehicle } from '@/stores/garage-store';
import { SortSelect } from '@/components/ui/sort-select';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { storeName } from '@/hooks/use-store-head';
import { SHOP_PAGINATION_MIN_TOTAL, shopPageItems } from '@/lib/pagination';
import { useCategories } from '../api/get-categories';
import type { ShopAnswer } from '@store/shared/catalog-answers';
import { useShopProducts, type ShopParams } from '../api/get-shop-products';
import {
  listingDescription,
  productCountText,
  readShopParams,
  shopFilterHref,
  shopListingHref,
  shopResultsTitle,
  shopWithoutFilterHref,
} from '../shop-search';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ShopFilters } from './shop-filters';
import { useMovedListing } from '../hooks/use-moved-listing';
import './shop-page.css';

/** SPEC §9: the API answers 20 a page, the shop shows at most 15 of them. */
export const SHOP_CARDS_SHOWN = 15;

/** The shop's default order (SHOP_SORTS' first): left out of its address. */
const DEFAULT_SORT = SHOP_SORTS[0];

function errorText(error: unknown): string {
  return (error instanceof Error && error.message.trim()) || 'Unknown error';
}

/**
 * Every filter narrowing the shop, for the 'Filtered by' summary: its category, child category and brand (by
 * their titles once the API has matched them), then the price range and in stock only.
 */
function shopFilterItems(params: ShopParams, matched: ShopAnswer['filters'] | undefined): ActiveFilterItem[] {
  const items: ActiveFilterItem[] = [];
  if (params.category) {
    items.push({
      key: 'category',
      label: `Category: ${matched?.category?.title ?? params.category}`,
      href: shopWithoutFilterHref(params, 'category'),
    });
  }
  if (params.child_category) {
    items.push({
      key: 'child_category',
      label: `Sub-category: ${matched?.child_category?.child_title ?? params.child_category}`,
      href: shopWithoutFilterHref(params, 'child_category'),
    });
  }
  if (params.brand) {
    items.push({
      key: 'brand',
      label: `Brand: ${matched?.brand?.title ?? params.brand}`,
      href: shopWithoutFilterHref(params, 'brand'),
    });
  }
  return [...items, ...listingFilterItems(params, (listing) => shopListingHref(params, listing))];
}

/**
 * A category page's trail, 'Home / Shop / Batteries (/ Car Batteries)', from the store's categories (already
 * loaded for the menu, so it shows with the page); none for the whole shop or a category the store lacks.
 */
function categoryCrumbs(params: ShopParams, categories: Category[] | undefined): Crumb[] | null {
  if (!categories || (!params.category && !params.child_category)) return null;
  const category = params.category
    ? categories.find((c) => c.sku === params.category)
    : categories.find((c) => c.child_categories.some((child) => child.child_sku === params.child_category));
  if (!category) return null;
  const child = params.child_category
    ? category.child_categories.find((c) => c.child_sku === params.child_category)
    : undefined;
  if (params.child_category && !child) return null;
  return [
    { label: 'Home', to: '/' },
    { label: 'Shop', to: shopPath({ page: 1 }) },
    child
      ? { label: category.title, to: shopFilterHref('category', category.sku) }
      : { label: category.title },
    ...(child ? [{ label: child.child_title }] : []),
  ];
}

/**
 * /shop?page&category&child_category&brand&sort&min_price&max_price&in_stock (SPEC §2 Shop listing; the sort,
 * price range and in stock only of issue 13).
 */
export function ShopPage() {
  const [searchParams] = useSearchParams();
  const params = readShopParams(searchParams);
  const vehicle = useCurrentVehicle();
  const shop = useShopProducts(params, vehicle?.vehicle_id);
  const navigate = useNavigate();
  const { open: filtersOpen, panelId: filtersId, toggleRef, toggle, afterChoice } = useFiltersPanel();
  const search = searchParams.toString();
  const categories = useCategories();
  const config = useStoreConfig();
  usePageTitle('Shop');
  const listing = pickListingQuery(params);
  const listingHref = (query: ListingQuery) => shopListingHref(params, query);

  const navigationType = useNavigationType();

  // SPEC §2: scroll to the top on every change of page or filter (Back and Forward keep their place).
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0 });
  }, [search, navigationType]);

  const answer = shop.data;
  const products = answer?.data.slice(0, SHOP_CARDS_SHOWN) ?? [];
  const total = answer?.total ?? 0;
  const lastPage = answer?.last_page ?? 1;
  // While another page or filter loads, the previous cards stay (dimmed); the heading and count wait for it.
  const current = shop.isPlaceholderData ? undefined : answer;
  // A renamed or retired category, child category or brand: on to where it went (decision 0050).
  useMovedListing(current);
  const activeFilters = shopFilterItems(params, current?.filters);
  const crumbs = categoryCrumbs(params, categories.data);
  useMetaDescription(
    current
      ? listingDescription(shopResultsTitle(params, current.filters), current.total, storeName(config.data))
      : '',
  );

  return (
    <div className="container page shop">
      {crumbs && <Breadcrumbs items={crumbs} />}
      <header className="shop__header">
        <div className="shop__heading">
          <h1 className="shop__title">
            Search Results for{' '}
            {current || shop.isError ? (
              <span className="shop__title-match">{shopResultsTitle(params, current?.filters)}</span>
            ) : (
              <span className="skeleton shop__title-skeleton" aria-hidden="true" />
            )}
          </h1>
          <p className="shop__count" aria-live="polite">
            {current ? (
              productCountText(current.total)
            ) : shop.isError ? null : (
              <span className="skeleton shop__count-skeleton" />
            )}
          </p>
        </div>
        <div className="shop__tools">
          <SortSelect
            sorts={SHOP_SORTS}
            value={selectedSort(listing, SHOP_SORTS, DEFAULT_SORT)}
            onChange={(sort) => void navigate(listingHref(withSort(listing, sort, DEFAULT_SORT)))}
          />
          <FiltersToggle
            ref={toggleRef}
            expanded={filtersOpen}
            controls={filtersId}
            onToggle={toggle}
            activeCount={activeFilters.length}
          />
        </div>
      </header>

      <ActiveFilters items={activeFilters} clearHref={shopPath({ page: 1, sort: params.sort })} />
      <FittingNotice
        vehicle={vehicle}
        allParts={allPartsShown(listing)}
        showAllHref={listingHref({ ...listing, all_parts: '1' })}
        onlyFittingHref={listingHref({ ...listing, all_parts: undefined })}
      />

      <div className={filtersOpen ? 'shop__layout has-filters' : 'shop__layout'}>
        {/* SPEC §2: the sidebar is hidden until asked for. */}
        {filtersOpen ? (
          <ShopFilters
            id={filtersId}
            active={params}
            onNavigate={afterChoice}
            onApply={(chosen) => {
              void navigate(listingHref({ ...listing, ...chosen }));
              afterChoice();
            }}
          />
        ) : (
          <div id={filtersId} hidden />
        )}

        <section
          className="shop__results"
          aria-label="Products"
          aria-busy={shop.isFetching}
          data-stale={shop.isPlaceholderData || undefined}
        >
          {shop.isPending ? (
            <>
              <p className="visually-hidden" role="status">
                Loading products…
              </p>
              <ProductGridSkeleton count={SHOP_CARDS_SHOWN} />
            </>
          ) : shop.isError ? (
            <div className="notice notice--error" role="alert">
              <p>Error loading products: {errorText(shop.error)}</p>
              <ListingErrorActions
                error={shop.error}
                clearHref={listingHref({})}
                onRetry={() => void shop.refetch()}
              />
            </div>
          ) : products.length === 0 ? (
            <div className="notice shop__empty">
              <p className="shop__empty-title">No Product Found</p>
              {hasListingFilters(listing) ? (
                <>
                  <p>Nothing here matches this price range or stock filter. Try a wider range.</p>
                  <Link className="button" to={listingHref(withoutFilters(listing))}>
                    Clear price and stock filters
                  </Link>
                </>
              ) : (
                <>
                  <p>Try another category or brand, or browse the whole range.</p>
                  <Link className="button" to={shopPath({ page: 1 })}>
                    Shop all products
                  </Link>
                </>
              )}
            </div>
          ) : (
            <ProductGrid products={products} cardHeadingLevel={2} />
          )}

          {answer && total >= SHOP_PAGINATION_MIN_TOTAL && (
            <Pagination
              items={shopPageItems(params.page, lastPage)}
              current={params.page}
              hrefFor={(page) => shopPath({ ...params, page })}
              label="Pages of products"
            />
          )}
        </section>
      </div>
    </div>
  );
}
