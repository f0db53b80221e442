import { bestSellersLead } from '@store/shared/best-sellers';
import { Link } from 'react-router';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { usePageTitle } from '@/hooks/use-page-title';
import { useBestSellers } from '../api/get-best-sellers';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import './shop-page.css';

/**
 * /best-selling (SPEC §2 'Best Selling'; issue 37 §4): the best sellers of the last 90 days as the shop's product
 * grid, or the featured products while there are too few orders to rank (the lead says which), then a way on to the
 * whole range. Server-rendered with its products.
 */
export function BestSellingPage() {
  usePageTitle('Best Selling');
  useMetaDescription(
    'Our best-selling car parts, tools and accessories of the last 90 days. Browse the whole range in our shop.',
  );
  const sellers = useBestSellers();
  const answer = sellers.data;
  return (
    <div className="container page best-selling">
      <h1 className="section-title">Best Selling</h1>
      {answer ? <p className="best-selling__lead">{bestSellersLead(answer.basis)}</p> : null}
      {sellers.isPending ? (
        <>
          <p className="visually-hidden" role="status">
            Loading the best sellers…
          </p>
          <ProductGridSkeleton count={8} />
        </>
      ) : sellers.isError ? (
        <p className="notice notice--error" role="alert">
          The best sellers could not be loaded just now.{' '}
          <button type="button" className="button" onClick={() => void sellers.refetch()}>
            Try again
          </button>
        </p>
      ) : answer && answer.data.length > 0 ? (
        <ProductGrid products={answer.data} cardHeadingLevel={2} />
      ) : null}
      <p className="best-selling__more">
        Find more parts, tools and accessories in the <Link to="/shop?page=1">shop</Link>.
      </p>
    </div>
  );
}
