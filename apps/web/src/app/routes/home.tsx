import { LATEST_PRODUCTS_COUNT, useLatestProducts } from '@/features/catalog/api/get-latest-products';
import { ProductGrid, ProductGridSkeleton } from '@/features/catalog/components/product-grid';

/** Home page (SPEC §2). This stage shows the New Products grid; the hero, banners and carousels come later. */
export function HomeRoute() {
  const latest = useLatestProducts();

  return (
    <div className="container page">
      <section
        className="product-section"
        aria-labelledby="new-products-heading"
        aria-busy={latest.isPending}
      >
        <h1 id="new-products-heading" className="section-title">
          New Products
        </h1>
        {latest.isPending ? (
          <>
            <p className="visually-hidden" role="status">
              Loading products…
            </p>
            <ProductGridSkeleton count={8} />
          </>
        ) : latest.isError ? (
          <div className="notice notice--error" role="alert">
            <p>An unexpected error occurred.</p>
            <button type="button" className="button" onClick={() => void latest.refetch()}>
              Try again
            </button>
          </div>
        ) : latest.data.length === 0 ? (
          <p className="notice">No Product Found</p>
        ) : (
          <ProductGrid products={latest.data.slice(0, LATEST_PRODUCTS_COUNT)} cardHeadingLevel={2} />
        )}
      </section>
    </div>
  );
}
