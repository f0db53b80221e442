import { brandPagePath } from '@store/shared/paths';
import { taxonomyPicture } from '@store/shared/product-image';
import type { Brand } from '@store/shared/product';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import './brands.css';

/** Logos in the first screenful (a row at desktop width, three rows on a phone) load straight away. */
const EAGER_LOGOS = 7;

/** Every brand's logo at 150x150 (the 'image not found' picture when it has none), linking to its products. */
export function BrandLogoGrid({ brands }: { brands: readonly Brand[] }) {
  return (
    <ul className="brand-logo-grid">
      {brands.map((brand, index) => (
        <li key={brand.id}>
          <Link className="brand-logo-tile" to={brandPagePath(brand.permalink)}>
            <ProductImage
              className="brand-logo-tile__image"
              src={brand.logo_image}
              image={taxonomyPicture(brand.logo_image, brand.logo_image_info)}
              slotSize
              alt={brand.title}
              width={150}
              height={150}
              loading={index < EAGER_LOGOS ? 'eager' : 'lazy'}
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder tiles of the same size while the brands load. */
export function BrandLogoGridSkeleton({ count = 14 }: { count?: number }) {
  return (
    <ul className="brand-logo-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <span className="brand-logo-tile">
            <span className="brand-logo-tile__image skeleton" />
          </span>
        </li>
      ))}
    </ul>
  );
}
