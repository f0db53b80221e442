import { PART_ENQUIRY_SENT_PARAM } from '@store/shared/customer-service';
import { shopPath } from '@store/shared/paths';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCategories } from '@/features/catalog/api/get-categories';
import { PartEnquiryForm } from '@/features/customer-service/components/part-enquiry-form';
import { VehicleSelector } from '@/features/garage/components/vehicle-selector';
import { SearchSuggestions } from '@/features/search/components/search-suggestions';
import { useCurrentVehicle } from '@/stores/garage-store';

export interface SearchNoResultsProps {
  query: string;
  /** The search answer's `suggestions` (what the shopper may have meant). */
  suggestions: readonly string[] | undefined;
}

/**
 * What a search that found nothing offers under 'No results found.' (issue 37 §4: no dead ends): "Did you mean …"
 * from the catalog's own words, shop by vehicle (the home page's selector, to the shop for that vehicle), the
 * categories, and a part enquiry that reaches the store. Server-rendered with the page; the enquiry is a real form.
 */
export function SearchNoResults({ query, suggestions }: SearchNoResultsProps) {
  const categories = useCategories();
  const vehicle = useCurrentVehicle();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const sentWithoutScripts = params.get(PART_ENQUIRY_SENT_PARAM) === 'sent';
  params.delete(PART_ENQUIRY_SENT_PARAM);
  const returnTo = `${location.pathname}${params.size > 0 ? `?${params.toString()}` : ''}`;

  return (
    <>
      <SearchSuggestions suggestions={suggestions} />
      <div className="search-help">
        <section className="search-help__vehicle" aria-label="Shop by vehicle">
          <VehicleSelector
            title={vehicle ? `Shopping for your ${vehicle.short_label}` : 'Shop by vehicle'}
            submitLabel={vehicle ? 'Change vehicle' : 'Shop for this vehicle'}
            onChosen={() => void navigate('/shop')}
          />
        </section>
        {categories.data && categories.data.length > 0 ? (
          <section className="search-help__browse" aria-labelledby="search-help-categories">
            <h2 id="search-help-categories" className="search-help__title">
              Browse the categories
            </h2>
            <ul className="search-help__categories">
              {categories.data.map((category) => (
                <li key={category.id}>
                  <Link to={shopPath({ page: 1, category: category.sku })}>{category.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="search-help__enquiry">
          <PartEnquiryForm
            query={query}
            vehicle={vehicle?.label ?? ''}
            returnTo={returnTo}
            sentWithoutScripts={sentWithoutScripts}
          />
        </div>
      </div>
    </>
  );
}
