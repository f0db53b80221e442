import { brandPath } from '@store/shared/paths';
import { unitPriceCentsOf } from '@store/shared/checkout-totals';
import type { Category, Product } from '@store/shared/product';
import { deliveryEstimateSentence, productDeliveryText } from '@store/shared/store-promises';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { StatusMessage } from '@/components/ui/status-message';
import { useNearViewport } from '@/components/ui/use-near-viewport';
import { Tabs } from '@/components/ui/tabs';
import { useAddToCart } from '@/hooks/use-add-to-cart';
import { useTradePriced } from '@/hooks/use-trade-prices';
import { useStorePromises } from '@/hooks/use-store-promises';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
// SPEC §5, §9: the quantity on the product page is 1 to 100, as in the cart.
import { MAX_QUANTITY, MIN_QUANTITY } from '@/stores/cart-store';
import { useCategories } from '../api/get-categories';
import { useLatestProducts } from '../api/get-latest-products';
import { useProduct } from '../api/get-product';
import { useProductAvailability } from '../api/get-product-availability';
import { stockAtMap } from '@store/shared/stock-at-map';
import { stockLines } from '@store/shared/stock-locations';
import { useThrottledCallback } from '@/hooks/use-throttled-callback';
import {
  descriptionParagraphs,
  isOutOfStock,
  productBrandName,
  productTitle,
  stockCount,
  weightLabel,
} from '../product-fields';
import { productPricing } from '@/lib/product-pricing';
import { shopFilterHref } from '../shop-search';
import { CartIcon } from '@/components/ui/cart-icon';
import { InstalmentLine } from '@/components/instalment-line';
import { ProductBadge } from './product-badge';
import { ProductCarousel } from './product-carousel';
import { ProductGallery } from './product-gallery';
import { ProductHead } from './product-head';
import { ProductPrice, ProductTaxNote } from './product-price';
import './product-page.css';

/** SPEC §9: the add-to-cart button answers at most one click a second. */
export const ADD_TO_CART_THROTTLE_MS = 1000;

function TruckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 6h11v9H2zM13 9h4l3 3v3h-7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="6" cy="17" r="2" fill="#fff" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17" cy="17" r="2" fill="#fff" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function stockText(product: Product): string {
  const count = stockCount(product);
  if (count === null) return 'N/A';
  return count <= 0 ? 'Out of stock' : `In stock (${count} available)`;
}

/** Plain-text paragraphs; a run of bulleted lines ('• ...', from HTML list items) becomes a list. */
function DescriptionText({ paragraphs }: { paragraphs: string[] }) {
  const blocks: (string | string[])[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.startsWith('• ')) {
      const last = blocks.at(-1);
      if (Array.isArray(last)) last.push(paragraph.slice(2));
      else blocks.push([paragraph.slice(2)]);
    } else {
      blocks.push(paragraph);
    }
  }
  return (
    <div className="product-info__description">
      {blocks.map((block, index) =>
        Array.isArray(block) ? (
          <ul key={index}>
            {block.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block}</p>
        ),
      )}
    </div>
  );
}

function categoryOf(product: Product, categories: Category[] | undefined): Category | undefined {
  return categories?.find((c) => c.id === product.category_id);
}

/**
 * The delivery promise under the buy button (issue 34 §3, decision 0045): free delivery only for a product whose
 * one unit reaches the store's threshold, else the rule itself, then the shipping policy's estimate (both from the
 * store's settings, issue 36 §5). The SPEC's
 * "Free shipping, estimated delivery 2-3 days" on every product is not kept: neither holds below the threshold.
 */
function DeliveryPromise({ product }: { product: Product }) {
  const delivery = useStorePromises();
  const unitPriceCents = unitPriceCentsOf(product);
  return (
    <p className="product-detail__shipping">
      <TruckIcon />
      <span>
        {delivery && unitPriceCents !== null && <>{productDeliveryText(unitPriceCents, delivery)} </>}
        {delivery && <>{deliveryEstimateSentence(delivery)} </>}
        <Link to="/shipping-policy" className="product-detail__nowrap">
          Shipping policy
        </Link>
      </span>
    </p>
  );
}

function ProductDetail({
  product: catalogProduct,
  fitCheck,
  fitmentTab,
}: { product: Product } & ProductPageProps) {
  // Issue 39 §2: a trade member sees their price, and adds the product at it (the cart re-reads it anyway).
  const product = useTradePriced(catalogProduct);
  const categories = useCategories();
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const add = useThrottledCallback(() => addToCart(product, quantity), ADD_TO_CART_THROTTLE_MS);

  const title = productTitle(product);
  const soldOut = isOutOfStock(product);
  const count = stockCount(product);
  const availability = useProductAvailability(product.id);
  const lines = availability.data
    ? stockLines(availability.data.locations, stockAtMap(availability.data))
    : null;
  const category = categoryOf(product, categories.data);
  const pricing = productPricing(product);
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    category
      ? { label: category.title, to: shopFilterHref('category', category.sku) }
      : { label: 'Shop', to: '/shop?page=1' },
    { label: title },
  ];

  return (
    <>
      <ProductHead product={catalogProduct} />
      <Breadcrumbs items={crumbs} />

      <div className="product-detail">
        <ProductGallery key={product.id} product={product} title={title} />

        <div className="product-detail__info">
          <div className="product-detail__eyebrow">
            {product.brand ? (
              <Link className="product-detail__brand" to={brandPath(product.brand.permalink)}>
                {productBrandName(product)}
              </Link>
            ) : (
              <span className="product-detail__brand">{productBrandName(product)}</span>
            )}
            {product.badge && <ProductBadge badge={product.badge} />}
          </div>
          <h1 className="product-detail__title">{title}</h1>
          <p className="product-detail__sku">SKU: {product.sku}</p>

          <div className="product-detail__price" role="group" aria-label="Price">
            <ProductPrice pricing={pricing} />
            <ProductTaxNote />
            {/* Issue 40 §3: of the price paid (the sale price, inc. GST); a trade member gets no line. */}
            <InstalmentLine priceCents={pricing.saleCents} />
          </div>

          {lines ? (
            // Issue 41 §1: where it is, once the locations answer ("In stock at Guildford — ready in 1 hour").
            <ul className="product-detail__stock-lines">
              {lines.map((line) => (
                <li
                  key={line.text}
                  className={line.kind === 'out' ? 'product-detail__stock is-out' : 'product-detail__stock'}
                >
                  <span className="product-detail__stock-dot" aria-hidden="true" />
                  {line.text}
                </li>
              ))}
            </ul>
          ) : (
            count !== null && (
              <p className={soldOut ? 'product-detail__stock is-out' : 'product-detail__stock'}>
                <span className="product-detail__stock-dot" aria-hidden="true" />
                {soldOut ? 'Out of stock' : 'In stock'}
              </p>
            )
          )}

          {product.short_description?.trim() && (
            <p className="product-detail__summary">{product.short_description.trim()}</p>
          )}

          <div className="product-detail__buy">
            <QuantityStepper value={quantity} onChange={setQuantity} min={MIN_QUANTITY} max={MAX_QUANTITY} />
            <button
              type="button"
              className="button product-detail__add"
              disabled={soldOut}
              onClick={() => add()}
            >
              <CartIcon size={20} />
              {soldOut ? 'Out of stock' : 'Add to cart'}
            </button>
          </div>

          <DeliveryPromise product={product} />
          {/* Issue 41 §3: a battery goes by road to a street address; a bulky item costs more to send. */}
          {availability.data?.delivery_notes.map((note) => (
            <p key={note} className="product-detail__delivery-note">
              {note}
            </p>
          ))}

          {fitCheck(product.sku)}
        </div>
      </div>

      <div className="product-info">
        <Tabs
          label="Product information"
          tabs={[
            {
              id: 'description',
              label: 'Description',
              content: <DescriptionText paragraphs={descriptionParagraphs(product)} />,
            },
            {
              id: 'details',
              label: 'Product Details',
              content: (
                <dl className="product-info__details">
                  <div>
                    <dt>SKU</dt>
                    <dd>{product.sku}</dd>
                  </div>
                  <div>
                    <dt>Brand</dt>
                    <dd>{productBrandName(product)}</dd>
                  </div>
                  <div>
                    <dt>Weight</dt>
                    <dd>{weightLabel(product)}</dd>
                  </div>
                  <div>
                    <dt>Stock</dt>
                    <dd>{stockText(product)}</dd>
                  </div>
                  <div>
                    <dt>Category</dt>
                    <dd>{category?.title ?? (categories.isPending ? '…' : 'N/A')}</dd>
                  </div>
                  {product.part_numbers.length > 0 && (
                    <div>
                      <dt>Part numbers</dt>
                      <dd>{product.part_numbers.join(', ')}</dd>
                    </div>
                  )}
                </dl>
              ),
            },
            {
              id: 'fitment',
              label: 'Vehicle Fitment',
              content: fitmentTab(product.sku),
            },
            // SPEC §2: the Shipping tab is hidden, so it is not offered.
          ]}
        />
      </div>
    </>
  );
}

/** Placeholder with the page's final proportions while the product loads. */
function ProductDetailSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading product…
      </p>
      <div className="skeleton product-skeleton__crumbs" />
      <div className="product-detail" aria-hidden="true">
        <div className="product-gallery">
          <div className="product-gallery__main skeleton" />
        </div>
        <div className="product-detail__info">
          <div className="skeleton product-skeleton__line product-skeleton__line--short" />
          <div className="skeleton product-skeleton__title" />
          <div className="skeleton product-skeleton__line product-skeleton__line--short" />
          <div className="skeleton product-skeleton__price" />
          <div className="skeleton product-skeleton__line" />
          <div className="skeleton product-skeleton__line" />
          <div className="skeleton product-skeleton__buy" />
        </div>
      </div>
    </div>
  );
}

function ProductError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(notFound ? 'Product not found' : 'Something went wrong');
  if (notFound) {
    // SPEC §2, §8: a 404 shows the not-found image.
    return (
      <StatusMessage
        image="not-found"
        title="Product not found"
        actions={
          <>
            <Link className="button" to="/shop?page=1">
              Shop all products
            </Link>
            <Link className="button button--secondary" to="/">
              Back to the home page
            </Link>
          </>
        }
      >
        <p>We couldn&rsquo;t find that product. It may have sold out for good or the link may be mistyped.</p>
      </StatusMessage>
    );
  }
  // SPEC §2, §8: any other error shows the bad-request image.
  return (
    <StatusMessage
      role="alert"
      image="bad-request"
      title="We couldn’t load this product"
      actions={
        <>
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
          <Link className="button button--secondary" to="/shop?page=1">
            Shop all products
          </Link>
        </>
      }
    >
      <p>Something went wrong on our side. Please try again in a moment.</p>
    </StatusMessage>
  );
}

/** What the product page shows from other features; the route composes them (the garage's fit check). */
export interface ProductPageProps {
  /** Under the buy box: does the product fit the shopper's vehicle (SPEC §2 Product page). */
  fitCheck: (sku: string) => ReactNode;
  /** The Vehicle Fitment tab's content. */
  fitmentTab: (sku: string) => ReactNode;
}

/** /product/{sku} (SPEC §2 Product page); the parameter is the SKU or the permalink. */
export function ProductPage({ fitCheck, fitmentTab }: ProductPageProps) {
  const { sku = '' } = useParams();
  const product = useProduct(sku);
  // Below the fold, and a fifth of a rendered page's server time and half its hand-over: the browser loads it
  // when the shopper scrolls near it.
  const moreRef = useRef<HTMLDivElement>(null);
  const moreNear = useNearViewport(moreRef, '400px', { onServer: false });
  const latest = useLatestProducts(undefined, { enabled: moreNear });
  const current = product.data;
  const newProducts = latest.isError ? [] : latest.data?.filter((p) => p.id !== current?.id);

  return (
    <div className="container page product-page">
      {product.isPending ? (
        <ProductDetailSkeleton />
      ) : product.isError ? (
        <ProductError error={product.error} onRetry={() => void product.refetch()} />
      ) : (
        <ProductDetail
          key={product.data.id}
          product={product.data}
          fitCheck={fitCheck}
          fitmentTab={fitmentTab}
        />
      )}
      <div className="product-page__more" ref={moreRef}>
        <ProductCarousel title="New Products" products={newProducts} />
      </div>
    </div>
  );
}
