import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MyAccountRoute, OrderHistoryRoute, ProfileUpdateRoute } from '@/app/routes/account-member';
import { SigninRoute } from '@/app/routes/account-auth';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { renderPage, renderRoute } from '@/test/render-route';
import { OtpPage } from './otp-page';
import { OrderHistoryTable } from './order-history-page';
import { SignupPage } from './signup-page';

const user = {
  id: 7,
  name: 'Sam',
  email: 'sam@example.com',
  phone: '0412345678',
  role_id: 5,
  created_by: 0,
  user_meta: [],
};

/** `routes` at `path` beside stand-ins for the pages they send a visitor to, over the fake API. */
function renderAt(path: string, routes: { path: string; Component: React.ComponentType }[]) {
  return renderRoute(path, {
    routes: [
      ...routes,
      { path: '/signin', Component: () => <h1>Sign in page</h1> },
      { path: '/', Component: () => <h1>Home page</h1> },
      { path: '/forget-password', Component: () => <h1>Forgot page</h1> },
    ],
  });
}

beforeEach(() => {
  sessionStorage.clear();
  resetSessionStoreForTests();
});

describe('member screens redirect to /signin when signed out (SPEC §2, §6)', () => {
  for (const [path, Component] of [
    ['/my-account', MyAccountRoute],
    ['/profile-update', ProfileUpdateRoute],
    ['/order-history', OrderHistoryRoute],
  ] as const) {
    it(path, async () => {
      renderAt(path, [{ path, Component }]);
      expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    });
  }

  it('a signed-in visitor to /signin goes to /', async () => {
    startSession({ user, token: 't', subscription: false });
    const { router } = renderAt('/login', [{ path: '/login', Component: SigninRoute }]);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/otp without a stored email goes to /forgot-password', async () => {
    const { router } = renderAt('/otp', [
      { path: '/otp', Component: OtpPage },
      { path: '/forgot-password', Component: () => <h1>Forgot page</h1> },
    ]);
    expect(await screen.findByRole('heading', { name: 'Forgot page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });
});

describe('sign-up validation (SPEC §5 messages)', () => {
  it('names every broken rule', async () => {
    const { user: u } = renderAt('/signup', [
      { path: '/signup', Component: () => <SignupPage afterSignIn={() => Promise.resolve()} /> },
    ]);
    await u.type(await screen.findByLabelText(/^Name/), 'Sam_!');
    await u.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await u.type(screen.getByLabelText(/^Phone/), '04 twelve');
    await u.type(screen.getByLabelText(/^Password/), 'short');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name must contain only letters, numbers, and spaces')).toBeTruthy();
    expect(screen.getByText('Invalid email format')).toBeTruthy();
    expect(screen.getByText('Phone number must contain only numbers')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeTruthy();
    await u.clear(screen.getByLabelText(/^Password/));
    await u.type(screen.getByLabelText(/^Password/), 'longenough!');
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeTruthy();
    await u.clear(screen.getByLabelText(/^Password/));
    await u.type(screen.getByLabelText(/^Password/), 'Longenough1');
    expect(await screen.findByText('Password must contain at least one special character')).toBeTruthy();
  });
});

describe('order history (SPEC §2)', () => {
  it('shows dd/mm/yyyy dates, Card for Stripe and a View Order link', () => {
    renderPage(
      <OrderHistoryTable
        orders={[
          {
            id: 'Ab12Cd34Ef56Gh78',
            invoice_number: 'INV-1001',
            created_at: '2026-03-04T23:30:00Z',
            total_amount: '108.90',
            payment_method: 'Stripe',
            payment_status: 'completed',
            status: 'pending',
          },
          {
            id: 'Zz98Yy76Xx54Ww32',
            invoice_number: 'INV-1002',
            created_at: '2026-03-05T01:00:00Z',
            total_amount: '20.00',
            payment_method: 'Stripe',
            payment_status: 'failed',
            status: 'cancelled',
          },
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Order number',
      'Date',
      'Total Price',
      'Payment',
      'Payment Status',
      'Order Status',
      'Action',
    ]);
    const row = screen.getAllByRole('row')[1]!;
    // 23:30 UTC on 4 March is 5 March in Sydney, the store's time zone.
    expect(within(row).getByText('05/03/2026')).toBeTruthy();
    expect(within(row).getByText('Card')).toBeTruthy();
    expect(within(row).getByText('$108.90')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View Order INV-1001' }).getAttribute('href')).toBe(
      '/track-order?order_id=Ab12Cd34Ef56Gh78',
    );
    // Issue 18 §3: a paid order's tax invoice from its row; an unpaid one has none. No address opens it by the
    // public id alone (decision 0044): the button asks for a signed link with the member's bearer.
    expect(within(row).getByRole('button', { name: 'Tax invoice for order INV-1001 (PDF)' })).toBeTruthy();
    expect(document.querySelector('a[href*="tax-invoice"]')).toBeNull();
    const unpaid = screen.getAllByRole('row')[2]!;
    expect(within(unpaid).queryByRole('button', { name: /Tax invoice/ })).toBeNull();
  });

  it("downloads a row's tax invoice through a link signed for the member", async () => {
    startSession({ user, token: 'member-token', subscription: false });
    const signedUrl = '/api/orders/Ab12Cd34Ef56Gh78/tax-invoice?expires=1767225600&signature=sig';
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    try {
      const { api, user: u } = renderPage(
        <OrderHistoryTable
          orders={[
            {
              id: 'Ab12Cd34Ef56Gh78',
              invoice_number: 'INV-1001',
              created_at: '2026-03-04T23:30:00Z',
              total_amount: '108.90',
              payment_method: 'Stripe',
              payment_status: 'completed',
              status: 'pending',
            },
          ]}
        />,
        {
          api: {
            'POST /api/orders/:id/document-links': {
              data: {
                tax_invoice: { number: 'TI-000001', url: signedUrl },
                adjustment_notes: [],
                expires_at: '2026-01-01T00:00:00.000Z',
              },
            },
          },
        },
      );
      await u.click(await screen.findByRole('button', { name: 'Tax invoice for order INV-1001 (PDF)' }));
      await waitFor(() => expect(clicked).toEqual([signedUrl]));
      const requests = api.requests.map((r) => ({
        url: r.url.pathname,
        method: r.method,
        authorization: r.request.headers.get('authorization'),
      }));
      expect(requests).toContainEqual({
        url: '/api/orders/Ab12Cd34Ef56Gh78/document-links',
        method: 'POST',
        authorization: 'Bearer member-token',
      });
    } finally {
      click.mockRestore();
    }
  });

  it("says 'No orders found' when there are none", () => {
    renderPage(<OrderHistoryTable orders={[]} />);
    expect(screen.getByText('No orders found')).toBeTruthy();
  });
});
