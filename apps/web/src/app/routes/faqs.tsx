import { FaqPage } from '@/features/content/components/faq-page';

/** /faqs (SPEC §2): categories, an accordion of answers, and 'Still have questions?'. */
export function FaqsRoute() {
  return <FaqPage />;
}
