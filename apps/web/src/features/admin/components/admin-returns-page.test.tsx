/**
 * The back office's returns, messages, customers and subscribers pages (issue 12), rendered in the real admin
 * routes with the API faked at the network edge: a return's file is downloaded as a Blob (never shown), a
 * return is approved with its refund, a message is marked handled, the subscribers CSV is saved, and the staff
 * role is told it may not see customers.
 */
import type { StaffUser } from '@store/shared/admin';
import type { AdminMessageRow } from '@store/shared/admin-customers';
import {
  ADMIN_RETURN_MESSAGES,
  type AdminReturnDetail,
  type AdminReturnRow,
} from '@store/shared/admin-returns';
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
  ra_number: null,
  reason: null,
  lines: [
    {
      line_id: 11,
      product_title: 'Floor Mat',
      sku: 'FM-1',
      quantity: 1,
      refunded_quantity: 0,
      quantity_requested: 0,
      net: '33.00',
      restockable: true,
      quantity_received: null,
      condition: null,
    },
  ],
  shipping_refundable: '16.50',
  refund_destination: 'the test card the order was paid with',
  inspection_note: '',
  history: [],
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
  kind: 'contact',
  part_number: null,
  vehicle: null,
  search_query: null,
  handled_at: null,
  handled_by: null,
};
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/**
 * The back office's returns, messages, subscribers and customers API as a table, a server that keeps the return
 * and the message, signed in as `me`.
 */
const refundBodies: unknown[] = [];

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
        ra_number: 'RA-000042',
        history: [
          {
            action: 'return.approve',
            staff_name: 'Olive Owner',
            at: '2026-11-25T01:00:00.000Z',
            note: String(body.note ?? ''),
          },
        ],
      };
      return json({ message: ADMIN_RETURN_MESSAGES.approvedRa(7, 'RA-000042'), data: current });
    },
    'POST /api/admin/returns/7/receive': ({ body: sent }) => {
      const body = sent as { lines: { line_id: number; quantity_received: number; condition: 'faulty' }[] };
      current = {
        ...current,
        status: 'received',
        lines: current.lines.map((l) => ({
          ...l,
          quantity_received: body.lines[0]?.quantity_received ?? null,
          condition: body.lines[0]?.condition ?? null,
        })),
        history: [
          ...current.history,
          { action: 'return.receive', staff_name: 'Olive Owner', at: '2026-11-25T02:00:00.000Z', note: '' },
        ],
      };
      return json({ message: ADMIN_RETURN_MESSAGES.receivedDone(7), data: current });
    },
    'POST /api/admin/returns/7/refund': ({ body: sent }) => {
      refundBodies.push(sent);
      current = {
        ...current,
        status: 'refunded',
        decision: {
          refund_amount: '33.00',
          note: 'Faulty',
          decided_at: '2026-11-25T03:00:00.000Z',
          decided_by: 'Olive Owner',
        },
        history: [
          ...current.history,
          {
            action: 'return.refund',
            staff_name: 'Olive Owner',
            at: '2026-11-25T03:00:00.000Z',
            note: 'Faulty',
          },
        ],
      };
      return json({ message: ADMIN_RETURN_MESSAGES.refundedDone(7, '$33.00'), data: current });
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
  it('lists returns, opens one, downloads its file as a Blob and takes it from approval to a refund with restock', async () => {
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

    // Issue 36 §3: requested → approved (RA number) → received and inspected → refunded through the dialog.
    const approve = screen.getByRole('form', { name: 'Approve the return' });
    await user.click(within(approve).getByRole('button', { name: 'Approve and email the RA number' }));
    expect(await screen.findByText(ADMIN_RETURN_MESSAGES.approvedRa(7, 'RA-000042'))).toBeTruthy();
    expect(screen.getByText('RA-000042')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Approve the return' })).toBeNull();

    const receive = screen.getByRole('form', { name: 'Record the return as received' });
    await user.selectOptions(within(receive).getByLabelText('Condition'), 'faulty');
    await user.click(within(receive).getByRole('button', { name: /Record as received/ }));
    expect(await screen.findByText(ADMIN_RETURN_MESSAGES.receivedDone(7))).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Faulty' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Refund the return…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund return RA-000042' });
    expect((within(dialog).getByLabelText('Quantity to refund (of 1)') as HTMLInputElement).value).toBe('1');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Faulty');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(
      within(dialog).getByText('$33.00 will be refunded to the test card the order was paid with.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $33.00' }));
    expect(await screen.findByText(ADMIN_RETURN_MESSAGES.refundedDone(7, '$33.00'))).toBeTruthy();
    expect(refundBodies.at(-1)).toEqual({
      lines: [{ line_id: 11, quantity: 1, restock: true }],
      shipping: '0.00',
      reason: 'Faulty',
    });
    const history = screen.getByRole('heading', { name: 'History' }).nextElementSibling as HTMLElement;
    expect(within(history).getByText(/^Refunded on/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Reject the return' })).toBeNull();
  }, 90_000);

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
