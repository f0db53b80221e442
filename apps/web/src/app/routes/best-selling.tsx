import { BestSellingPage } from '@/features/content/components/best-selling-page';

/** /best-selling (SPEC §2: a heading only). */
export function BestSellingRoute() {
  return <BestSellingPage />;
}
