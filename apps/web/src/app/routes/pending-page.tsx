import { Link, useLocation } from 'react-router';

/** Titles of SPEC §2 pages that later issues build; until then each says so instead of a 404. */
const TITLES: Record<string, string> = {
  '/cart': 'Cart',
  '/checkout': 'Checkout',
  '/thank-you': 'Thank you',
  '/signup': 'Create an account',
  '/signin': 'Sign in',
  '/forget-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/too-many-requests': 'Too many requests',
  '/about-us': 'About us',
  '/privacy-and-policy': 'Privacy policy',
  '/my-account': 'My account',
  '/profile-update': 'Update profile',
  '/otp': 'Confirm code',
  '/order-history': 'Order history',
  '/order-details': 'Order details',
  '/contact-us': 'Contact us',
  '/return-order': 'Return an order',
  '/best-selling': 'Best selling',
  '/track-order': 'Track order',
  '/guest-track-order': 'Track Order',
  '/address': 'Add address',
  '/feedback': 'Feedback',
  '/shipping-policy': 'Shipping policy',
  '/return-policy': 'Return policy',
  '/terms-conditions': 'Terms and conditions',
  '/editorial-guidelines': 'Editorial guidelines',
  '/checkout-paypal-payment': 'Complete Your Payments',
  '/checkout-stripe-payment': 'Complete Your Payments',
  '/faqs': 'FAQs',
  '/sitemap.xml': 'Sitemap',
};

export const PENDING_PATHS = Object.keys(TITLES);

/** A SPEC page that is not built yet: its title, a short note and a way back to shopping. */
export function PendingPageRoute() {
  const { pathname } = useLocation();
  const title = TITLES[pathname] ?? 'Coming soon';
  return (
    <div className="container page page--message">
      <h1>{title}</h1>
      <p>This page is on its way. In the meantime, our whole range is in the shop.</p>
      <Link className="button" to="/shop?page=1">
        Shop all products
      </Link>
    </div>
  );
}
