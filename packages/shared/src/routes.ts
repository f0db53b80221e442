/**
 * The SPA's route table (SPEC §2) and the odd links it keeps as aliases (DESIGN §7).
 * The server answers index.html for these paths and redirects the aliases; the web router uses the same list.
 */

/** Route patterns of SPEC §2; `:name` matches one path segment. */
export const SPA_ROUTES = [
  '/',
  '/shop',
  '/product/:sku',
  '/search-results',
  '/cart',
  '/checkout',
  '/thank-you',
  '/signup',
  '/signin',
  '/forget-password',
  '/reset-password',
  '/404',
  '/too-many-requests',
  '/about-us',
  '/privacy-and-policy',
  '/my-account',
  '/profile-update',
  '/otp',
  '/order-history',
  '/order-details',
  '/contact-us',
  '/return-order',
  '/unsubscribe',
  '/best-selling',
  '/track-order',
  '/guest-track-order',
  '/address',
  '/update-address/:id',
  '/feedback',
  '/shipping-policy',
  '/return-policy',
  // Issue 18 §4: the warranty against defects the home page advertises.
  '/warranty',
  '/terms-conditions',
  '/editorial-guidelines',
  '/checkout-paypal-payment',
  '/checkout-stripe-payment',
  '/brands',
  '/brand',
  '/faqs',
  // Issue 15 §5: the shopper's saved vehicles.
  '/my-garage',
  '/sitemap.xml',
  // The back office (issue 12): the sign-in and password pages and the shell's sections.
  '/admin',
  '/admin/signin',
  '/admin/password',
  '/admin/staff',
  '/admin/orders',
  '/admin/returns',
  '/admin/products',
  '/admin/orders/:publicId',
  '/admin/products/import',
  '/admin/products/:sku',
  '/admin/customers',
  '/admin/messages',
  '/admin/subscribers',
  '/admin/security',
  '/:folderName.xml',
] as const;

/** Links the SPEC uses that differ from its route table; each redirects to its canonical route. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/forgot-password': '/forget-password',
  '/editorial-guideline': '/editorial-guidelines',
  '/shipping-option': '/shipping-policy',
};

/** The route table as regular expressions, built on first use (so the web bundle, which needs none, drops it). */
let routeRegexes: RegExp[] | undefined;

function toRegex(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('/')
      .map((seg) =>
        seg.startsWith(':')
          ? seg.endsWith('.xml')
            ? '[^/]+\\.xml'
            : '[^/]+'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );
}

/** True when a URL path (no query) is one of the SPA's routes. */
export function isSpaRoute(pathname: string): boolean {
  routeRegexes ??= SPA_ROUTES.map(toRegex);
  return routeRegexes.some((re) => re.test(pathname));
}
