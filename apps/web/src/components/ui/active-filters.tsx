import { useId } from 'react';
import { Link } from 'react-router';
import type { ActiveFilterItem } from './listing-query';
import './listing-controls.css';

function CrossIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="m4 4 8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export interface ActiveFiltersProps {
  items: readonly ActiveFilterItem[];
  /** The address without any of them (page 1, the sort kept). */
  clearHref: string;
}

/**
 * The filters narrowing a listing, each a link that removes it (back to page 1, the rest kept), and 'Clear
 * filters' for all of them (issue 13). Nothing is shown while no filter is set.
 */
export function ActiveFilters({ items, clearHref }: ActiveFiltersProps) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="active-filters">
      <p id={id} className="active-filters__title">
        Filtered by
      </p>
      <ul className="active-filters__list" aria-labelledby={id}>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.href} className="active-filters__chip" aria-label={`Remove filter ${item.label}`}>
              {item.label}
              <CrossIcon />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={clearHref} className="active-filters__clear">
        Clear filters
      </Link>
    </div>
  );
}
