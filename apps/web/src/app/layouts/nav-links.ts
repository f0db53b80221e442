/**
 * The shell's links (SPEC §2 Header, Navigation bar, Footer). Desktop and mobile menus read the same lists,
 * except where the SPEC's mobile menu has its own odd links (kept as stated, DESIGN §7; the router and the
 * server redirect /editorial-guideline, so nothing 404s).
 */

export interface NavLink {
  label: string;
  to: string;
}

export const SHOP_ALL: NavLink = { label: 'Shop all products', to: '/shop?page=1' };
export const ALL_BRANDS: NavLink = { label: 'View all brands', to: '/brands' };

/** The plain links of the navigation bar, in the SPEC's order (Track Order is for signed-out visitors). */
export const CONTACT_US: NavLink = { label: 'Contact Us', to: '/contact-us' };
export const RETURN: NavLink = { label: 'Return', to: '/return-order' };
export const TRACK_ORDER: NavLink = { label: 'Track Order', to: '/guest-track-order' };
export const FAQS: NavLink = { label: 'FAQs', to: '/faqs' };

/** The Policy Pages dropdown of the navigation bar. */
export const POLICY_PAGES: readonly NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-and-policy' },
  { label: 'Shipping Policy', to: '/shipping-policy' },
  { label: 'Return Policy', to: '/return-policy' },
  { label: 'Terms & Conditions', to: '/terms-conditions' },
  { label: 'Editorial Guidelines', to: '/editorial-guidelines' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Feedback', to: '/feedback' },
];

/**
 * The mobile menu's Policy Pages, exactly as the SPEC lists them (§2 'Link inconsistencies seen'): its
 * Editorial Guidelines link is /editorial-guideline and its Terms link goes to /return-policy.
 */
export const MOBILE_POLICY_PAGES: readonly NavLink[] = [
  { label: 'Privacy Policy', to: '/privacy-and-policy' },
  { label: 'Shipping Policy', to: '/shipping-policy' },
  { label: 'Return Policy', to: '/return-policy' },
  { label: 'Terms & Conditions', to: '/return-policy' },
  { label: 'Editorial Guidelines', to: '/editorial-guideline' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Feedback', to: '/feedback' },
];

/** Signed-in account links (SPEC §2 Header: the user's name opens My Account, Order History, Sign Out). */
export const ACCOUNT_LINKS: readonly NavLink[] = [
  { label: 'My Account', to: '/my-account' },
  { label: 'Order History', to: '/order-history' },
  { label: 'Trade account', to: '/my-account/trade' },
];

/** Issue 39 §5: for members of an approved trade account, quick order by part number. */
export const QUICK_ORDER: NavLink = { label: 'Quick order', to: '/my-account/quick-order' };

/** Footer link columns (the footer's shipping link is /shipping-policy). */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Shop',
    links: [
      { label: 'All Products', to: '/shop?page=1' },
      { label: 'All Brands', to: '/brands' },
      { label: 'Best Selling', to: '/best-selling' },
      { label: 'Cart', to: '/cart' },
    ],
  },
  {
    title: 'Help',
    links: [
      { label: 'Contact Us', to: '/contact-us' },
      { label: 'Track Order', to: '/guest-track-order' },
      { label: 'Return an Order', to: '/return-order' },
      { label: 'FAQs', to: '/faqs' },
      { label: 'Feedback', to: '/feedback' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { label: 'About Us', to: '/about-us' },
      { label: 'Privacy Policy', to: '/privacy-and-policy' },
      { label: 'Shipping Policy', to: '/shipping-policy' },
      { label: 'Return Policy', to: '/return-policy' },
      { label: 'Warranty', to: '/warranty' },
      { label: 'Terms & Conditions', to: '/terms-conditions' },
      { label: 'Editorial Guidelines', to: '/editorial-guidelines' },
    ],
  },
];

/** SPEC §2: no header or footer on the sitemap pages. */
export const SITEMAP_PATHS: ReadonlySet<string> = new Set([
  '/sitemap.xml',
  '/product-sitemap.xml',
  '/category-sitemap.xml',
  '/child-category-sitemap.xml',
  '/brand-sitemap.xml',
  '/other-sitemap.xml',
]);
