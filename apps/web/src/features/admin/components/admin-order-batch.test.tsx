/**
 * /admin/orders' selection and batch actions (issue 36 §4) over the fake API: ticking orders (one by one and all on
 * the page), packing slips downloaded as the server's PDF for exactly those orders, a batch "Mark shipped" with a
 * carrier and tracking number per order (an "Other" courier needs its name, checked before sending) whose refused
 * order is reported and stays ticked, and a batch move to processing.
 */
import type { StaffUser } from '@store/shared/admin';
import { FULFILMENT_MESSAGES, type BatchStatusMove } from '@store/shared/admin-fulfilment';
import { ADMIN_ORDER_MESSAGES, type AdminOrderRow } from '@store/shared/admin-orders';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

const packer: StaffUser = {
  id: 2,
  name: 'Pat Packer',
  email: 'pat@example.com',
  role: 'staff',
  must_change_password: false,
  totp_enabled: false,
  totp_required: false,
  totp_setup_required: false,
  disabled: false,
};

const order = (n: number, status: string): AdminOrderRow => ({
  public_id: `Order${String(n).padStart(11, '0')}`,
  invoice_number: `INV-00100${n}`,
  created_at: '2026-12-01T23:00:00.000Z',
  customer: `Customer ${n}`,
  email: `c${n}@example.com`,
  total: '70.40',
  payment_status: 'completed',
  status,
});
const rows = [order(1, 'processing'), order(2, 'processing'), order(3, 'pending')];
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

function api(): ApiTable {
  let current = rows;
  return {
    'GET /api/admin/me': () => json({ user: packer }),
    'GET /api/admin/orders': () => json({ data: current, total: current.length }),
    'POST /api/admin/orders/packing-slips': () =>
      new Response(PDF, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="packing-slips-2026-12-02.pdf"',
        },
      }),
    'POST /api/admin/orders/batch-status': ({ body }) => {
      const { moves } = body as { moves: BatchStatusMove[] };
      const results = moves.map((m) => {
        const row = current.find((r) => r.public_id === m.order) as AdminOrderRow;
        const allowed = (row.status === 'processing' && m.status === 'shipped') || m.status === 'processing';
        return allowed
          ? {
              order: m.order,
              invoice_number: row.invoice_number,
              moved: true,
              status: m.status,
              message: `Now ${m.status}.`,
            }
          : {
              order: m.order,
              invoice_number: row.invoice_number,
              moved: false,
              status: row.status,
              message: ADMIN_ORDER_MESSAGES.illegalMove(row.status, m.status),
            };
      });
      current = current.map((r) => {
        const done = results.find((x) => x.order === r.public_id && x.moved);
        return done ? { ...r, status: done.status } : r;
      });
      const moved = results.filter((r) => r.moved).length;
      return json({
        message: FULFILMENT_MESSAGES.batchMoved(moved, results.length),
        moved,
        results,
      });
    },
  };
}

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
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

function renderOrders(table: ApiTable) {
  startAdminSession({ token: 'admin-token', user: packer });
  return renderRoute('/admin/orders', {
    routes: [{ path: '/admin/*', Component: AdminAppRoute }],
    api: table,
  });
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

describe('/admin/orders batch actions', () => {
  it('prints packing slips of the ticked orders and ships them in one go, reporting the one refused', async () => {
    const saved = captureDownloads();
    const { api: fake, user } = renderOrders(api());
    await screen.findByRole('table', { name: /Orders \(3\)/ });
    const slips = screen.getByRole('button', { name: 'Print packing slips' });
    expect((slips as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Select order INV-001001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order INV-001003' }));
    expect(screen.getByText('2 orders selected')).toBeTruthy();
    await user.click(slips);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('packing-slips-2026-12-02.pdf');
    const call = fake.requestsTo('/api/admin/orders/packing-slips')[0];
    expect(call?.body).toEqual({ orders: [rows[0]?.public_id, rows[2]?.public_id] });
    expect(call?.request.headers.get('authorization')).toBe('Bearer admin-token');
    expect(await screen.findByText('Downloaded packing-slips-2026-12-02.pdf (2 orders).')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 orders selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark shipped…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 3 orders shipped' });
    await user.selectOptions(within(dialog).getByLabelText('Carrier of INV-001002'), 'Other');
    await user.type(within(dialog).getByLabelText('Tracking number of INV-001001'), 'ST 1001');
    await user.type(within(dialog).getByLabelText('Tracking number of INV-001002'), 'HX-77');
    await user.type(within(dialog).getByLabelText('Tracking number of INV-001003'), 'AP1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 shipped' }));
    // Checked with the API's own rule before anything is sent: "Other" needs the courier's name.
    expect(await within(dialog).findByText(ADMIN_ORDER_MESSAGES.otherCarrierNeedsName)).toBeTruthy();
    expect(fake.requestsTo('/api/admin/orders/batch-status')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Courier's name for INV-001002"), 'Hunter Express');
    await user.click(within(dialog).getByRole('button', { name: 'Mark 3 shipped' }));

    expect(await screen.findByText(/2 of 3 orders moved/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = fake.requestsTo('/api/admin/orders/batch-status')[0]?.body as { moves: BatchStatusMove[] };
    expect(sent.moves).toEqual([
      { order: rows[0]?.public_id, status: 'shipped', carrier: 'Australia Post', tracking_number: 'ST 1001' },
      {
        order: rows[1]?.public_id,
        status: 'shipped',
        carrier: 'Other',
        carrier_name: 'Hunter Express',
        tracking_number: 'HX-77',
      },
      { order: rows[2]?.public_id, status: 'shipped', carrier: 'Australia Post', tracking_number: 'AP1' },
    ]);
    const refused = screen.getByText(/cannot become shipped/).closest('li');
    expect(refused?.textContent).toBe(
      `INV-001003: ${ADMIN_ORDER_MESSAGES.illegalMove('pending', 'shipped')}`,
    );
    // The refused order stays ticked for another try; the shipped ones leave the selection.
    expect(screen.getByText('1 order selected')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Select order INV-001003' }) as HTMLInputElement).checked,
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Move status…' }));
    const move = await screen.findByRole('dialog', { name: 'Move 1 order' });
    await user.click(within(move).getByRole('button', { name: 'Move 1 to processing' }));
    expect(await screen.findByText('1 order moved.')).toBeTruthy();
    expect(screen.getByText('No orders selected')).toBeTruthy();
  });
});
