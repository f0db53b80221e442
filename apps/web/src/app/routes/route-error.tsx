import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { StatusMessage } from '@/components/ui/status-message';
import { usePageTitle } from '@/hooks/use-page-title';

/** Shown while a page's code is loading on the first visit (the router's HydrateFallback). */
export { PageLoading } from '@/components/ui/page-loading';

/** Shown in place of a page that failed to load or render; the header and footer stay. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? 'Page not found' : 'Something went wrong');
  return (
    <div className="container page">
      {notFound ? (
        <StatusMessage
          role="alert"
          image="not-found"
          title="Page not found"
          actions={
            <>
              <Link className="button" to="/shop?page=1" reloadDocument>
                Shop all products
              </Link>
              <Link className="button button--secondary" to="/" reloadDocument>
                Back to the home page
              </Link>
            </>
          }
        >
          <p>The page you are looking for does not exist or has moved.</p>
        </StatusMessage>
      ) : (
        <StatusMessage
          role="alert"
          image="bad-request"
          title="Something went wrong"
          actions={
            <>
              <button type="button" className="button" onClick={() => window.location.reload()}>
                Reload the page
              </button>
              <Link className="button button--secondary" to="/" reloadDocument>
                Back to the home page
              </Link>
            </>
          }
        >
          <p>
            An unexpected error occurred. Reloading usually fixes it; if not, please try again in a minute.
          </p>
        </StatusMessage>
      )}
    </div>
  );
}
