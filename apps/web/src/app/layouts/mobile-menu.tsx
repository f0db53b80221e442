import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { CloseIcon, GridIcon, MenuIcon } from './icons';
import { CONTACT_US, FAQS, MOBILE_POLICY_PAGES, RETURN, TRACK_ORDER, type NavLink } from './nav-links';
import { useDisclosure } from './use-disclosure';

/** The mobile menu's links, as the SPEC lists them (Shop and All Brands lead to their pages here). */
const MAIN_LINKS: readonly NavLink[] = [
  { label: 'Shop', to: '/shop?page=1' },
  { label: 'All Brands', to: '/brands' },
  CONTACT_US,
  RETURN,
  TRACK_ORDER,
  FAQS,
];

export interface MobileMenuProps {
  signedIn: boolean;
  /** Opens the categories side menu; focus comes back to the menu button when it closes. */
  onBrowseCategories: (returnFocusTo: HTMLElement | null) => void;
}

/**
 * The hamburger menu of narrow screens (SPEC §2: 'A mobile dropdown repeats these links'), with the SPEC's
 * own Policy Pages links, odd ones included (nav-links.ts MOBILE_POLICY_PAGES).
 */
export function MobileMenu({ signedIn, onBrowseCategories }: MobileMenuProps) {
  const { open, setOpen, toggle, panelId, rootRef, buttonRef, onKeyDown, onBlur } = useDisclosure();
  const policiesId = useId();
  const links = signedIn ? MAIN_LINKS.filter((l) => l !== TRACK_ORDER) : MAIN_LINKS;

  function browseCategories(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    setOpen(false);
    onBrowseCategories(buttonRef.current);
  }

  return (
    <div ref={rootRef} className="mobile-menu" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="mobile-menu__toggle"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      <nav id={panelId} className="mobile-menu__panel" aria-label="Mobile" hidden={!open}>
        {open && (
          <>
            <button
              type="button"
              className="mobile-menu__categories"
              aria-haspopup="dialog"
              onClick={browseCategories}
            >
              <GridIcon />
              Browse Categories
            </button>
            <ul className="mobile-menu__list" role="list">
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="mobile-menu__link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <p id={policiesId} className="mobile-menu__heading">
              Policy Pages
            </p>
            <ul
              className="mobile-menu__list mobile-menu__list--policies"
              role="list"
              aria-labelledby={policiesId}
            >
              {MOBILE_POLICY_PAGES.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="mobile-menu__link">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
    </div>
  );
}
