import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTE_ALIASES } from '@store/shared/routes';
import { RootLayout } from './layouts/root-layout';
import { prefetchShell, type PrefetchHandle } from './route-prefetch';
import { PageLoading, RouteError } from './routes/route-error';

const page = (
  path: string | undefined,
  /** The route's module: its component and, for a server-rendered page, its loader (route-prefetch.ts). */
  load: () => Promise<{ Component: React.ComponentType; handle?: PrefetchHandle }>,
): RouteObject => ({
  ...(path === undefined ? { index: true } : { path }),
  HydrateFallback: PageLoading,
  lazy: load,
});

/** SPEC §2 route table; each page's code loads on first visit. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    handle: { prefetch: prefetchShell } satisfies PrefetchHandle,
    children: [
      {
        // Errors inside a page render inside the layout, keeping the header and footer.
        errorElement: <RouteError />,
        children: [
          page(undefined, () =>
            import('./routes/home').then((m) => ({
              Component: m.HomeRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('shop', () =>
            import('./routes/shop').then((m) => ({
              Component: m.ShopRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('product/:sku', () =>
            import('./routes/product').then((m) => ({
              Component: m.ProductRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('search-results', () =>
            import('./routes/search-results').then((m) => ({
              Component: m.SearchResultsRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('brands', () =>
            import('./routes/brands').then((m) => ({
              Component: m.BrandsRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('brand', () =>
            import('./routes/brand').then((m) => ({
              Component: m.BrandRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page('cart', () => import('./routes/cart').then((m) => ({ Component: m.CartRoute }))),
          page('checkout', () => import('./routes/checkout').then((m) => ({ Component: m.CheckoutRoute }))),
          page('checkout-stripe-payment', () =>
            import('./routes/checkout-stripe-payment').then((m) => ({ Component: m.CardPaymentRoute })),
          ),
          page('checkout-paypal-payment', () =>
            import('./routes/checkout-paypal-payment').then((m) => ({ Component: m.WalletPaymentRoute })),
          ),
          page('thank-you', () => import('./routes/thank-you').then((m) => ({ Component: m.ThankYouRoute }))),
          page('guest-track-order', () =>
            import('./routes/guest-track-order').then((m) => ({ Component: m.GuestTrackOrderRoute })),
          ),
          page('order-details', () =>
            import('./routes/order-details').then((m) => ({ Component: m.OrderDetailsRoute })),
          ),
          page('contact-us', () =>
            import('./routes/contact-us').then((m) => ({ Component: m.ContactUsRoute })),
          ),
          page('return-order', () =>
            import('./routes/return-order').then((m) => ({ Component: m.ReturnOrderRoute })),
          ),
          page('unsubscribe', () =>
            import('./routes/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })),
          ),
          // Content pages (SPEC §1, §2, §9).
          page('about-us', () => import('./routes/about-us').then((m) => ({ Component: m.AboutUsRoute }))),
          page('privacy-and-policy', () =>
            import('./routes/privacy-and-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
          ),
          page('shipping-policy', () =>
            import('./routes/shipping-policy').then((m) => ({ Component: m.ShippingPolicyRoute })),
          ),
          page('return-policy', () =>
            import('./routes/return-policy').then((m) => ({ Component: m.ReturnPolicyRoute })),
          ),
          page('warranty', () => import('./routes/warranty').then((m) => ({ Component: m.WarrantyRoute }))),
          page('terms-conditions', () =>
            import('./routes/terms-conditions').then((m) => ({ Component: m.TermsConditionsRoute })),
          ),
          page('editorial-guidelines', () =>
            import('./routes/editorial-guidelines').then((m) => ({ Component: m.EditorialGuidelinesRoute })),
          ),
          page('feedback', () => import('./routes/feedback').then((m) => ({ Component: m.FeedbackRoute }))),
          page('faqs', () => import('./routes/faqs').then((m) => ({ Component: m.FaqsRoute }))),
          page('my-garage', () => import('./routes/my-garage').then((m) => ({ Component: m.MyGarageRoute }))),
          page('best-selling', () =>
            import('./routes/best-selling').then((m) => ({ Component: m.BestSellingRoute })),
          ),
          ...(
            [
              ['signin', 'SigninRoute'],
              ['signup', 'SignupRoute'],
              ['forget-password', 'ForgetPasswordRoute'],
              ['otp', 'OtpRoute'],
              ['reset-password', 'ResetPasswordRoute'],
            ] as const
          ).map(([path, name]) =>
            page(path, () => import('./routes/account-auth').then((m) => ({ Component: m[name] }))),
          ),
          ...(
            [
              ['my-account', 'MyAccountRoute'],
              ['profile-update', 'ProfileUpdateRoute'],
              ['address', 'AddAddressRoute'],
              ['update-address/:id', 'UpdateAddressRoute'],
              ['order-history', 'OrderHistoryRoute'],
              ['track-order', 'MemberTrackOrderRoute'],
            ] as const
          ).map(([path, name]) =>
            page(path, () => import('./routes/account-member').then((m) => ({ Component: m[name] }))),
          ),
          page('too-many-requests', () =>
            import('./routes/too-many-requests').then((m) => ({ Component: m.TooManyRequestsRoute })),
          ),
          page('404', () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute }))),
          // DESIGN §7: the SPEC's odd links lead to their canonical pages, never to a 404.
          ...Object.entries(ROUTE_ALIASES).map(([from, to]) => ({
            path: from.slice(1),
            element: <Navigate to={to} replace />,
          })),
          page('*', () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute }))),
        ],
      },
    ],
  },
  // The back office (issue 12): outside the shop's layout; its code loads only under /admin.
  {
    ...page('admin/*', () => import('./routes/admin-app').then((m) => ({ Component: m.AdminAppRoute }))),
    errorElement: <RouteError />,
  },
];

/**
 * The browser's router. `serverRendered`: the page arrived rendered (decision 0025), so the router starts as
 * hydrated — without that it would scroll to the top once hydration commits, undoing a scroll the shopper made
 * while the page was still hydrating (and moving what they were about to tap).
 */
export function createRouter(serverRendered = false) {
  return createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined);
}
