import { useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { brandPagePath } from '@/features/brands/brand-path';
import { useShopProducts, type ShopAnswer } from '@/features/catalog/api/get-shop-products';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';
import { usePageTitle } from '@/features/store/hooks/use-page-title';
import { SHOP_PAGINATION_MIN_TOTAL, shopPageItems } from '@/lib/pagination';
import '@/features/brands/components/brands.css';

/** SPEC §9: at most 15 products a page (decision 0006). */
export const BRAND_PAGE_SHOWN = 15;

function pageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /brand?page=&brand= (SPEC §2 Brands pages): one brand's products, or every product without a brand. */
export function BrandRoute() {
  const [params] = useSearchParams();
  const brand = params.get('brand')?.trim() || undefined;
  const page = pageNumber(params.get('page'));
  const shop = useShopProducts({ page, brand });

  // The query keeps the previous answer while the next page loads; another brand's answer must not show.
  const sameBrand = (answer: ShopAnswer) => (answer.filters.brand?.permalink ?? undefined) === brand;
  const answer = shop.data && (!shop.isPlaceholderData || sameBrand(shop.data)) ? shop.data : undefined;
  const loading = answer === undefined && !shop.isError;
  const heading =
    brand === undefined ? 'All Brands' : answer ? `Brand: ${answer.filters.brand?.title ?? brand}` : null;
  usePageTitle(heading);

  return (
    <div className="container page brands-page">
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

      {shop.isError && !answer ? (
        <div className="notice notice--error" role="alert">
          <p>Error loading products. Please try again later.</p>
          <button type="button" className="button" onClick={() => void shop.refetch()}>
            Try again
          </button>
        </div>
      ) : answer === undefined ? (
        <ProductGridSkeleton count={BRAND_PAGE_SHOWN} />
      ) : answer.data.length === 0 ? (
        <p className="notice">No Product Found</p>
      ) : (
        <div className="brands-page__grid-wrap" aria-busy={shop.isPlaceholderData}>
          <ProductGrid products={answer.data.slice(0, BRAND_PAGE_SHOWN)} cardHeadingLevel={2} />
        </div>
      )}

      {answer && answer.total >= SHOP_PAGINATION_MIN_TOTAL && (
        <Pagination
          items={shopPageItems(page, answer.last_page)}
          current={page}
          hrefFor={(p) => brandPagePath(brand, p)}
          label="Pages of products"
        />
      )}
    </div>
  );
}
