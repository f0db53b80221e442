import { shopPath } from '@store/shared/paths';
import type { Category } from '@store/shared/product';
import { taxonomyPicture } from '@store/shared/product-image';
import { useId } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import './home-sections.css';

/** SPEC §9: the home category grid shows the first 12 categories. */
export const HOME_CATEGORY_COUNT = 12;
/**
 * How wide a tile's picture is drawn (home-sections.css): a quarter of the page less its margins, gaps, padding and
 * border below 768 px (77 px on a 412 px phone, so a 1.75x screen takes the 160 px copy), and never more than its
 * 140 px cap above.
 */
export const CATEGORY_TILE_IMAGE_SIZES = '(min-width: 768px) 140px, calc(25vw - 1.5rem)';
/** Placeholders while the categories load: one row at desktop width. */
const SKELETON_TILES = 8;

export interface CategoryGridProps {
  /** The store's categories in order (`/api/categories`); undefined while they load. */
  categories: readonly Category[] | undefined;
}

/** 'Shop by Categories' (SPEC §2 Home page): the first 12 categories with their thumbnails. */
export function CategoryGrid({ categories }: CategoryGridProps) {
  const headingId = useId();
  if (categories !== undefined && categories.length === 0) return null;
  return (
    <section className="category-section" aria-labelledby={headingId} aria-busy={categories === undefined}>
      <h2 id={headingId} className="section-title">
        Shop by Categories
      </h2>
      {categories === undefined ? (
        <ul className="category-grid" aria-hidden="true">
          {Array.from({ length: SKELETON_TILES }, (_, index) => (
            <li key={index}>
              <span className="category-tile">
                <span className="category-tile__image skeleton" />
                <span className="category-tile__title skeleton skeleton--line" />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="category-grid">
          {categories.slice(0, HOME_CATEGORY_COUNT).map((category) => (
            <li key={category.id}>
              <Link className="category-tile" to={shopPath({ page: 1, category: category.sku })}>
                <ProductImage
                  className="category-tile__image"
                  src={category.thumbnail_image}
                  image={taxonomyPicture(category.thumbnail_image, category.thumbnail_image_info)}
                  sizes={CATEGORY_TILE_IMAGE_SIZES}
                  alt=""
                  width={400}
                  height={400}
                />
                <span className="category-tile__title">{category.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
