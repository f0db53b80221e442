import type { Banner } from '@store/shared/store-settings';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import './promo-banner.css';

/** The art's size in the demo content (DESIGN: home art is drawn with a plain dark left side for the text). */
const ART_SIZE = {
  side: { width: 800, height: 620 },
  wide: { width: 1200, height: 400 },
  offer: { width: 1200, height: 400 },
} as const;

export interface PromoBannerProps {
  banner: Banner;
  /** side: beside the hero; wide: the batteries and headlights pair; offer: the full-width limited-time offer. */
  variant: keyof typeof ART_SIZE;
}

/**
 * A store-config banner (SPEC §2 Home page): its art with the title and subtitle on it and its button's words
 * ('Shop now' unless the owner wrote others), linking to `link`.
 */
export function PromoBanner({ banner, variant }: PromoBannerProps) {
  const size = ART_SIZE[variant];
  return (
    <div className={`promo-banner promo-banner--${variant}`}>
      <ProductImage
        className="promo-banner__image"
        src={banner.image}
        image={banner.image_info ? { path: banner.image, ...banner.image_info } : null}
        alt=""
        width={size.width}
        height={size.height}
      />
      <div className="promo-banner__text">
        <h2 className="promo-banner__title">
          <Link className="promo-banner__link" to={banner.link}>
            {banner.title}
          </Link>
        </h2>
        {banner.subtitle && <p className="promo-banner__subtitle">{banner.subtitle}</p>}
        <span className="promo-banner__cta" aria-hidden="true">
          {banner.cta || 'Shop now'}
          <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
            <path
              d="M5 12h13m-5-6 6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      </div>
    </div>
  );
}

/** Holds a banner's place while the store config loads. */
export function PromoBannerSkeleton({ variant }: { variant: PromoBannerProps['variant'] }) {
  return <div className={`promo-banner promo-banner--${variant} promo-banner--loading`} aria-hidden="true" />;
}
