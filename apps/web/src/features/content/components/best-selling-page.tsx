import { Link } from 'react-router';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';

/** /best-selling (SPEC §2: a heading only), with a sentence that leads to the shop. */
export function BestSellingPage() {
  usePageTitle('Best Selling');
  useMetaDescription(
    'Our best-selling car parts, tools and accessories. Browse the whole range in our shop.',
  );
  return (
    <div className="container page page--message">
      <h1>Best Selling</h1>
      <p>
        Find our popular parts, tools and accessories in the <Link to="/shop?page=1">shop</Link>.
      </p>
    </div>
  );
}
