/**
 * /robots.txt (issue 11): crawlers may read every public page; the API and the pages that belong to one
 * shopper (cart, checkout and payment, account, order tracking, thank-you, unsubscribe) are disallowed; the
 * sitemap index is named on the configured public base (never the request's Host). Decision 0015.
 */

/**
 * Path prefixes crawlers are asked to leave alone. robots.txt rules are prefixes: `/checkout` also covers
 * `/checkout-paypal-payment` and `/checkout-stripe-payment`.
 */
export const ROBOTS_DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/cart',
  '/checkout',
  '/thank-you',
  '/signin',
  '/signup',
  '/forget-password',
  '/forgot-password',
  '/reset-password',
  '/otp',
  '/my-account',
  '/profile-update',
  '/address',
  '/update-address/',
  '/order-history',
  '/order-details',
  '/track-order',
  '/guest-track-order',
  '/unsubscribe',
  '/return-order/sent',
  '/admin',
];

/** The text of /robots.txt for a store on `base` (an absolute URL without a trailing slash). */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** True when robots.txt asks crawlers to leave `path` (a URL path, with or without a query) alone. */
export function isDisallowedByRobots(path: string): boolean {
  return ROBOTS_DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));
}
