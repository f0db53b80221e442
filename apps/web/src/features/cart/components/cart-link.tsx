import type { MouseEvent, Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { CartIcon } from '@/components/ui/cart-icon';
import { useCartCount } from '@/stores/cart-store';
import { CART_PATH } from '@/lib/cart-messages';

/** 'Cart, 1 item' / 'Cart, 3 items': the link's name, so the count is read out with it. */
export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

export interface CartLinkProps {
  /** Whether the cart sidebar is open (aria-expanded). */
  expanded: boolean;
  /** The sidebar's id while it is open (aria-controls). */
  controls: string | undefined;
  /** Opens or closes the sidebar (throttled by the caller, SPEC §9). */
  onToggle: () => void;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The header's cart icon with the number of items (SPEC §2 Header). A click opens the cart sidebar; it stays
 * a link to /cart, so a middle or modified click opens the cart page in a new tab, and on /cart itself
 * (where the sidebar never opens) it is a plain link.
 */
export function CartLink({ expanded, controls, onToggle, ref }: CartLinkProps) {
  const count = useCartCount();
  const { pathname } = useLocation();
  const onCartPage = pathname.replace(/\/+$/, '') === CART_PATH;

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (
      onCartPage ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    onToggle();
  }

  return (
    <Link
      ref={ref}
      to={CART_PATH}
      className="cart-link"
      aria-label={cartLinkLabel(count)}
      aria-haspopup={onCartPage ? undefined : 'dialog'}
      aria-expanded={onCartPage ? undefined : expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      <CartIcon size={26} />
      <span className="cart-link__count" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="cart-link__label" aria-hidden="true">
        Cart
      </span>
    </Link>
  );
}
