import { TermsConditionsPage } from '@/features/content/components/terms-conditions-page';

/** /terms-conditions (SPEC §1 static pages). */
export function TermsConditionsRoute() {
  return <TermsConditionsPage />;
}
