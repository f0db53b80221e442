import { Link } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { usePageTitle } from '@/hooks/use-page-title';

/** /404 and every unknown path (SPEC §2); the server answers these paths with status 404. */
export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <div className="container page">
      <StatusMessage
        image="not-found"
        title="Page not found"
        actions={
          <>
            <Link className="button" to="/shop?page=1">
              Shop all products
            </Link>
            <Link className="button button--secondary" to="/">
              Back to the home page
            </Link>
          </>
        }
      >
        <p>
          Looks like this road doesn&rsquo;t go anywhere. The page may have moved, or the link may be
          mistyped.
        </p>
        <p>Our full range of batteries, lights, tools and accessories is still just a click away.</p>
      </StatusMessage>
    </div>
  );
}
