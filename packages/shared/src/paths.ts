/**
 * The store's addresses (SPEC §2, issue 35 §3): the page table and the only builders of the shop's URLs.
 *
 * `PAGES` is the route table: the web router (apps/web/src/app/router.tsx) takes each route's path from it,
 * the API answers index.html for its paths (routes.ts `SPA_ROUTES`) and renders on the server the pages that name
 * their web module (`SERVER_RENDERED_PAGES`, apps/api/src/plugins/render-page.ts). The builders below write
 * every link to a page with parameters (product pages, listings with their query strings, order pages), for
 * the web's links, the server's pre-rendering, the sitemaps and the mails alike; an absolute URL is the
 * configured public base followed by one of these paths (`absoluteUrl`).
 *
 * Encodings are as each link has always been written (decision 0015: the sitemaps list exactly the links the
 * shop uses): path segments and the short links with `encodeURIComponent`, listings with a page and a query
 * through `URLSearchParams`.
 */

/**
 * A page of the route table: its path pattern (`:name` matches one segment) and, when it is rendered on the
 * server, the web module that renders it.
 */
export interface StorePage {
  readonly path: string;
  /** The web app's route module (apps/web/src/app/routes/*), for a server-rendered page (decision 0025). */
  readonly module?: string;
}

/** The route table of SPEC §2, in its order; the back office (issue 12) and the sitemap files last. */
export const PAGES = {
  home: { path: '/', module: 'src/app/routes/home.tsx' },
  shop: { path: '/shop', module: 'src/app/routes/shop.tsx' },
  product: { path: '/product/:sku', module: 'src/app/routes/product.tsx' },
  searchResults: { path: '/search-results', module: 'src/app/routes/search-results.tsx' },
  cart: { path: '/cart' },
  checkout: { path: '/checkout' },
  thankYou: { path: '/thank-you' },
  signup: { path: '/signup' },
  signin: { path: '/signin' },
  forgetPassword: { path: '/forget-password' },
  resetPassword: { path: '/reset-password' },
  notFound: { path: '/404' },
  tooManyRequests: { path: '/too-many-requests' },
  aboutUs: { path: '/about-us' },
  privacyPolicy: { path: '/privacy-and-policy' },
  myAccount: { path: '/my-account' },
  profileUpdate: { path: '/profile-update' },
  otp: { path: '/otp' },
  orderHistory: { path: '/order-history' },
  orderDetails: { path: '/order-details' },
  contactUs: { path: '/contact-us' },
  returnOrder: { path: '/return-order' },
  // Issue 37 §3: the return request's confirmation (its number and what happens next).
  returnSent: { path: '/return-order/sent' },
  unsubscribe: { path: '/unsubscribe' },
  bestSelling: { path: '/best-selling', module: 'src/app/routes/best-selling.tsx' },
  memberTrackOrder: { path: '/track-order' },
  guestTrackOrder: { path: '/guest-track-order' },
  address: { path: '/address' },
  updateAddress: { path: '/update-address/:id' },
  feedback: { path: '/feedback' },
  shippingPolicy: { path: '/shipping-policy' },
  returnPolicy: { path: '/return-policy' },
  // Issue 18 §4: the warranty against defects the home page advertises.
  warranty: { path: '/warranty' },
  termsConditions: { path: '/terms-conditions' },
  editorialGuidelines: { path: '/editorial-guidelines' },
  walletPayment: { path: '/checkout-paypal-payment' },
  cardPayment: { path: '/checkout-stripe-payment' },
  // Issue 40: where Afterpay and Zip send the shopper back after approving (Stripe's return_url), and the offline
  // test provider's approval page standing in for theirs.
  paymentReturn: { path: '/checkout/payment-return' },
  testPaymentApproval: { path: '/checkout/test-payment-approval' },
  brands: { path: '/brands', module: 'src/app/routes/brands.tsx' },
  brand: { path: '/brand', module: 'src/app/routes/brand.tsx' },
  faqs: { path: '/faqs' },
  // Issue 15 §5: the shopper's saved vehicles.
  myGarage: { path: '/my-garage' },
  // Issue 39: the trade account (apply, terms, invoices, statements, users) and quick order by part number.
  tradeAccount: { path: '/my-account/trade' },
  quickOrder: { path: '/my-account/quick-order' },
  sitemap: { path: '/sitemap.xml' },
  // The back office (issue 12): the sign-in and password pages and the shell's sections.
  admin: { path: '/admin' },
  adminSignin: { path: '/admin/signin' },
  adminPassword: { path: '/admin/password' },
  adminStaff: { path: '/admin/staff' },
  adminOrders: { path: '/admin/orders' },
  adminReturns: { path: '/admin/returns' },
  adminProducts: { path: '/admin/products' },
  adminOrder: { path: '/admin/orders/:publicId' },
  adminProductsImport: { path: '/admin/products/import' },
  adminProduct: { path: '/admin/products/:sku' },
  adminCustomers: { path: '/admin/customers' },
  adminReports: { path: '/admin/reports' },
  adminMessages: { path: '/admin/messages' },
  adminSubscribers: { path: '/admin/subscribers' },
  adminSecurity: { path: '/admin/security' },
  sitemapFile: { path: '/:folderName.xml' },
} as const satisfies Record<string, StorePage>;

export type PageName = keyof typeof PAGES;

/** A page's path as a route of the web router: relative to the layout (`shop`, `product/:sku`). */
export function routerPath(name: PageName): string {
  return PAGES[name].path.slice(1);
}

/** The listing parameters (issue 13), in the order they are written after a page's own (page, category ...). */
export const LISTING_PARAMS = ['sort', 'min_price', 'max_price', 'in_stock', 'all_parts'] as const;
export type ListingParam = (typeof LISTING_PARAMS)[number];

/** The listing part of an address, as written there (the API reads and validates the same strings). */
export interface ListingQuery {
  sort?: string | undefined;
  /** Dollars, e.g. '130' or '129.95'. */
  min_price?: string | undefined;
  max_price?: string | undefined;
  /** '1' when only products in stock are shown. */
  in_stock?: string | undefined;
  /** '1': with a vehicle chosen, every part, badged, not only those that fit ("Show all parts", issue 15 §6). */
  all_parts?: string | undefined;
}

/** Writes the listing parameters that are set onto an address, in LISTING_PARAMS order. */
export function appendListingQuery(search: URLSearchParams, query: ListingQuery): URLSearchParams {
  for (const name of LISTING_PARAMS) {
    const value = query[name];
    if (value) search.set(name, value);
  }
  return search;
}

/** `https://shop.example.com.au` + `/product/x`: a page's absolute URL on the configured public base. */
export function absoluteUrl(base: string, path: string): string {
  return `${base}${path}`;
}

/** SPEC §2: a product's page, `/product/{permalink}` (encoded). */
export function productPath(permalink: string): string {
  return `/product/${encodeURIComponent(permalink)}`;
}

/** The shop's address (SPEC §2 Shop listing; issue 13): the page, its filters and the listing query. */
export interface ShopPathParams extends ListingQuery {
  page: number;
  category?: string | undefined;
  child_category?: string | undefined;
  brand?: string | undefined;
}

/**
 * `/shop?page=2&category=batteries&sort=price_asc`: the page first, then the filters that are set (category,
 * child category, brand), then the listing query.
 */
export function shopPath(params: ShopPathParams): string {
  const search = new URLSearchParams({ page: String(params.page) });
  for (const name of ['category', 'child_category', 'brand'] as const) {
    const value = params[name];
    if (value) search.set(name, value);
  }
  return `/shop?${appendListingQuery(search, params).toString()}`;
}

/** Every product, page 1: `/shop?page=1`. */
export const SHOP_ALL_PATH = '/shop?page=1';

/** The shop filtered by a category, page 1 (the menus', the footer's and the sitemap's link). */
export function categoryPath(sku: string): string {
  return `/shop?page=1&category=${encodeURIComponent(sku)}`;
}

/** The shop filtered by a child category, page 1 (the menus' and the sitemap's link). */
export function childCategoryPath(childSku: string): string {
  return `/shop?page=1&child_category=${encodeURIComponent(childSku)}`;
}

/** SPEC §2 Brands pages: a brand's products, page 1, `/brand?page=1&brand={permalink}` (menus, sitemap). */
export function brandPath(permalink: string): string {
  return `/brand?page=1&brand=${encodeURIComponent(permalink)}`;
}

/**
 * A brand page with its page number and listing query: `/brand?page=2&brand=voltcore&sort=price_asc`; without a
 * brand, all brands' products.
 */
export function brandPagePath(permalink: string | undefined, page = 1, listing: ListingQuery = {}): string {
  const params = new URLSearchParams({ page: String(page) });
  if (permalink) params.set('brand', permalink);
  return `/brand?${appendListingQuery(params, listing).toString()}`;
}

/**
 * SPEC §2 Search results: `/search-results?query={text}`, with `&page={n}` for a given page, then the sort, price
 * range, in stock and all parts only when set (so "Show all parts" and the page links keep the shopper's choice).
 */
export function searchResultsPath(text: string, page?: number, listing: ListingQuery = {}): string {
  let href = `/search-results?query=${encodeURIComponent(text)}`;
  if (page !== undefined) href += `&page=${page}`;
  for (const name of LISTING_PARAMS) {
    const value = listing[name];
    if (value) href += `&${name}=${encodeURIComponent(value)}`;
  }
  return href;
}

/** A guest's order page, `/guest-track-order?id={public id}` (the order mails' and the thank-you page's link). */
export function guestTrackOrderPath(publicId: string): string {
  return `/guest-track-order?id=${encodeURIComponent(publicId)}`;
}

/** A member's order page from their order history, `/track-order?order_id={public id}`. */
export function memberTrackOrderPath(publicId: string): string {
  return `/track-order?order_id=${encodeURIComponent(publicId)}`;
}

/** A saved address's edit page, `/update-address/{id}`. */
export function updateAddressPath(id: number): string {
  return `/update-address/${id}`;
}

/**
 * The newsletter mail's unsubscribe page (issue 11), `/unsubscribe?token={token}`: one button unsubscribes (issue 37
 * §4; the List-Unsubscribe header's `/api/unsubscribe?token=` sends a browser here).
 */
export function unsubscribePath(token: string): string {
  return `${PAGES.unsubscribe.path}?token=${encodeURIComponent(token)}`;
}

/**
 * The newsletter mail's `List-Unsubscribe` address (RFC 8058), `/api/unsubscribe?token={token}`: a POST there
 * unsubscribes at once (one-click); a GET, a browser opening it, answers the unsubscribe page above.
 */
export function oneClickUnsubscribePath(token: string): string {
  return `/api/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The back office's page of one product, by SKU: `/admin/products/BP-1234` (the low-stock mail links it). */
export function adminProductPath(sku: string): string {
  return PAGES.adminProduct.path.replace(':sku', encodeURIComponent(sku));
}

/** The back office's page of one order, by its public id (the store's new-order mail links it). */
export function adminOrderPath(publicId: string): string {
  return PAGES.adminOrder.path.replace(':publicId', encodeURIComponent(publicId));
}

/**
 * The return address for a payment approved on the provider's site (issue 40): the return page with our order's
 * public id, to which Stripe adds `payment_intent`, `payment_intent_client_secret` and `redirect_status`.
 */
export function paymentReturnPath(orderPublicId: string): string {
  return `${PAGES.paymentReturn.path}?${new URLSearchParams({ order: orderPublicId }).toString()}`;
}
