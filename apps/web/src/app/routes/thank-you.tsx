import { useState } from 'react';
import { readLastOrder } from '@/features/checkout/last-order';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { usePageTitle } from '@/hooks/use-page-title';

/** /thank-you (SPEC §2): the order the payment page just placed in this tab, or a plain thank-you. */
export function ThankYouRoute() {
  usePageTitle('Thank you for your order');
  const [order] = useState(readLastOrder);
  return <OrderConfirmation order={order} />;
}
