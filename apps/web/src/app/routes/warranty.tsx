import { WarrantyPage } from '@/features/content/components/warranty-page';

/** /warranty (issue 18 §4): the warranty against defects the home page advertises. */
export function WarrantyRoute() {
  return <WarrantyPage />;
}
