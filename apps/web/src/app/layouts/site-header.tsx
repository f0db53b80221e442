import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CartLink, type CartLinkProps } from '@/features/cart/components/cart-link';
import { GarageBar } from '@/features/garage/components/garage-bar';
import { SearchBox } from '@/features/search/components/search-box';
import { CategorySideMenu } from './category-side-menu';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import { TopBar } from './top-bar';
import { useLeadingDebounce } from './use-leading-debounce';
import { useShellUser } from './shell-user';
import { signOut, useIdleSignOut } from './use-idle-sign-out';
import { useMemberCartSync } from '@/features/cart/member-cart-sync';

/** SPEC §9: the category menu toggle is debounced by 300 ms. */
export const CATEGORY_MENU_DEBOUNCE_MS = 300;

function StoreLogo() {
  return (
    <span className="site-header__logo" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path
          fill="currentColor"
          d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm9 4.6v-2.2l-2.4-.5a7 7 0 0 0-.8-1.9l1.3-2-1.6-1.6-2 1.3a7 7 0 0 0-1.9-.8L13.1 3h-2.2l-.5 2.4a7 7 0 0 0-1.9.8l-2-1.3-1.6 1.6 1.3 2a7 7 0 0 0-.8 1.9L3 10.9v2.2l2.4.5c.2.7.4 1.3.8 1.9l-1.3 2 1.6 1.6 2-1.3c.6.4 1.2.6 1.9.8l.5 2.4h2.2l.5-2.4c.7-.2 1.3-.4 1.9-.8l2 1.3 1.6-1.6-1.3-2c.4-.6.6-1.2.8-1.9l2.4-.5Z"
        />
      </svg>
    </span>
  );
}

export interface SiteHeaderProps {
  storeName: string;
  /** False until the store config has answered: the name shows as a placeholder bar. */
  settled: boolean;
  /** The cart icon's link to the cart sidebar (open state, toggle, focus target). */
  cart: CartLinkProps;
  /** The signup plan's percent from the store config (undefined until it has answered). */
  memberDiscountPercent?: number | undefined;
}

/** SPEC §2 Header and Navigation bar: top bar, logo, live search, the cart icon (opens the sidebar), the menus. */
export function SiteHeader({ storeName, settled, cart, memberDiscountPercent }: SiteHeaderProps) {
  const user = useShellUser();
  const navigate = useNavigate();
  useIdleSignOut();
  useMemberCartSync();
  const { key } = useLocation();
  // Open on the page it was opened on: following a link (or Back) closes it.
  const [categoriesOpenOn, setCategoriesOpenOn] = useState<string | null>(null);
  const categoriesOpen = categoriesOpenOn === key;
  const returnFocusRef = useRef<HTMLElement | null>(null);

  const toggleCategories = useLeadingDebounce(
    useCallback(() => setCategoriesOpenOn((was) => (was === key ? null : key)), [key]),
    CATEGORY_MENU_DEBOUNCE_MS,
  );

  const closeCategories = useCallback(() => {
    setCategoriesOpenOn(null);
    returnFocusRef.current?.focus();
  }, []);

  const browseFrom = (opener: HTMLElement | null) => {
    returnFocusRef.current = opener;
    toggleCategories();
  };

  return (
    <header className="site-header">
      <TopBar
        user={user}
        memberDiscountPercent={memberDiscountPercent}
        onSignOut={() =>
          void signOut().then(() => {
            void import('react-toastify').then(({ toast }) => toast.info('Signed out.'));
            void navigate('/');
          })
        }
      />
      <div className="container site-header__inner">
        <MobileMenu signedIn={user !== null} onBrowseCategories={browseFrom} />
        <Link to="/" className="site-header__brand">
          <StoreLogo />
          {settled ? (
            <span className="site-header__name">{storeName}</span>
          ) : (
            <>
              <span className="site-header__name skeleton skeleton--name" />
              <span className="visually-hidden">Home</span>
            </>
          )}
        </Link>
        <div className="site-header__search">
          <SearchBox />
        </div>
        <CartLink {...cart} />
      </div>
      <MainNav
        signedIn={user !== null}
        categoriesOpen={categoriesOpen}
        onBrowseCategories={(event: MouseEvent<HTMLButtonElement>) => browseFrom(event.currentTarget)}
      />
      <GarageBar />
      <CategorySideMenu open={categoriesOpen} onClose={closeCategories} onBackdropClick={toggleCategories} />
    </header>
  );
}
