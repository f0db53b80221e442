import { ReturnPolicyPage } from '@/features/content/components/return-policy-page';

/** /return-policy (SPEC §9 Returns). */
export function ReturnPolicyRoute() {
  return <ReturnPolicyPage />;
}
