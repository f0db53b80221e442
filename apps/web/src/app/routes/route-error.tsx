import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown in place of a page that failed to load or render; the header and footer stay. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container page page--message" role="alert">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'The page you are looking for does not exist or has moved.'
          : 'An unexpected error occurred.'}
      </p>
      <Link className="button" to="/" reloadDocument>
        Back to the home page
      </Link>
    </div>
  );
}

/** Shown while a page's code is loading on the first visit. */
export function PageLoading() {
  return (
    <div className="container page" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
