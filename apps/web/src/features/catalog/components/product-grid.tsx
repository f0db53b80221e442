import type { Product } from '@store/shared/product';
import { ProductCard } from './product-card';

/**
 * How many cards can be in the first screenful at desktop width; their images load eagerly, the first with high
 * priority (a listing's largest picture), the rest lazily.
 */
const EAGER_IMAGES = 4;

export interface ProductGridProps {
  products: Product[];
  /** Heading level of each card's title: one below the section heading. */
  cardHeadingLevel?: 2 | 3;
}

export function ProductGrid({ products, cardHeadingLevel = 3 }: ProductGridProps) {
  return (
    <ul className="product-grid" role="list">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            eagerImage={index < EAGER_IMAGES}
            priorityImage={index === 0}
            headingLevel={cardHeadingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

/** One placeholder card: the same boxes as a real card (brand, title, price, button), so nothing moves. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <div className="product-card__brand">
          <div className="skeleton skeleton--line skeleton--short" />
        </div>
        <div className="product-card__title">
          <div className="skeleton skeleton--line" />
        </div>
        <div className="skeleton skeleton--line skeleton--price" />
        <div className="skeleton product-card__add-skeleton" />
      </div>
    </div>
  );
}

/** Placeholder cards shown while the products load. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
