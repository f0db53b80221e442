import { EditorialGuidelinesPage } from '@/features/content/components/editorial-guidelines-page';

/** /editorial-guidelines (SPEC §1); /editorial-guideline redirects here (DESIGN §7). */
export function EditorialGuidelinesRoute() {
  return <EditorialGuidelinesPage />;
}
