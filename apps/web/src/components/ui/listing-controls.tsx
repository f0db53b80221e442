import type { SearchSort } from '@store/shared/listing-sorts';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ActiveFilters } from './active-filters';
import { FiltersToggle, useFiltersPanel } from './filters-toggle';
import { ListingFilterForm } from './listing-filter-form';
import {
  listingFilterItems,
  selectedSort,
  withSort,
  withoutFilters,
  type ListingQuery,
} from './listing-query';
import { SortSelect } from './sort-select';
import './listing-controls.css';

/**
 * The parameters of the page's address other than its page and the filters the form sets (its search, brand,
 * sort), which the filter form keeps as hidden fields for its GET without scripts.
 */
function keptParams(href: string): Record<string, string> {
  const search = new URL(href, 'http://local').searchParams;
  const set = new Set(['page', 'min_price', 'max_price', 'in_stock']);
  return Object.fromEntries([...search].filter(([name]) => !set.has(name)));
}

export interface ListingControlsProps<S extends SearchSort> {
  /** The sorts offered, in menu order (SEARCH_SORTS or SHOP_SORTS). */
  sorts: readonly S[];
  /** The page's default sort (left out of its address). */
  defaultSort: S;
  /** The listing part of the address being shown. */
  query: ListingQuery;
  /** The page's address on page 1 with this listing query (its own params, such as the search, kept). */
  hrefFor: (query: ListingQuery) => string;
  /** The page's heading and count, shown beside the sort menu and Filters button (below them on a phone). */
  head: ReactNode;
}

/**
 * Sort, Filters (price range and in stock only, hidden until asked for) and the active filters of a listing
 * without a sidebar: the search results and brand pages (issue 13). Every change goes back to page 1 and keeps
 * the rest of the address.
 */
export function ListingControls<S extends SearchSort>({
  sorts,
  defaultSort,
  query,
  hrefFor,
  head,
}: ListingControlsProps<S>) {
  const navigate = useNavigate();
  const { open, panelId, toggleRef, toggle, afterChoice } = useFiltersPanel();
  const items = listingFilterItems(query, hrefFor);

  return (
    <div className="listing-controls">
      <div className="listing-controls__top">
        <div className="listing-controls__head">{head}</div>
        <div className="listing-controls__bar">
          <SortSelect
            sorts={sorts}
            value={selectedSort(query, sorts, defaultSort)}
            onChange={(sort) => void navigate(hrefFor(withSort(query, sort, defaultSort)))}
          />
          <FiltersToggle
            ref={toggleRef}
            expanded={open}
            controls={panelId}
            onToggle={toggle}
            activeCount={items.length}
          />
        </div>
      </div>
      <div id={panelId} className="listing-controls__panel" hidden={!open}>
        {open && (
          <ListingFilterForm
            layout="inline"
            query={query}
            keep={keptParams(hrefFor({ sort: query.sort, all_parts: query.all_parts }))}
            onApply={(filters) => {
              void navigate(hrefFor({ ...query, ...filters }));
              afterChoice();
            }}
            onClear={() => {
              void navigate(hrefFor(withoutFilters(query)));
              afterChoice();
            }}
          />
        )}
      </div>
      <ActiveFilters items={items} clearHref={hrefFor(withoutFilters(query))} />
    </div>
  );
}
