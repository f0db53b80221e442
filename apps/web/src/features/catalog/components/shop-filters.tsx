import type { Category } from '@store/shared/product';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListingFilterForm, type ListingFilters } from '@/components/ui/listing-filter-form';
import { useBrands } from '../api/get-brands';
import { useCategories } from '../api/get-categories';
import type { ShopParams } from '../api/get-shop-products';
import { shopFilterHref } from '../shop-search';
import './shop-filters.css';

function errorText(error: unknown): string {
  return (error instanceof Error && error.message.trim()) || 'Unknown error';
}

function Chevron() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="m4 6 4 4 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface CategoryItemProps {
  category: Category;
  active: ShopParams;
  onNavigate: () => void;
}

/** A category link with a disclosure button that shows its child categories. */
function CategoryItem({ category, active, onNavigate }: CategoryItemProps) {
  const holdsActiveChild = category.child_categories.some((c) => c.child_sku === active.child_category);
  const [open, setOpen] = useState(holdsActiveChild || active.category === category.sku);
  const listId = `shop-filter-children-${category.sku}`;
  const isCurrent = active.category === category.sku && !active.child_category && !active.brand;
  return (
    <li className="shop-filters__category">
      <div className="shop-filters__row">
        <Link
          to={shopFilterHref('category', category.sku, active)}
          className="shop-filters__link"
          aria-current={isCurrent ? 'page' : undefined}
          onClick={onNavigate}
        >
          {category.title}
        </Link>
        {category.child_categories.length > 0 && (
          <button
            type="button"
            className="shop-filters__expand"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${category.title} sub-categories`}
            onClick={() => setOpen((o) => !o)}
          >
            <Chevron />
          </button>
        )}
      </div>
      {category.child_categories.length > 0 && (
        <ul id={listId} className="shop-filters__children" hidden={!open}>
          {category.child_categories.map((child) => (
            <li key={child.child_sku}>
              <Link
                to={shopFilterHref('child_category', child.child_sku, active)}
                className="shop-filters__link shop-filters__link--child"
                aria-current={active.child_category === child.child_sku && !active.brand ? 'page' : undefined}
                onClick={onNavigate}
              >
                {child.child_title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export interface ShopFiltersProps {
  id: string;
  /** The filters of the page being shown, to mark the current link. */
  active: ShopParams;
  /** Called when a filter link is followed (the phone layout closes the panel). */
  onNavigate: () => void;
  /** Called with the price range and in stock only when they are applied or cleared. */
  onApply: (filters: ListingFilters) => void;
}

/**
 * The shop sidebar (SPEC §2): the price range and in stock only (the SPEC's hidden price slider, made to work
 * as two boxes in issue 13), then categories, each with its expandable child categories, and brands, every
 * link back to /shop on page 1 keeping the sort, price range and in stock only.
 */
export function ShopFilters({ id, active, onNavigate, onApply }: ShopFiltersProps) {
  const categories = useCategories();
  const brands = useBrands();
  const failed = categories.error ?? brands.error;
  const categoryList = categories.data;
  const brandList = brands.data?.data;

  return (
    <aside id={id} className="shop-filters" aria-label="Filters">
      <ListingFilterForm
        query={active}
        keep={{
          category: active.category,
          child_category: active.child_category,
          brand: active.brand,
          sort: active.sort,
          all_parts: active.all_parts,
        }}
        onApply={onApply}
        onClear={() => onApply({ min_price: undefined, max_price: undefined, in_stock: undefined })}
      />
      {failed ? (
        <p className="notice notice--error" role="alert">
          Error loading categories and brands: {errorText(failed)}
        </p>
      ) : !categoryList || !brandList ? (
        <div className="shop-filters__loading" aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading categories and brands…
          </span>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="skeleton shop-filters__skeleton" />
          ))}
        </div>
      ) : (
        <>
          <section className="shop-filters__group" aria-labelledby={`${id}-categories`}>
            <h2 id={`${id}-categories`} className="shop-filters__heading">
              Categories
            </h2>
            <ul className="shop-filters__list">
              {categoryList.map((category) => (
                <CategoryItem
                  key={category.sku}
                  category={category}
                  active={active}
                  onNavigate={onNavigate}
                />
              ))}
            </ul>
          </section>
          <section className="shop-filters__group" aria-labelledby={`${id}-brands`}>
            <h2 id={`${id}-brands`} className="shop-filters__heading">
              Brands
            </h2>
            <ul className="shop-filters__list shop-filters__list--brands">
              {brandList.map((brand) => (
                <li key={brand.permalink}>
                  <Link
                    to={shopFilterHref('brand', brand.permalink, active)}
                    className="shop-filters__link"
                    aria-current={
                      active.brand === brand.permalink && !active.category && !active.child_category
                        ? 'page'
                        : undefined
                    }
                    onClick={onNavigate}
                  >
                    {brand.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </aside>
  );
}
