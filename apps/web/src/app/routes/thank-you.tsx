import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { readLastOrder } from '@/features/checkout/last-order';
import { mergeGuestGarage } from '@/features/garage/merge-guest-garage';
import { orderConfirmationQueryOptions } from '@/features/orders/api/order-confirmation';
import { OrderConfirmation } from '@/features/orders/components/order-confirmation';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * /thank-you (SPEC §2; issue 37 §1): the order the payment page just placed in this tab, read again from the server
 * with the pass the tab keeps (decision 0056), so a reload shows the same page; or a plain thank-you.
 */
export function ThankYouRoute() {
  usePageTitle('Thank you for your order');
  const [order] = useState(readLastOrder);
  const confirmation = useQuery({
    ...orderConfirmationQueryOptions(order?.id ?? '', order?.pass),
    // Every order placed from this tab has its pass; an older tab's copy without one shows what it kept.
    enabled: order?.pass !== undefined,
  });
  return (
    <OrderConfirmation
      order={order}
      confirmation={confirmation.data}
      pass={order?.pass}
      afterSignIn={mergeGuestGarage}
      onAccountCreated={() => void confirmation.refetch()}
    />
  );
}
