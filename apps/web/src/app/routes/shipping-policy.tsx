import { ShippingPolicyPage } from '@/features/content/components/shipping-policy-page';

/** /shipping-policy (SPEC §9 Shipping); /shipping-option redirects here (DESIGN §7). */
export function ShippingPolicyRoute() {
  return <ShippingPolicyPage />;
}
