import { useEffect, useId, useState } from 'react';
import { Link, useNavigationType, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { usePageTitle } from '@/features/store/hooks/use-page-title';
import { SHOP_PAGINATION_MIN_TOTAL, shopPageItems } from '@/lib/pagination';
import { useShopProducts } from '../api/get-shop-products';
import { productCountText, readShopParams, shopHref, shopResultsTitle } from '../shop-search';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { ShopFilters } from './shop-filters';
import './shop-page.css';

/** SPEC §9: the API answers 20 a page, the shop shows at most 15 of them. */
export const SHOP_CARDS_SHOWN = 15;

/** From this width the filters open beside the grid instead of above it. */
const SIDE_BY_SIDE_QUERY = '(min-width: 1024px)';

function errorText(error: unknown): string {
  return (error instanceof Error && error.message.trim()) || 'Unknown error';
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M7 12h10M10 18h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** /shop?page&category&child_category&brand (SPEC §2 Shop listing). */
export function ShopPage() {
  const [searchParams] = useSearchParams();
  const params = readShopParams(searchParams);
  const shop = useShopProducts(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const search = searchParams.toString();
  usePageTitle('Shop');

  const navigationType = useNavigationType();

  // SPEC §2: scroll to the top on every change of page or filter (Back and Forward keep their place).
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0 });
  }, [search, navigationType]);

  const answer = shop.data;
  const products = answer?.data.slice(0, SHOP_CARDS_SHOWN) ?? [];
  const total = answer?.total ?? 0;
  const lastPage = answer?.last_page ?? 1;
  const hasFilter = Boolean(params.category || params.child_category || params.brand);
  // While another page or filter loads, the previous cards stay (dimmed); the heading and count wait for it.
  const current = shop.isPlaceholderData ? undefined : answer;

  return (
    <div className="container page shop">
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
            {current ? productCountText(current.total) : <span className="skeleton shop__count-skeleton" />}
          </p>
        </div>
        <div className="shop__tools">
          {hasFilter && (
            <Link to={shopHref({ page: 1 })} className="shop__clear">
              Clear filters
            </Link>
          )}
          <button
            type="button"
            className="shop__toggle"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon />
            Filters
          </button>
        </div>
      </header>

      <div className={filtersOpen ? 'shop__layout has-filters' : 'shop__layout'}>
        {/* SPEC §2: the sidebar is hidden until asked for. */}
        {filtersOpen ? (
          <ShopFilters
            id={filtersId}
            active={params}
            onNavigate={() => {
              if (!window.matchMedia?.(SIDE_BY_SIDE_QUERY).matches) setFiltersOpen(false);
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
              <button type="button" className="button" onClick={() => void shop.refetch()}>
                Try again
              </button>
            </div>
          ) : products.length === 0 ? (
            <div className="notice shop__empty">
              <p className="shop__empty-title">No Product Found</p>
              <p>Try another category or brand, or browse the whole range.</p>
              <Link className="button" to={shopHref({ page: 1 })}>
                Shop all products
              </Link>
            </div>
          ) : (
            <ProductGrid products={products} cardHeadingLevel={2} />
          )}

          {answer && total >= SHOP_PAGINATION_MIN_TOTAL && (
            <Pagination
              items={shopPageItems(params.page, lastPage)}
              current={params.page}
              hrefFor={(page) => shopHref({ ...params, page })}
              label="Pages of products"
            />
          )}
        </section>
      </div>
    </div>
  );
}
