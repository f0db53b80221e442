import { PrivacyPolicyPage } from '@/features/content/components/privacy-policy-page';

/** /privacy-and-policy (SPEC §1): the privacy policy under the Australian Privacy Principles. */
export function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}
