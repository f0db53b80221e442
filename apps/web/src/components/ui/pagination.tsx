import { Link } from 'react-router';
import type { PageItem } from '@/lib/pagination';

export interface PaginationProps {
  items: PageItem[];
  current: number;
  /** The link of a page, e.g. `/shop?page=3&brand=voltcore`. */
  hrefFor: (page: number) => string;
  /** Names the navigation landmark, e.g. 'Pages of products'. */
  label?: string;
}

/** Page links (SPEC §2, §9); the current page is marked for screen readers with aria-current. */
export function Pagination({ items, current, hrefFor, label = 'Pagination' }: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                className={item === current ? 'pagination__link is-current' : 'pagination__link'}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
