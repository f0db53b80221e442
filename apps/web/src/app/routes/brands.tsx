import { BrandLogoGrid, BrandLogoGridSkeleton } from '@/features/brands/components/brand-logo-grid';
import { brandsQueryOptions, useBrands } from '@/features/catalog/api/get-brands';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { storeName } from '@/hooks/use-store-head';
import type { RoutePrefetch } from '../route-prefetch';

/** Every brand. */
export const prefetch: RoutePrefetch = ({ queryClient }) => queryClient.prefetchQuery(brandsQueryOptions());

/** /brands (SPEC §2 Brands pages): every brand's logo, A to Z, each linking to /brand?page=1&brand=…. */
export function BrandsRoute() {
  const brands = useBrands();
  const config = useStoreConfig();
  usePageTitle('Brands');
  useMetaDescription(
    brands.isSuccess
      ? `${brands.data.data.length} brands of parts, tools and accessories at ${storeName(config.data)}, delivered Australia-wide.`
      : '',
  );

  return (
    <div className="container page brands-page">
      <div className="brands-page__head">
        <h1 className="brands-page__title">Brands</h1>
        {brands.isPending ? (
          <p className="brands-page__lead" role="status">
            Loading
          </p>
        ) : brands.isSuccess ? (
          <p className="brands-page__lead">
            {brands.data.data.length} brands of parts, tools and accessories. Choose one to see its range.
          </p>
        ) : null}
      </div>
      {brands.isPending ? (
        <BrandLogoGridSkeleton />
      ) : brands.isError ? (
        <div className="notice notice--error" role="alert">
          <p>Error loading brands. Please try again later.</p>
          <button type="button" className="button" onClick={() => void brands.refetch()}>
            Try again
          </button>
        </div>
      ) : brands.data.data.length === 0 ? (
        <p className="notice">No brands yet.</p>
      ) : (
        <BrandLogoGrid brands={brands.data.data} />
      )}
    </div>
  );
}
