import type { Product } from '@store/shared/product';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronIcon } from '@/components/ui/chevron-icon';
import { useCallback, useId, useState } from 'react';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-grid';
import './product-carousel.css';

/** Placeholder cards while the products load, and the cards a page is sent with: as many as the widest layout shows. */
const FIRST_CARDS = 5;
/** The carousel starts measuring its cards when it comes this close to the screen. */
const WAKE_MARGIN = '300px';

/** Embla needs these; jsdom (component tests) lacks them, and there the cards stay a still row. */
function canSlide(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    typeof ResizeObserver === 'function' &&
    typeof IntersectionObserver === 'function'
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export interface ProductCarouselProps {
  /** The section heading, e.g. 'New Products'; it also names the carousel region. */
  title: string;
  /** The products in order; undefined while they load (placeholder cards hold the carousel's height). */
  products: readonly Product[] | undefined;
}

/**
 * A row of product cards that moves one card at a time and wraps around without end (SPEC §2 Home page and
 * Product page). Swipe, the arrow buttons, or Tab to a card (the carousel brings it into view).
 * An empty list renders nothing.
 */
export function ProductCarousel({ title, products }: ProductCarouselProps) {
  const headingId = useId();
  const [viewportRef, embla] = useEmblaCarousel({
    loop: true,
    align: 'start',
    slidesToScroll: 1,
  });
  // Starting Embla measures every card (a long task on a phone), so it waits until the carousel is near the
  // screen. Until then the row looks the same: the first cards from the left.
  const [near, setNear] = useState(false);
  const watchNear = useCallback((section: HTMLElement | null) => {
    if (!section || !canSlide()) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: WAKE_MARGIN },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  if (products !== undefined && products.length === 0) return null;
  const loading = products === undefined;
  const count = products?.length ?? 0;
  // Until the carousel nears the screen it holds only the cards a row shows (decision 0086): the rest are most of a
  // phone's home page (about 20 elements each) for a row nobody has seen yet, to send, hydrate, style and lay out.
  // The server and the hydrating browser write the same first cards; where nothing can observe (jsdom), all cards.
  const shown =
    near || (typeof window !== 'undefined' && !canSlide()) ? products : products?.slice(0, FIRST_CARDS);

  return (
    <section
      ref={near ? undefined : watchNear}
      className="product-carousel"
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      aria-busy={loading}
    >
      <div className="product-carousel__head">
        <h2 id={headingId} className="section-title product-carousel__title">
          {title}
        </h2>
        <div className="product-carousel__controls">
          <button
            type="button"
            className="product-carousel__button"
            aria-label={`Previous ${title}`}
            disabled={!embla}
            onClick={() => embla?.scrollPrev(prefersReducedMotion())}
          >
            <ChevronIcon direction="previous" />
          </button>
          <button
            type="button"
            className="product-carousel__button"
            aria-label={`Next ${title}`}
            disabled={!embla}
            onClick={() => embla?.scrollNext(prefersReducedMotion())}
          >
            <ChevronIcon direction="next" />
          </button>
        </div>
      </div>
      {loading ? (
        <>
          <p className="visually-hidden" role="status">
            Loading products…
          </p>
          <div className="product-carousel__viewport" aria-hidden="true">
            <div className="product-carousel__container">
              {Array.from({ length: FIRST_CARDS }, (_, index) => (
                <div key={index} className="product-carousel__slide">
                  <ProductCardSkeleton />
                </div>
              ))}
            </div>
          </div>
        </>
      ) : (
        <div className="product-carousel__viewport" ref={near ? viewportRef : undefined}>
          <div className="product-carousel__container">
            {(shown ?? products).map((product, index) => (
              <div
                key={product.id}
                className="product-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
              >
                <ProductCard product={product} />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
