import { CheckoutPage } from '@/features/checkout/components/checkout-page';

/** /checkout (SPEC §2 Checkout). */
export function CheckoutRoute() {
  return <CheckoutPage />;
}
