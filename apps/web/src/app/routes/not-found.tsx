import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <div className="container page page--message">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="button" to="/">
        Back to the home page
      </Link>
    </div>
  );
}
