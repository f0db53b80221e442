import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getCartLines } from '@/stores/cart-store';
import { readCheckoutData, type CheckoutData } from '../checkout-storage';

type Entry = { checkout: CheckoutData } | { redirectTo: '/' | '/checkout' };

/**
 * Decides, once as the page opens, whether there is anything to pay for.
 * - Empty cart: home (SPEC §2 "Empty cart goes to /").
 * - Cart with items but no saved checkout data (never saved, older than 5 minutes, or removed by the
 *   wallet page): /checkout rather than /. The shopper still wants these items; checkout keeps the cart,
 *   recomputes the totals from today's prices and saves fresh data in one click, where / would make them
 *   find their way back.
 * Deciding once, not on every cart change, keeps a successful payment (which empties the cart on its way
 * to /thank-you) from bouncing the shopper home instead.
 */
function entryFor(checkout: CheckoutData | null): Entry {
  if (getCartLines().length === 0) return { redirectTo: '/' };
  if (!checkout || checkout.items.length === 0) return { redirectTo: '/checkout' };
  return { checkout };
}

/** Renders the payment page with the saved checkout data, or sends the shopper where they can go on. */
export function PaymentLayoutGate({ children }: { children: (checkout: CheckoutData) => ReactNode }) {
  const [entry] = useState(() => entryFor(readCheckoutData()));
  if ('redirectTo' in entry) return <Navigate to={entry.redirectTo} replace />;
  return children(entry.checkout);
}
