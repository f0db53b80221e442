import { ChevronIcon } from './chevron-icon';
import { Link } from 'react-router';
import type { PageItem } from '@/lib/pagination';
import './pagination.css';

export interface PaginationProps {
  items: PageItem[];
  current: number;
  /** The link of a page, e.g. `/shop?page=3&brand=voltcore`. */
  hrefFor: (page: number) => string;
  /** Names the navigation landmark, e.g. 'Pages of products'. */
  label?: string;
}

/**
 * Page links (SPEC §2, §9) with previous and next links around them; the current page is marked for
 * screen readers with aria-current.
 */
export function Pagination({ items, current, hrefFor, label = 'Pagination' }: PaginationProps) {
  const last = Math.max(1, ...items.filter((item) => typeof item === 'number'));
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {current > 1 && (
          <li>
            <Link
              to={hrefFor(Math.min(current - 1, last))}
              className="pagination__link pagination__step"
              aria-label="Previous page"
            >
              <ChevronIcon size="small" direction="previous" />
            </Link>
          </li>
        )}
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
        {current < last && (
          <li>
            <Link
              to={hrefFor(current + 1)}
              className="pagination__link pagination__step"
              aria-label="Next page"
            >
              <ChevronIcon size="small" direction="next" />
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
