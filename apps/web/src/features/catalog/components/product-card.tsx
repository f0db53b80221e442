import { productPath } from '@store/shared/paths';
import type { Product } from '@store/shared/product';
import { featuredProductImage } from '@store/shared/product-image';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { useAddToCart } from '@/hooks/use-add-to-cart';
import { useTradePriced } from '@/hooks/use-trade-prices';
import { FitmentBadge } from '@/components/fitment-badge';
import { isOutOfStock, productTitle } from '../product-fields';
import { productPricing } from '@/lib/product-pricing';
import { CartIcon } from '@/components/ui/cart-icon';
import { ProductBadge } from './product-badge';
import { ProductPrice } from './product-price';
import './product-card.css';

/**
 * How wide a card's picture is drawn (`sizes`), for the browser to pick from its WebP copies: the product grid
 * and carousel show 2 cards a row on a phone, 3 from 640 px, 4 from 900 px and 5 from 1200 px (global.css,
 * product-carousel.css), inside the 1280 px container. Upper bounds: a card never draws its picture wider. Each
 * takes off what a row's page margins, gaps and the cards' own padding leave out (at least 46 px a card on a
 * phone), so a phone at 412 px and 1.75× (Lighthouse's) takes the 320 px copy for a 158 px picture, not the 640 px
 * one `50vw` asked for (decision 0081).
 */
export const PRODUCT_CARD_IMAGE_SIZES =
  '(min-width: 1200px) 240px, (min-width: 900px) calc(25vw - 2.75rem), (min-width: 640px) calc(33vw - 2.25rem), calc(50vw - 2.75rem)';

export interface ProductCardProps {
  product: Product;
  /** Load the image straight away (cards in the first screenful). */
  eagerImage?: boolean;
  /** The first card of a listing: its picture is the page's main one, requested with high priority. */
  priorityImage?: boolean;
  /** The title's heading level: one below the heading of the section the card is in. */
  headingLevel?: 2 | 3;
}

export function ProductCard({
  product: catalogProduct,
  eagerImage = false,
  priorityImage = false,
  headingLevel = 3,
}: ProductCardProps) {
  const addToCart = useAddToCart();
  // Issue 39 §2: a trade member sees (and adds) their price.
  const product = useTradePriced(catalogProduct);
  const title = productTitle(product);
  const soldOut = isOutOfStock(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={soldOut ? 'product-card is-sold-out' : 'product-card'}>
      <div className="product-card__media">
        <ProductImage
          src={product.featured_image}
          image={featuredProductImage(product)}
          alt={title}
          width={300}
          height={300}
          sizes={PRODUCT_CARD_IMAGE_SIZES}
          loading={eagerImage ? 'eager' : 'lazy'}
          priority={priorityImage}
        />
        {product.badge && <ProductBadge badge={product.badge} className="product-card__badge" />}
      </div>
      <div className="product-card__body">
        {product.brand ? (
          <p className="product-card__brand">{product.brand.title}</p>
        ) : (
          <span className="product-card__brand" aria-hidden="true" />
        )}
        <Heading className="product-card__title">
          {/* The link's ::after covers the card, so the whole card is one link target. */}
          <Link className="product-card__link" to={productPath(product.permalink)}>
            {title}
          </Link>
        </Heading>
        <ProductPrice pricing={productPricing(product)} />
        {product.fitment && <FitmentBadge fitment={product.fitment} className="product-card__fitment" />}
        {soldOut ? (
          <button type="button" className="product-card__add" disabled>
            Out of stock
          </button>
        ) : (
          // SPEC §4: adding from a card always adds one.
          <button type="button" className="product-card__add" onClick={() => addToCart(product, 1)}>
            <CartIcon />
            Add to cart<span className="visually-hidden">: {title}</span>
          </button>
        )}
      </div>
    </article>
  );
}
