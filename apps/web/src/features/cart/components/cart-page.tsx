import { productPath } from '@store/shared/paths';
import { formatCents } from '@store/shared/money';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { MAX_QUANTITY, MIN_QUANTITY, removeFromCart, updateCartQuantity } from '@/stores/cart-store';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { useStoreConfig } from '@/lib/api/get-store-config';
import { deliverySettingsOf } from '@store/shared/store-promises';
import { EMPTY_CART_MESSAGE, EMPTY_CART_REDIRECT_MS, cartNote } from '@/lib/cart-messages';
import { usePricedCart } from '@/hooks/use-priced-cart';
import { CartLinePrice } from './cart-line-price';
import { InstalmentLine } from '@/components/instalment-line';
import { CartTotals, shownLineTotalCents } from './cart-totals';
import { FreeDeliveryNote } from '@/components/cart/free-delivery-note';
import { PriceChangeNotices } from '@/components/cart/price-change-notices';
import { TrashIcon } from './trash-icon';
import '@/components/cart/cart.css';
import './cart-page.css';
import { CartFitWarning } from '@/components/cart/cart-fit-warning';

export interface CartPageProps {
  /** The side panel for shoppers who keep shopping (the catalog's categories and brands, from the route). */
  browsePanel: ReactNode;
}

/**
 * The cart page (SPEC §2 Cart page): the lines (image, title link, unit price with the struck-through
 * original and discount label, quantity stepper, line total, remove), a summary (item count, subtotal,
 * total, no shipping or tax, '*GST and Shipping may be applied at checkout', Checkout and Continue shopping)
 * and a side panel of categories and brands. Under the totals, the delivery rule as it stands for this subtotal
 * (issue 34 §3: "Add $5.61 more for free delivery on orders of $100 or more."). Prices are re-read from the catalog when it opens
 * (`usePricedCart`). An empty cart says 'There are no products in the cart.' and goes home after 3 s.
 * Lines are a table on wide screens and stacked cards on phones (cart-page.css).
 */
export function CartPage({ browsePanel }: CartPageProps) {
  const cart = usePricedCart();
  const prices = usePriceDisplay();
  const config = useStoreConfig();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryTitleId = useId();
  const [announcement, setAnnouncement] = useState('');
  const empty = cart.lines.length === 0;

  useEffect(() => {
    if (!empty) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), EMPTY_CART_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [empty, navigate]);

  function remove(id: number, title: string) {
    removeFromCart(id);
    setAnnouncement(`${title} removed from the cart.`);
    // The button went with its row: put focus somewhere predictable instead of the page's start.
    headingRef.current?.focus();
  }

  return (
    <div className="container page cart-page">
      <h1 ref={headingRef} className="cart-page__title" tabIndex={-1}>
        Cart
      </h1>
      <PriceChangeNotices />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {empty ? (
        <div className="cart-page__empty" role="status">
          <p className="cart-page__empty-message">{EMPTY_CART_MESSAGE}</p>
          <p>Taking you to the home page in 3 seconds…</p>
          <Link className="button" to="/" replace>
            Go to the home page now
          </Link>
        </div>
      ) : (
        <div className="cart-page__layout">
          {/* Explicit roles keep the table a table for screen readers when phones restyle it as cards. */}
          <table className="cart-table" role="table">
            <caption className="visually-hidden">Products in the cart</caption>
            <thead className="cart-table__head" role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Product
                </th>
                <th scope="col" role="columnheader">
                  Price
                </th>
                <th scope="col" role="columnheader">
                  Quantity
                </th>
                <th scope="col" role="columnheader" className="cart-table__num">
                  Total
                </th>
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {cart.lines.map((priced) => {
                const { line } = priced;
                return (
                  <tr key={line.id} className="cart-table__row" role="row">
                    <td className="cart-table__product" role="cell">
                      <Link
                        to={productPath(line.permalink)}
                        className="cart-table__image"
                        tabIndex={-1}
                        aria-hidden="true"
                      >
                        <ProductImage
                          src={line.featured_image}
                          image={line.image}
                          alt=""
                          width={80}
                          height={80}
                        />
                      </Link>
                      <Link to={productPath(line.permalink)} className="cart-table__title">
                        {line.title}
                      </Link>
                      <CartFitWarning sku={line.sku} />
                    </td>
                    <td className="cart-table__price" role="cell">
                      {/* Phones only, where the column headers are hidden: the unit price. */}
                      <span className="cart-table__label" aria-hidden="true">
                        Each
                      </span>
                      <CartLinePrice line={priced} />
                    </td>
                    <td className="cart-table__quantity" role="cell">
                      <QuantityStepper
                        value={priced.quantity}
                        min={MIN_QUANTITY}
                        max={MAX_QUANTITY}
                        label={`Quantity of ${line.title}`}
                        onChange={(next) => updateCartQuantity(line.id, next)}
                      />
                    </td>
                    <td className="cart-table__total cart-table__num" role="cell">
                      <span className="cart-table__label" aria-hidden="true">
                        Total
                      </span>
                      <strong>{formatCents(shownLineTotalCents(priced, prices))}</strong>
                    </td>
                    <td className="cart-table__remove" role="cell">
                      <button
                        type="button"
                        className="cart-remove"
                        aria-label={`Remove ${line.title}`}
                        onClick={() => remove(line.id, line.title)}
                      >
                        <TrashIcon />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <section className="cart-summary" aria-labelledby={summaryTitleId}>
            <h2 id={summaryTitleId} className="cart-summary__title">
              Cart totals
            </h2>
            <CartTotals itemCount={cart.itemCount} lines={cart.lines} />
            {/* Issue 40 §3: of the cart's total inc. GST, what the card page would be asked for. */}
            <InstalmentLine priceCents={cart.subtotalCents} />
            <FreeDeliveryNote
              subtotalCents={cart.subtotalCents}
              rule={config.data ? deliverySettingsOf(config.data) : null}
            />
            <p className="cart-note">{cartNote(prices.display, prices.gstPercent)}</p>
            <Link to="/checkout" className="button cart-summary__checkout">
              Checkout
            </Link>
            <Link to="/" className="cart-summary__continue">
              Continue shopping
            </Link>
          </section>

          {browsePanel}
        </div>
      )}
    </div>
  );
}
