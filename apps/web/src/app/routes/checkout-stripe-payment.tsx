import { CardPaymentPanel } from '@/features/checkout/components/card-payment-panel';
import { PaymentLayout } from '@/features/checkout/components/payment-layout';
import { PaymentLayoutGate } from '@/features/checkout/components/payment-layout-gate';
import { usePageTitle } from '@/hooks/use-page-title';

/** /checkout-stripe-payment (SPEC §2 Payment pages): pay by card for the saved checkout data. */
export function CardPaymentRoute() {
  usePageTitle('Complete Your Payments');
  return (
    <PaymentLayoutGate>
      {(checkout) => (
        <PaymentLayout checkout={checkout} paymentTitle="Choose how to pay">
          <CardPaymentPanel checkout={checkout} />
        </PaymentLayout>
      )}
    </PaymentLayoutGate>
  );
}
