import { PaymentReturnPage } from '@/features/checkout/components/payment-return-page';
import { usePageTitle } from '@/hooks/use-page-title';

/** /checkout/payment-return (issue 40 §4): where Afterpay and Zip send the shopper back to finish the order. */
export function PaymentReturnRoute() {
  usePageTitle('Confirming your payment');
  return <PaymentReturnPage />;
}
