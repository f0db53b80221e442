import { PaymentLayout } from '@/features/checkout/components/payment-layout';
import { PaymentLayoutGate } from '@/features/checkout/components/payment-layout-gate';
import { WalletPaymentPanel } from '@/features/checkout/components/wallet-payment-panel';
import { usePageTitle } from '@/hooks/use-page-title';

/** /checkout-paypal-payment (SPEC §2 Payment pages): pay with the wallet, the default method. */
export function WalletPaymentRoute() {
  usePageTitle('Complete Your Payments');
  return (
    <PaymentLayoutGate>
      {(checkout) => (
        <PaymentLayout checkout={checkout} paymentTitle="Pay with PayPal">
          <WalletPaymentPanel checkout={checkout} />
        </PaymentLayout>
      )}
    </PaymentLayoutGate>
  );
}
