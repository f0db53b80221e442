import { brandPagePath } from '@store/shared/paths';
import { taxonomyPicture } from '@store/shared/product-image';
import type { Brand } from '@store/shared/product';
import { useId, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useBrowserSnapshot } from '@/lib/use-server-html';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import {
  brandStripVisibleCount,
  clampBrandStripPosition,
  revealBrandStripPosition,
  stepBrandStrip,
} from '../brand-strip';
import { ChevronIcon } from '@/components/ui/chevron-icon';
import './brand-strip.css';

/** A horizontal drag longer than this (px) is a swipe, not a tap on a logo. */
const SWIPE_PX = 40;

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** SPEC §2: how many logos show depends on the window's width, not the strip's. */
function useVisibleCount(): number {
  return useBrowserSnapshot(
    subscribeToResize,
    () => brandStripVisibleCount(window.innerWidth),
    () => brandStripVisibleCount(1200),
  );
}

export interface BrandStripProps {
  /** The strip's brands in order (`/api/brand-sliders`); undefined while they load. */
  brands: readonly Brand[] | undefined;
  title?: string;
}

/**
 * The home brands strip (SPEC §2): logos of at most 150x150 linking to each brand's page, moving one logo per
 * arrow press; previous wraps from the start to the end and next from the end to the start.
 */
export function BrandStrip({ brands, title = 'Shop by Brand' }: BrandStripProps) {
  const headingId = useId();
  const visible = useVisibleCount();
  const [wanted, setWanted] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const swiped = useRef(false);
  const total = brands?.length ?? 0;
  const position = clampBrandStripPosition(wanted, total, visible);
  const scrollable = total > visible;

  const step = (direction: 'previous' | 'next') =>
    setWanted((p) => stepBrandStrip(p, direction, total, visible));

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (!scrollable || Math.abs(dx) < SWIPE_PX) return;
    swiped.current = true;
    step(dx < 0 ? 'next' : 'previous');
  };

  const style = { '--brand-strip-visible': visible, '--brand-strip-position': position } as CSSProperties;

  return (
    <section className="brand-strip" aria-labelledby={headingId} aria-roledescription="carousel">
      <div className="brand-strip__head">
        <h2 id={headingId} className="section-title brand-strip__title">
          {title}
        </h2>
        {scrollable && (
          <div className="brand-strip__controls">
            <button
              type="button"
              className="brand-strip__button"
              aria-label="Previous brands"
              onClick={() => step('previous')}
            >
              <ChevronIcon direction="previous" />
            </button>
            <button
              type="button"
              className="brand-strip__button"
              aria-label="Next brands"
              onClick={() => step('next')}
            >
              <ChevronIcon direction="next" />
            </button>
          </div>
        )}
      </div>
      <div
        className="brand-strip__viewport"
        // Focusing a logo out of view must not scroll the viewport itself: the track's transform places it.
        onScroll={(event) => {
          event.currentTarget.scrollLeft = 0;
        }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        onClickCapture={(event) => {
          // A swipe that ends on a logo moves the strip; it does not open the brand.
          if (swiped.current) {
            event.preventDefault();
            swiped.current = false;
          }
        }}
      >
        {brands === undefined ? (
          <ul className="brand-strip__track" style={style} aria-hidden="true">
            {Array.from({ length: visible }, (_, index) => (
              <li key={index} className="brand-strip__item">
                <span className="brand-strip__logo skeleton" />
              </li>
            ))}
          </ul>
        ) : (
          <ul className="brand-strip__track" style={style}>
            {brands.map((brand, index) => (
              <li
                key={brand.id}
                className="brand-strip__item"
                onFocus={() => setWanted(revealBrandStripPosition(index, position, total, visible))}
              >
                <Link className="brand-strip__link" to={brandPagePath(brand.permalink)} draggable={false}>
                  <ProductImage
                    className="brand-strip__logo"
                    src={brand.logo_image}
                    image={taxonomyPicture(brand.logo_image, brand.logo_image_info)}
                    slotSize
                    alt={brand.title}
                    width={150}
                    height={150}
                    draggable={false}
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Link className="brand-strip__more" to="/brands">
        View all brands
        <ChevronIcon direction="next" />
      </Link>
      {scrollable && (
        <p className="visually-hidden" aria-live="polite">
          {`Showing brands ${position + 1} to ${Math.min(total, position + visible)} of ${total}`}
        </p>
      )}
    </section>
  );
}
