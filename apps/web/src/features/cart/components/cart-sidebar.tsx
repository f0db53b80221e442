import { productPath } from '@store/shared/paths';
import { formatCents } from '@store/shared/money';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { ProductImage } from '@/components/ui/product-image';
import { MAX_QUANTITY, MIN_QUANTITY, removeFromCart, updateCartQuantity } from '@/stores/cart-store';
import { usePriceDisplay } from '@/hooks/use-price-display';
import { EMPTY_CART_MESSAGE, cartNote, itemCountText } from '@/lib/cart-messages';
import { usePricedCart, type PricedCartLine } from '@/hooks/use-priced-cart';
import { CartLinePrice } from './cart-line-price';
import { InstalmentLine } from '@/components/instalment-line';
import { CartTotals, shownLineTotalCents } from './cart-totals';
import { PriceChangeNotices } from '@/components/cart/price-change-notices';
import { TrashIcon } from './trash-icon';
import '@/components/cart/cart.css';
import './cart-sidebar.css';
import { CartFitWarning } from '@/components/cart/cart-fit-warning';

export interface CartSidebarProps {
  /** The dialog's id, for the cart icon's aria-controls. */
  id: string;
  open: boolean;
  /** Closes it (the close button, Escape, a tap on the dimmed page, Continue shopping). */
  onClose: () => void;
  /** Where focus goes on close when what had focus before opening is gone: the cart icon. */
  returnFocusRef: RefObject<HTMLElement | null>;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface SidebarLineProps {
  priced: PricedCartLine;
  onRemove: (title: string, id: number) => void;
}

/** One sidebar line: image, title link, quantity with minus and plus, price and delete (SPEC §2). */
function SidebarLine({ priced, onRemove }: SidebarLineProps) {
  const { line, quantity } = priced;
  const prices = usePriceDisplay();
  return (
    <li className="cart-sidebar__line">
      <Link to={productPath(line.permalink)} className="cart-sidebar__image" tabIndex={-1} aria-hidden="true">
        <ProductImage src={line.featured_image} image={line.image} alt="" width={72} height={72} />
      </Link>
      <div className="cart-sidebar__line-main">
        <Link to={productPath(line.permalink)} className="cart-sidebar__title">
          {line.title}
        </Link>
        <CartFitWarning sku={line.sku} />
        <p className="cart-sidebar__price">
          <CartLinePrice line={priced} compact />
          {quantity > 1 && (
            <span className="cart-sidebar__times">
              {' '}
              × {quantity} = <strong>{formatCents(shownLineTotalCents(priced, prices))}</strong>
            </span>
          )}
        </p>
        <div className="cart-sidebar__controls">
          <QuantityStepper
            value={quantity}
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            label={`Quantity of ${line.title}`}
            onChange={(next) => updateCartQuantity(line.id, next)}
          />
          <button
            type="button"
            className="cart-remove"
            aria-label={`Remove ${line.title}`}
            onClick={() => onRemove(line.title, line.id)}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}

interface SidebarContentProps {
  titleId: string;
  onClose: () => void;
  panelRef: RefObject<HTMLDivElement | null>;
}

/** What the open sidebar shows; mounted only while open, so the cart's prices are re-read each time. */
function SidebarContent({ titleId, onClose, panelRef }: SidebarContentProps) {
  const cart = usePricedCart();
  const prices = usePriceDisplay();
  const [announcement, setAnnouncement] = useState('');
  const empty = cart.lines.length === 0;

  const remove = (title: string, id: number) => {
    removeFromCart(id);
    setAnnouncement(`${title} removed from the cart.`);
    // The button is gone with its line: keep focus inside the dialog.
    panelRef.current?.focus();
  };

  return (
    <>
      <div className="cart-sidebar__head">
        <h2 id={titleId} className="cart-sidebar__title-bar">
          {empty ? 'Cart' : 'Cart '}
          {!empty && <span className="cart-sidebar__count">({itemCountText(cart.itemCount)})</span>}
        </h2>
        <button type="button" className="cart-sidebar__close" aria-label="Close cart" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="cart-sidebar__body">
        <PriceChangeNotices />
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {empty ? (
          <div className="cart-sidebar__empty">
            <p>{EMPTY_CART_MESSAGE}</p>
            <button type="button" className="button" onClick={onClose}>
              Continue shopping
            </button>
          </div>
        ) : (
          <ul className="cart-sidebar__lines" role="list" aria-label="Products in the cart">
            {cart.lines.map((priced) => (
              <SidebarLine key={priced.line.id} priced={priced} onRemove={remove} />
            ))}
          </ul>
        )}
      </div>
      {!empty && (
        <div className="cart-sidebar__foot">
          <CartTotals itemCount={cart.itemCount} lines={cart.lines} zeroShippingAndTax />
          {/* Issue 40 §3: of the cart's total inc. GST, what the card page would be asked for. */}
          <InstalmentLine priceCents={cart.subtotalCents} />
          <p className="cart-note">{cartNote(prices.display, prices.gstPercent)}</p>
          <div className="cart-sidebar__actions">
            <Link to="/cart" className="button button--outline">
              View Cart
            </Link>
            <Link to="/checkout" className="button">
              Checkout
            </Link>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * The cart sidebar (SPEC §2 Cart sidebar): a modal drawer on the right (full width on phones) with the
 * cart's lines, Item count, Subtotal, Shipping and Tax of $0.00, Total, and View Cart and Checkout.
 * Opening moves focus into it and locks the page's scroll; Escape, the close button or a tap on the dimmed
 * page close it and put focus back where it was (the cart icon, or the add-to-cart button that opened it).
 * The root layout makes the rest of the page inert while it is open, which keeps keyboard focus inside.
 */
export function CartSidebar({ id, open, onClose, returnFocusRef }: CartSidebarProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const restoreFocusRef = useRef(false);

  const requestClose = useCallback(() => {
    restoreFocusRef.current = true;
    onClose();
  }, [onClose]);

  // Before paint: remember what had focus (the cart icon, or the button that added a product), move in.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
    restoreFocusRef.current = false;
    panelRef.current?.focus();
  }, [open]);

  // After an explicit close the page is no longer inert: give focus back. A followed link keeps its own.
  useEffect(() => {
    if (open || !restoreFocusRef.current) return;
    restoreFocusRef.current = false;
    const opener = openerRef.current;
    const target = opener?.isConnected ? opener : returnFocusRef.current;
    target?.focus();
  }, [open, returnFocusRef]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      requestClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, requestClose]);

  // The page behind must not scroll under the drawer; the scrollbar's width is kept so nothing shifts.
  // A layout effect, so the lock is on before the drawer is first painted.
  useLayoutEffect(() => {
    if (!open) return;
    const { body, documentElement } = document;
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    return () => {
      body.style.overflow = before.overflow;
      body.style.paddingRight = before.paddingRight;
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="cart-sidebar">
      <div className="cart-sidebar__backdrop" aria-hidden="true" onClick={requestClose} />
      <div
        ref={panelRef}
        id={id}
        className="cart-sidebar__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <SidebarContent titleId={titleId} onClose={requestClose} panelRef={panelRef} />
      </div>
    </div>
  );
}
