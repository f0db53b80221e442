import { brandPagePath } from '@store/shared/paths';
import { useId } from 'react';
import { Link } from 'react-router';
import { useBrands } from '../api/get-brands';
import { useCategories } from '../api/get-categories';
import { shopFilterHref } from '../shop-search';

/**
 * The cart page's side panel (SPEC §2 Cart page): every category (/shop?page=1&category={sku}) and every
 * brand (/brand?page=1&brand={permalink}), for a shopper who wants to keep shopping. A failed category load
 * says 'Error loading categories: {message}' (SPEC §8). The cart route hands it to the cart page, which lays it
 * out and styles it (cart-page.css).
 */
export function CartBrowsePanel() {
  const categories = useCategories();
  const brands = useBrands();
  const categoriesId = useId();
  const brandsId = useId();
  return (
    <aside className="cart-browse" aria-label="Keep shopping">
      <section className="cart-browse__section" aria-labelledby={categoriesId}>
        <h2 id={categoriesId} className="cart-browse__title">
          Categories
        </h2>
        {categories.isPending ? (
          <p className="cart-browse__note">Loading categories…</p>
        ) : categories.isError ? (
          <p className="cart-browse__note cart-browse__note--error" role="alert">
            Error loading categories: {categories.error.message}
          </p>
        ) : (
          <ul className="cart-browse__list" role="list">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link to={shopFilterHref('category', category.sku)} className="cart-browse__link">
                  {category.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cart-browse__section" aria-labelledby={brandsId}>
        <h2 id={brandsId} className="cart-browse__title">
          Brands
        </h2>
        {brands.isPending ? (
          <p className="cart-browse__note">Loading brands…</p>
        ) : brands.isError ? (
          <p className="cart-browse__note cart-browse__note--error">
            Error loading brands: {brands.error.message}
          </p>
        ) : (
          <ul className="cart-browse__chips" role="list">
            {brands.data.data.map((brand) => (
              <li key={brand.id}>
                <Link to={brandPagePath(brand.permalink)} className="cart-browse__chip">
                  {brand.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
