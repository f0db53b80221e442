import { AboutUsPage } from '@/features/content/components/about-us-page';

/** /about-us (SPEC §1 static pages): who the store is and what it sells. */
export function AboutUsRoute() {
  return <AboutUsPage />;
}
