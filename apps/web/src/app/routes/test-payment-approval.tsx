import { TestPaymentApprovalPage } from '@/features/checkout/components/test-payment-approval-page';
import { usePageTitle } from '@/hooks/use-page-title';

/** /checkout/test-payment-approval (issue 40 §4): the offline test provider's stand-in for Afterpay's and Zip's page. */
export function TestPaymentApprovalRoute() {
  usePageTitle('Approve your payment (test mode)');
  return <TestPaymentApprovalPage />;
}
