import { SORT_LABELS, type SearchSort } from '@store/shared/listing-sorts';
import { useId } from 'react';
import './listing-controls.css';

export interface SortSelectProps<S extends SearchSort> {
  /** The sorts offered, in menu order (SHOP_SORTS or SEARCH_SORTS). */
  sorts: readonly S[];
  value: S;
  onChange: (sort: S) => void;
}

/**
 * The listing's 'Sort by' menu (issue 13). Choosing an order shows it at once: the page's address changes and
 * the list is asked for again; focus stays on the menu.
 */
export function SortSelect<S extends SearchSort>({ sorts, value, onChange }: SortSelectProps<S>) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id} className="sort-select__label">
        Sort by
      </label>
      <select
        id={id}
        className="sort-select__menu"
        value={value}
        onChange={(event) => {
          const chosen = sorts.find((s) => s === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
