import { SHOP_ALL_PATH } from '@store/shared/paths';
import { readVehicleChoice } from '@store/shared/vehicle-choice';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BrandStrip } from '@/features/brands/components/brand-strip';
import { brandSlidersQueryOptions, useBrandSliders } from '@/features/catalog/api/get-brand-sliders';
import { useCategories } from '@/features/catalog/api/get-categories';
import {
  featuredProductsQueryOptions,
  useFeaturedProducts,
} from '@/features/catalog/api/get-featured-products';
import { latestProductsQueryOptions, useLatestProducts } from '@/features/catalog/api/get-latest-products';
import {
  makesQueryOptions,
  modelsQueryOptions,
  variantsQueryOptions,
  yearsQueryOptions,
} from '@/lib/api/vehicle-options';
import { ProductCarousel } from '@/features/catalog/components/product-carousel';
import { CategoryGrid } from '@/features/home/components/category-grid';
import { VehicleSelector } from '@/features/garage/components/vehicle-selector';
import { HeroGallery } from '@/features/home/components/hero-gallery';
import { PromoBanner, PromoBannerSkeleton } from '@/features/home/components/promo-banner';
import { ServicesStrip } from '@/features/home/components/services-strip';
import { homeErrorMessage, isTooManyRequests } from '@/features/home/home-errors';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { useNearViewport } from '@/components/ui/use-near-viewport';
import { storeName } from '@/hooks/use-store-head';
import { JsonLd, organizationJsonLd } from '@/lib/json-ld';
import { siteOrigin } from '@/lib/site-origin';
import { redirectToTooManyRequests } from '@/lib/too-many-requests';
import { useCurrentVehicle } from '@/stores/garage-store';
import type { RoutePrefetch } from '../route-prefetch';

/**
 * The home page's queries: the carousels, the brands strip and the vehicle selector's makes, and the lists for
 * the choices the address names (a step of the selector submitted without scripts, decision 0055).
 */
export const prefetch: RoutePrefetch = async ({ queryClient, vehicleId, searchParams }) => {
  const { make, model, year } = readVehicleChoice(searchParams);
  await Promise.all([
    queryClient.prefetchQuery(featuredProductsQueryOptions()),
    queryClient.prefetchQuery(latestProductsQueryOptions(undefined, vehicleId)),
    queryClient.prefetchQuery(brandSlidersQueryOptions()),
    queryClient.prefetchQuery(makesQueryOptions()),
    make && queryClient.prefetchQuery(modelsQueryOptions(make)),
    model && queryClient.prefetchQuery(yearsQueryOptions(make, model)),
    year !== null && queryClient.prefetchQuery(variantsQueryOptions(make, model, year)),
  ]);
};

/**
 * Home page (SPEC §2): hero and side banners, services, Shop by Categories, the Featured and New Products
 * carousels, the offer banners (once the batteries, headlights and limited-time offer slots; issue 36 §2: the
 * owner's, shown inside their windows), and the brands strip. The testimonials
 * block the SPEC describes is hidden there, so it is not rendered.
 */
export function HomeRoute() {
  const config = useStoreConfig();
  const categories = useCategories();
  const featured = useFeaturedProducts();
  const vehicle = useCurrentVehicle();
  const latest = useLatestProducts(undefined, { vehicle: vehicle?.vehicle_id });
  const navigate = useNavigate();
  const brandSliders = useBrandSliders();
  const [searchParams] = useSearchParams();

  const failed = [config, categories, featured, latest, brandSliders].filter((query) => query.isError);
  const tooManyRequests = failed.some((query) => isTooManyRequests(query.error));
  useEffect(() => {
    // The same redirect as an HTTP 429: remembers the page and holds off repeats for 45 s (SPEC §8).
    if (tooManyRequests) redirectToTooManyRequests();
  }, [tooManyRequests]);

  // Carousels and the brands strip show their fixed-size placeholders until the shopper nears them.
  const featuredRef = useRef<HTMLDivElement>(null);
  const latestRef = useRef<HTMLDivElement>(null);
  const brandsRef = useRef<HTMLDivElement>(null);
  const featuredNear = useNearViewport(featuredRef);
  const latestNear = useNearViewport(latestRef);
  const brandsNear = useNearViewport(brandsRef);

  // Issue 15 §5: under the hero (before the side banners on a phone, across the page below both on a desktop).
  const vehicleSelector = (
    <section className="home-vehicle" aria-label="Shop by vehicle">
      <VehicleSelector
        title={vehicle ? `Shopping for your ${vehicle.short_label}` : 'Shop by vehicle'}
        submitLabel={vehicle ? 'Change vehicle' : 'Shop for this vehicle'}
        initial={readVehicleChoice(searchParams)}
        onChosen={() => void navigate(SHOP_ALL_PATH)}
      />
    </section>
  );

  const sideBanners = config.data?.side_banners ?? [];
  // Offer banners (issue 36 §2): the first two side by side below the featured products, the rest across the page.
  const offerBanners = config.data?.offer_banners ?? [];
  const pairBanners = offerBanners.slice(0, 2);
  const wideOffers = offerBanners.slice(2);
  const configPending = config.isPending;

  return (
    <div className="container home">
      {config.data && (
        <JsonLd
          data={organizationJsonLd(
            { name: storeName(config.data), description: config.data.meta_description.trim() },
            siteOrigin(),
          )}
        />
      )}
      <h1 className="visually-hidden">{storeName(config.data)}</h1>

      {failed.length > 0 && (
        <div className="notice notice--error home-error" role="alert">
          <svg className="home-error__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
            <path
              d="M12 3.5 2.5 20h19L12 3.5Zm0 6v5m0 2.6v.4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p className="home-error__message">{homeErrorMessage(failed[0]?.error)}</p>
          <button
            type="button"
            className="button"
            onClick={() => failed.forEach((query) => void query.refetch())}
          >
            Try again
          </button>
        </div>
      )}

      {configPending || config.data?.hero_slides.length || sideBanners.length > 0 ? (
        <div className="home-top">
          <HeroGallery slides={config.data?.hero_slides} />
          {vehicleSelector}
          {(configPending || sideBanners.length > 0) && (
            <div className="home-top__side">
              {configPending ? (
                <>
                  <PromoBannerSkeleton variant="side" />
                  <PromoBannerSkeleton variant="side" />
                </>
              ) : (
                sideBanners.map((banner, i) => (
                  <PromoBanner key={`${i}${banner.link}${banner.image}`} banner={banner} variant="side" />
                ))
              )}
            </div>
          )}
        </div>
      ) : (
        vehicleSelector
      )}

      <ServicesStrip />

      {!categories.isError && (
        <div className="home-later">
          <CategoryGrid categories={categories.data} />
        </div>
      )}

      {!featured.isError && (
        <div ref={featuredRef} className="home-later">
          <ProductCarousel title="Featured Products" products={featuredNear ? featured.data : undefined} />
        </div>
      )}

      {(configPending || pairBanners.length > 0) && (
        <div className="home-pair home-later">
          {configPending ? (
            <>
              <PromoBannerSkeleton variant="wide" />
              <PromoBannerSkeleton variant="wide" />
            </>
          ) : (
            pairBanners.map((banner, i) => (
              <PromoBanner key={`${i}${banner.link}${banner.image}`} banner={banner} variant="wide" />
            ))
          )}
        </div>
      )}

      {!latest.isError && (
        <div ref={latestRef} className="home-later">
          <ProductCarousel title="New Products" products={latestNear ? latest.data : undefined} />
        </div>
      )}

      {configPending ? (
        <PromoBannerSkeleton variant="offer" />
      ) : (
        wideOffers.map((banner, i) => (
          <PromoBanner key={`${i}${banner.link}${banner.image}`} banner={banner} variant="offer" />
        ))
      )}

      {!brandSliders.isError && (
        <div ref={brandsRef} className="home-later">
          <BrandStrip brands={brandsNear ? brandSliders.data : undefined} />
        </div>
      )}
    </div>
  );
}
