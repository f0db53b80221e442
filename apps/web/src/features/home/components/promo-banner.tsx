import type { Banner } from '@store/shared/store-settings';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import './promo-banner.css';

/**
 * The art's size in the demo content (DESIGN: home art is drawn with a plain dark left side for the text), and how
 * wide each banner is drawn (`sizes`, upper bounds measured from 360 to 1,366 px), for the browser to pick from the
 * picture's WebP copies (decision 0081): side banners are full width on a phone, paired from 560 px and 300 px beside
 * the hero from 1024 px; the batteries and headlights pair sits side by side from 1024 px; the offer is full width.
 */
const ART_SIZE = {
  side: {
    width: 800,
    height: 620,
    sizes: '(min-width: 1024px) 300px, (min-width: 560px) calc(50vw - 1.5rem), calc(100vw - 2rem)',
  },
  wide: {
    width: 1200,
    height: 400,
    sizes: '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, calc(100vw - 2rem)',
  },
  offer: { width: 1200, height: 400, sizes: '(min-width: 1280px) 1216px, calc(100vw - 2rem)' },
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
        sizes={size.sizes}
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
