import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { routerPath } from '@store/shared/paths';
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

/**
 * SPEC §2 route table: each route's path comes from the page table (@store/shared/paths `PAGES`); each page's
 * code loads on first visit; the server-rendered pages' modules declare their loaders (route-prefetch.ts).
 */
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
          page(routerPath('shop'), () =>
            import('./routes/shop').then((m) => ({
              Component: m.ShopRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page(routerPath('product'), () =>
            import('./routes/product').then((m) => ({
              Component: m.ProductRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page(routerPath('searchResults'), () =>
            import('./routes/search-results').then((m) => ({
              Component: m.SearchResultsRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page(routerPath('brands'), () =>
            import('./routes/brands').then((m) => ({
              Component: m.BrandsRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page(routerPath('brand'), () =>
            import('./routes/brand').then((m) => ({
              Component: m.BrandRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          page(routerPath('cart'), () => import('./routes/cart').then((m) => ({ Component: m.CartRoute }))),
          page(routerPath('checkout'), () =>
            import('./routes/checkout').then((m) => ({ Component: m.CheckoutRoute })),
          ),
          page(routerPath('cardPayment'), () =>
            import('./routes/checkout-stripe-payment').then((m) => ({ Component: m.CardPaymentRoute })),
          ),
          page(routerPath('walletPayment'), () =>
            import('./routes/checkout-paypal-payment').then((m) => ({ Component: m.WalletPaymentRoute })),
          ),
          // Issue 40: back from Afterpay or Zip, and the offline test provider's stand-in for their page.
          page(routerPath('paymentReturn'), () =>
            import('./routes/payment-return').then((m) => ({ Component: m.PaymentReturnRoute })),
          ),
          page(routerPath('testPaymentApproval'), () =>
            import('./routes/test-payment-approval').then((m) => ({ Component: m.TestPaymentApprovalRoute })),
          ),
          page(routerPath('thankYou'), () =>
            import('./routes/thank-you').then((m) => ({ Component: m.ThankYouRoute })),
          ),
          page(routerPath('guestTrackOrder'), () =>
            import('./routes/guest-track-order').then((m) => ({ Component: m.GuestTrackOrderRoute })),
          ),
          page(routerPath('orderDetails'), () =>
            import('./routes/order-details').then((m) => ({ Component: m.OrderDetailsRoute })),
          ),
          page(routerPath('contactUs'), () =>
            import('./routes/contact-us').then((m) => ({ Component: m.ContactUsRoute })),
          ),
          page(routerPath('returnOrder'), () =>
            import('./routes/return-order').then((m) => ({ Component: m.ReturnOrderRoute })),
          ),
          page(routerPath('returnSent'), () =>
            import('./routes/return-order-sent').then((m) => ({ Component: m.ReturnOrderSentRoute })),
          ),
          page(routerPath('unsubscribe'), () =>
            import('./routes/unsubscribe').then((m) => ({ Component: m.UnsubscribeRoute })),
          ),
          // Content pages (SPEC §1, §2, §9).
          page(routerPath('aboutUs'), () =>
            import('./routes/about-us').then((m) => ({ Component: m.AboutUsRoute })),
          ),
          page(routerPath('privacyPolicy'), () =>
            import('./routes/privacy-and-policy').then((m) => ({ Component: m.PrivacyPolicyRoute })),
          ),
          page(routerPath('shippingPolicy'), () =>
            import('./routes/shipping-policy').then((m) => ({ Component: m.ShippingPolicyRoute })),
          ),
          page(routerPath('returnPolicy'), () =>
            import('./routes/return-policy').then((m) => ({ Component: m.ReturnPolicyRoute })),
          ),
          page(routerPath('warranty'), () =>
            import('./routes/warranty').then((m) => ({ Component: m.WarrantyRoute })),
          ),
          page(routerPath('termsConditions'), () =>
            import('./routes/terms-conditions').then((m) => ({ Component: m.TermsConditionsRoute })),
          ),
          page(routerPath('editorialGuidelines'), () =>
            import('./routes/editorial-guidelines').then((m) => ({ Component: m.EditorialGuidelinesRoute })),
          ),
          page(routerPath('feedback'), () =>
            import('./routes/feedback').then((m) => ({ Component: m.FeedbackRoute })),
          ),
          page(routerPath('faqs'), () => import('./routes/faqs').then((m) => ({ Component: m.FaqsRoute }))),
          page(routerPath('myGarage'), () =>
            import('./routes/my-garage').then((m) => ({ Component: m.MyGarageRoute })),
          ),
          page(routerPath('bestSelling'), () =>
            import('./routes/best-selling').then((m) => ({
              Component: m.BestSellingRoute,
              handle: { prefetch: m.prefetch },
            })),
          ),
          ...(
            [
              ['signin', 'SigninRoute'],
              ['signup', 'SignupRoute'],
              ['forgetPassword', 'ForgetPasswordRoute'],
              ['otp', 'OtpRoute'],
              ['resetPassword', 'ResetPasswordRoute'],
            ] as const
          ).map(([path, name]) =>
            page(routerPath(path), () =>
              import('./routes/account-auth').then((m) => ({ Component: m[name] })),
            ),
          ),
          ...(
            [
              ['myAccount', 'MyAccountRoute'],
              ['profileUpdate', 'ProfileUpdateRoute'],
              ['address', 'AddAddressRoute'],
              ['updateAddress', 'UpdateAddressRoute'],
              ['orderHistory', 'OrderHistoryRoute'],
              ['memberTrackOrder', 'MemberTrackOrderRoute'],
              ['tradeAccount', 'TradeAccountRoute'],
              ['quickOrder', 'QuickOrderRoute'],
            ] as const
          ).map(([path, name]) =>
            page(routerPath(path), () =>
              import('./routes/account-member').then((m) => ({ Component: m[name] })),
            ),
          ),
          page(routerPath('tooManyRequests'), () =>
            import('./routes/too-many-requests').then((m) => ({ Component: m.TooManyRequestsRoute })),
          ),
          page(routerPath('notFound'), () =>
            import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          ),
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
    ...page(`${routerPath('admin')}/*`, () =>
      import('./routes/admin-app').then((m) => ({ Component: m.AdminAppRoute })),
    ),
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
