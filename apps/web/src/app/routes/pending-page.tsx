import { Link, useLocation } from 'react-router';
import { PENDING_PAGE_TITLES } from './pending-pages';

/** A SPEC page that is not built yet: its title, a short note and a way back to shopping. */
export function PendingPageRoute() {
  const { pathname } = useLocation();
  const title = PENDING_PAGE_TITLES[pathname] ?? 'Coming soon';
  return (
    <div className="container page page--message">
      <h1>{title}</h1>
      <p>This page is on its way. In the meantime, our whole range is in the shop.</p>
      <Link className="button" to="/shop?page=1">
        Shop all products
      </Link>
    </div>
  );
}
