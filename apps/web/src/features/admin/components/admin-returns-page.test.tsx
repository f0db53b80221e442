/**
 * The back office's returns, messages, customers and subscribers pages (issue 12), rendered in the real admin
 * routes with the API faked at the network edge: a return's file is downloaded as a Blob (never shown), a
 * return is approved with its refund, a message is marked handled, the subscribers CSV is saved, and the staff
 * role is told it may not see customers.
 */
import type { StaffUser } from '@store/shared/admin';
import type { AdminMessageRow } from '@store/shared/admin-customers';
import type { AdminReturnDetail, AdminReturnRow } from '@store/shared/admin-returns';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { getAdminSession, resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

const owner: StaffUser = {
  id: 1,
  name: 'Olive Owner',
  email: 'owner@example.com',
  role: 'admin',
  must_change_password: false,
  totp_enabled: false,
  totp_required: false,
  totp_setup_required: false,
  disabled: false,
};
const clerk: StaffUser = {
  id: 2,
  name: 'Sam Clerk',
  email: 'sam@example.com',
  role: 'staff',
  must_change_password: false,
  totp_enabled: false,
  totp_required: false,
  totp_setup_required: false,
  disabled: false,
};

const row: AdminReturnRow = {
  id: 7,
  created_at: '2026-11-24T23:00:00.000Z',
  customer: 'Jane Return',
  email: 'jane@example.com',
  order_reference: 'AbCdEfGhIjKlMnOp',
  invoice_number: 'INV-001042',
  subject: 'Wrong size',
  status: 'open',
  has_file: true,
};
const detail: AdminReturnDetail = {
  ...row,
  f_name: 'Jane',
  l_name: 'Return',
  phone: '0412345678',
  message: 'The mat does not fit.',
  file: { name: 'mat photo.png', type: 'image/png', bytes: 2048 },
  order: {
    public_id: 'AbCdEfGhIjKlMnOp',
    invoice_number: 'INV-001042',
    total: '49.50',
    payment_status: 'completed',
    status: 'delivered',
  },
  decision: null,
};
const message: AdminMessageRow = {
  id: 3,
  created_at: '2026-11-24T22:00:00.000Z',
  name: 'Mia Message',
  email: 'mia@example.com',
  phone: '',
  subject: 'Opening hours',
  message: 'Are you open on Sunday?',
  member: false,
  handled_at: null,
  handled_by: null,
};
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/**
 * The back office's returns, messages, subscribers and customers API as a table, a server that keeps the return
 * and the message, signed in as `me`.
 */
function backOfficeApi(me: StaffUser = owner): ApiTable {
  let current = detail;
  let msg = message;
  const fields = (body: unknown) => (body ?? {}) as Record<string, unknown>;
  return {
    'GET /api/store-config': () => json({ data: makeStoreConfig({ store_name: 'Torque Parts' }) }),
    'GET /api/admin/me': () => json({ user: me }),
    'GET /api/admin/returns': () => json({ data: [{ ...row, status: current.status }], total: 1 }),
    'GET /api/admin/returns/7': () => json({ data: current }),
    'GET /api/admin/returns/7/file': () =>
      new Response(PNG_BYTES, {
        status: 200,
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="mat photo.png"; filename*=UTF-8''mat%20photo.png`,
        },
      }),
    'POST /api/admin/returns/7/approve': ({ body: sent }) => {
      const body = fields(sent);
      current = {
        ...current,
        status: 'approved',
        decision: {
          refund_amount: String(body.refund_amount),
          note: String(body.note ?? ''),
          decided_at: '2026-11-25T01:00:00.000Z',
          decided_by: 'Olive Owner',
        },
      };
      return json({
        message: `Return #7 approved with a refund of $${String(body.refund_amount)}.`,
        data: current,
      });
    },
    'GET /api/admin/messages': () => json({ data: [msg], total: 1 }),
    'POST /api/admin/messages/3/handled': () => {
      msg = { ...msg, handled_at: '2026-11-25T01:00:00.000Z', handled_by: 'Olive Owner' };
      return json({ message: 'Message #3 marked handled.', data: msg });
    },
    'GET /api/admin/subscribers': () =>
      json({
        data: [
          {
            id: 1,
            email: 'reader@example.com',
            consent_at: '2026-11-20T01:00:00.000Z',
            consent_source: 'newsletter form on /',
            unsubscribed_at: null,
          },
        ],
        total: 1,
      }),
    'GET /api/admin/customers': () =>
      json({
        data: [
          {
            id: 5,
            name: 'Bianca Buyer',
            email: 'bianca@example.com',
            phone: '0412345678',
            created_at: '2026-01-10T01:00:00.000Z',
            orders_count: 2,
            total_spent: '140.80',
            last_order_at: '2026-11-20T01:00:00.000Z',
          },
        ],
        total: 1,
      }),
    'GET /api/admin/customers/5': () =>
      json({
        data: {
          id: 5,
          name: 'Bianca Buyer',
          email: 'bianca@example.com',
          phone: '0412345678',
          created_at: '2026-01-10T01:00:00.000Z',
          orders_count: 1,
          total_spent: '70.40',
          last_order_at: '2026-11-20T01:00:00.000Z',
          membership_plans: [],
          addresses: [
            {
              id: 1,
              name: 'Bianca Buyer',
              address: '1 Test St, Moorabbin VIC 3189',
              phone: '',
              address_type: 'Home',
            },
          ],
          orders: [
            {
              public_id: 'ZyXwVuTsRqPoNmLk',
              invoice_number: 'INV-001050',
              created_at: '2026-11-20T01:00:00.000Z',
              total: '70.40',
              payment_status: 'completed',
              status: 'shipped',
            },
          ],
        },
        audit: [],
      }),
    'GET /api/admin/subscribers.csv': () =>
      new Response('email,consent_at,consent_source\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="subscribers-2026-11-25.csv"',
        },
      }),
  };
}

/** Records what the page saves: the object URL's Blob and the link's `download` name. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const href = `blob:http://localhost/${blobs.size}`;
        blobs.set(href, blob);
        return href;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return { saved, click };
}

/** The back office at `path`, signed in as `user`, over `api`. */
function renderAdmin(path: string, api: ApiTable, user: StaffUser = owner) {
  startAdminSession({ token: 'admin-token', user });
  return renderRoute(path, { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/returns', () => {
  it('lists returns, opens one, downloads its file as a Blob and approves it with the refund', async () => {
    const { saved } = captureDownloads();
    const { api, router, user } = renderAdmin('/admin/returns', backOfficeApi());
    const table = await screen.findByRole('table', { name: /Return requests \(1\)/ });
    expect(within(table).getByText('INV-001042')).toBeTruthy();
    await user.click(within(table).getByRole('link', { name: 'Return #7' }));
    expect(router.state.location.search).toBe('?id=7');
    expect(await screen.findByRole('heading', { name: 'Return #7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'INV-001042' }).getAttribute('href')).toBe(
      '/admin/orders/AbCdEfGhIjKlMnOp',
    );
    expect(document.querySelector('img, iframe, object, embed')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Download file/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('mat photo.png');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(PNG_BYTES);
    const fileCall = api.requestsTo('/api/admin/returns/7/file')[0];
    expect(fileCall?.request.headers.get('authorization')).toBe('Bearer admin-token');

    const approve = screen.getByRole('form', { name: 'Approve the return' });
    const amount = within(approve).getByLabelText('Refund amount ($)');
    expect((amount as HTMLInputElement).value).toBe('49.50');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(within(approve).getByRole('button', { name: /Approve/ }));
    expect(await within(approve).findByText(/refund_amount must be an amount/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '20.00');
    await user.click(within(approve).getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Return #7 approved with a refund of $20.00.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Approve the return' })).toBeNull();
    expect(screen.getByText('$20.00')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const { user } = renderAdmin('/admin/returns?id=7', backOfficeApi());
    const reject = await screen.findByRole('form', { name: 'Reject the return' });
    await user.click(within(reject).getByRole('button', { name: /Reject/ }));
    expect(await within(reject).findByText(/reason is required/)).toBeTruthy();
  });
});

describe('/admin/messages', () => {
  it('marks a message handled', async () => {
    const { user } = renderAdmin('/admin/messages', backOfficeApi());
    const card = (await screen.findByRole('heading', { name: 'Opening hours' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Not handled')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Mark handled/ }));
    expect(await screen.findByText('Message #3 marked handled.')).toBeTruthy();
    expect(await within(card).findByRole('button', { name: /Mark not handled/ })).toBeTruthy();
  });
});

describe('/admin/subscribers and /admin/customers', () => {
  it('exports the subscribers CSV with the token', async () => {
    const { saved } = captureDownloads();
    const { user } = renderAdmin('/admin/subscribers', backOfficeApi());
    expect(await screen.findByRole('table', { name: /Newsletter subscribers \(1\)/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Saved subscribers-2026-11-25.csv.')).toBeTruthy();
    expect(saved.map((s) => s.name)).toEqual(['subscribers-2026-11-25.csv']);
  });

  it('a download answered 401 ends the session and goes to /admin/signin, as every back-office call does', async () => {
    const { saved } = captureDownloads();
    const { router, user } = renderAdmin('/admin/subscribers', {
      ...backOfficeApi(),
      'GET /api/admin/subscribers.csv': () => json({ message: 'Unauthenticated.' }, 401),
    });
    expect(await screen.findByRole('table', { name: /Newsletter subscribers \(1\)/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/signin'));
    expect(getAdminSession()).toBeNull();
    expect(saved).toEqual([]);
  });

  it('lists customers for an admin, sorts on the server and shows one with their orders', async () => {
    const { api, router, user } = renderAdmin('/admin/customers', backOfficeApi());
    const table = await screen.findByRole('table', { name: 'Customers (1)' });
    expect(within(table).getByText('$140.80')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /Spent/ }));
    await waitFor(() =>
      expect(
        api.requestsTo('/api/admin/customers').some((r) => r.url.searchParams.get('sort') === 'spent'),
      ).toBe(true),
    );
    await user.click(within(table).getByRole('link', { name: 'Bianca Buyer' }));
    expect(router.state.location.search).toBe('?id=5');
    const orders = await screen.findByRole('table', { name: 'Orders of Bianca Buyer (1)' });
    expect(within(orders).getByRole('link', { name: 'INV-001050' }).getAttribute('href')).toBe(
      '/admin/orders/ZyXwVuTsRqPoNmLk',
    );
    expect(screen.getByText(/1 Test St, Moorabbin VIC 3189/)).toBeTruthy();
  });

  it('tells staff that customers and subscribers are for admins', async () => {
    const { api } = renderAdmin('/admin/customers', backOfficeApi(clerk), clerk);
    expect(await screen.findByText(/Only admins can see customers/)).toBeTruthy();
    expect(api.requests.some((r) => r.url.pathname.includes('/admin/customers'))).toBe(false);
  });
});
