import { Link } from 'react-router';
import { useCartCount } from '@/stores/cart-store';

/** 'Cart, 1 item' / 'Cart, 3 items': the link's name, so the count is read out with it. */
export function cartLinkLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The header's cart icon with the number of items (SPEC §2 Header). It links to /cart; the cart sidebar
 * (opened by this icon, throttled to once a second) arrives with the cart issue.
 */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link to="/cart" className="cart-link" aria-label={cartLinkLabel(count)}>
      <svg
        viewBox="0 0 24 24"
        width="26"
        height="26"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20.5" r="1.3" />
        <circle cx="17" cy="20.5" r="1.3" />
      </svg>
      <span className="cart-link__count" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="cart-link__label" aria-hidden="true">
        Cart
      </span>
    </Link>
  );
}
