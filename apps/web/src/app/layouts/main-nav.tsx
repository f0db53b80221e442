import { brandPath, categoryPath, childCategoryPath } from '@store/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { brandsQueryOptions } from '@/features/catalog/api/get-brands';
import { useCategories } from '@/features/catalog/api/get-categories';
import { GridIcon } from './icons';
import { NavDropdown } from './nav-dropdown';
import {
  ALL_BRANDS,
  CONTACT_US,
  FAQS,
  POLICY_PAGES,
  RETURN,
  SHOP_ALL,
  TRACK_ORDER,
  type NavLink,
} from './nav-links';

function PlainLink({ link }: { link: NavLink }) {
  return (
    <RouterNavLink to={link.to} className="main-nav__link">
      {link.label}
    </RouterNavLink>
  );
}

/**
 * Shop: the mega menu of categories and their child categories (SPEC §2 Navigation bar), as the back office orders
 * and names them (issue 36 §2): `/api/categories`, which the server renders with every page (the shell's loader)
 * and which leaves retired ones out.
 */
function ShopMenu() {
  const categories = useCategories();
  return (
    <NavDropdown label="Shop" className="nav-dropdown--mega">
      <div className="mega-menu">
        {categories.isPending ? (
          <p className="nav-dropdown__note">Loading categories…</p>
        ) : categories.isError ? (
          <p className="nav-dropdown__note">Error loading categories: {categories.error.message}</p>
        ) : (
          <ul className="mega-menu__grid" role="list">
            {categories.data.map((category) => (
              <li key={category.id} className="mega-menu__group">
                <Link to={categoryPath(category.sku)} className="mega-menu__title">
                  {category.title}
                </Link>
                <ul role="list">
                  {category.child_categories.map((child) => (
                    <li key={child.child_sku}>
                      <Link to={childCategoryPath(child.child_sku)} className="mega-menu__link">
                        {child.child_title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        <Link to={SHOP_ALL.to} className="button mega-menu__all">
          {SHOP_ALL.label}
        </Link>
      </div>
    </NavDropdown>
  );
}

/** All Brands: the brands the server lists, loaded when the shopper reaches for the menu. */
function BrandsMenu() {
  const [wanted, setWanted] = useState(false);
  const brands = useQuery({ ...brandsQueryOptions(), enabled: wanted });
  return (
    <NavDropdown label="All Brands" className="nav-dropdown--brands" onIntent={() => setWanted(true)}>
      {brands.isPending ? (
        <p className="nav-dropdown__note">Loading brands…</p>
      ) : brands.isError ? (
        <p className="nav-dropdown__note">Error loading brands: {brands.error.message}</p>
      ) : (
        <ul className="nav-dropdown__list nav-dropdown__list--columns" role="list">
          {brands.data.data.map((brand) => (
            <li key={brand.id}>
              <Link to={brandPath(brand.permalink)} className="nav-dropdown__link">
                {brand.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={ALL_BRANDS.to} className="nav-dropdown__footer-link">
        {ALL_BRANDS.label}
      </Link>
    </NavDropdown>
  );
}

function PolicyMenu() {
  return (
    <NavDropdown label="Policy Pages" className="nav-dropdown--end">
      <ul className="nav-dropdown__list" role="list">
        {POLICY_PAGES.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="nav-dropdown__link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </NavDropdown>
  );
}

export interface MainNavProps {
  signedIn: boolean;
  categoriesOpen: boolean;
  onBrowseCategories: (event: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * The navigation bar of wide screens (SPEC §2): Browse Categories, Shop, All Brands, Contact Us, Return,
 * Track Order (signed-out only), FAQs and Policy Pages. Phones get the same links in the mobile menu.
 */
export function MainNav({ signedIn, categoriesOpen, onBrowseCategories }: MainNavProps) {
  return (
    <nav className="main-nav" aria-label="Main">
      <div className="container main-nav__inner">
        <button
          type="button"
          className="main-nav__categories"
          aria-haspopup="dialog"
          aria-expanded={categoriesOpen}
          onClick={onBrowseCategories}
        >
          <GridIcon />
          Browse Categories
        </button>
        <ul className="main-nav__list" role="list">
          <li>
            <ShopMenu />
          </li>
          <li>
            <BrandsMenu />
          </li>
          <li>
            <PlainLink link={CONTACT_US} />
          </li>
          <li>
            <PlainLink link={RETURN} />
          </li>
          {!signedIn && (
            <li>
              <PlainLink link={TRACK_ORDER} />
            </li>
          )}
          <li>
            <PlainLink link={FAQS} />
          </li>
          <li>
            <PolicyMenu />
          </li>
        </ul>
      </div>
    </nav>
  );
}
