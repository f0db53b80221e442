/**
 * The back office's orders list and order page (issue 12), rendered in the real admin routes with the API faked at
 * the network edge: filters and search in the URL, sort by total, the order page's facts, moving to processing,
 * shipping with a carrier and tracking number, cancelling after a confirmation, and refunding — with the same
 * Idempotency-Key when the same refund is retried after the network failed, and a new one for the next refund.
 */
import { ADMIN_MESSAGES, type StaffUser } from '@store/shared/admin';
import { REFUND_STATUS_NOTES, type AdminOrderDetail, type AdminOrderRow } from '@store/shared/admin-orders';
import { computeCheckoutTotals, lineSubtotalCents } from '@store/shared/checkout-totals';
import { centsToDecimalString } from '@store/shared/money';
import { LINE_REFUND_MESSAGES } from '@store/shared/refund-lines';
import { amountsOfOrder, breakdownRows, lineGstCents } from '@store/shared/order-breakdown';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiRequest, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

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
const row: AdminOrderRow = {
  public_id: 'AbCdEfGhIjKlMnOp',
  invoice_number: 'INV-001042',
  created_at: '2026-11-24T23:00:00.000Z',
  customer: 'Jane Buyer',
  email: 'jane@example.com',
  total: '71.50',
  payment_status: 'completed',
  status: 'pending',
};
const detail: AdminOrderDetail = {
  id: row.public_id,
  invoice_number: row.invoice_number,
  created_at: row.created_at,
  subTotal: '60.00',
  discountedAmount: '0.00',
  discount: '0.00',
  delivery_charges: '11.50',
  totalGst: '6.50',
  total_amount: '71.50',
  payment_method: 'Stripe',
  payment_status: 'completed',
  payment_provider: 'test-card',
  payment_reference: 'pi_test_123',
  status: 'pending',
  f_name: 'Jane',
  l_name: 'Buyer',
  email: 'jane@example.com',
  phone: '0412345678',
  address: '1 Test St, Sydney NSW 2000',
  billing_address: '1 Test St, Sydney NSW 2000',
  carrier: null,
  tracking_number: null,
  order_items: [
    {
      id: 1,
      product_id: 9,
      product_title: 'Brake Pads Front',
      sku: 'BP-1',
      quantity: 2,
      price: '30.00',
      qp_subtotal: '60.00',
      gst: '5.45',
    },
  ],
  // A GST-inclusive order (decision 0046): $60.00 + $11.50 delivery = $71.50, of which $5.45 + $1.05 GST.
  order_meta: [
    { option: '_prices_include_gst', value: 'yes' },
    { option: '_gst_percent', value: '10' },
  ],
  status_history: [],
  returns: [],
  refunds: [],
  refunded_total: '0.00',
  refundable: '71.50',
  refund_lines: [{ line_id: 1, quantity: 2, refunded_quantity: 0, net: '60.00', restockable: true }],
  shipping_refundable: '11.50',
  refund_destination: 'the test card the order was paid with',
  audit: [],
};

const SHIPPING = {
  f_name: 'Jane',
  l_name: 'Buyer',
  email: 'jane@example.com',
  phone: '0412345678',
  street_address: '1 Test St',
  city: 'Sydney',
  state: 'NSW',
  post_code: '2000',
  company: '',
};

/**
 * The back office's order API as a table, a server that keeps the order; its first refund call is dropped by the
 * network. `refundKeys` lists each refund call's Idempotency-Key, oldest first.
 */
function orderApi(start: AdminOrderDetail = detail) {
  let current = start;
  let refundFailures = 1;
  const refundKeys: string[] = [];
  const refundBodies: unknown[] = [];
  const fields = (body: unknown) => (body ?? {}) as Record<string, string>;
  const table: ApiTable = {
    'GET /api/store-config': { data: makeStoreConfig({ store_name: 'Torque Parts' }) },
    'GET /api/admin/me': { user: clerk },
    'GET /api/admin/orders': () =>
      json({
        data: [{ ...row, status: current.status, payment_status: current.payment_status }],
        total: 1,
      }),
    [`GET /api/admin/orders/${row.public_id}`]: () => json({ data: current }),
    // Issue 36 §4's sections of the page (their own tests: admin-order-care.test.tsx).
    [`GET /api/admin/orders/${row.public_id}/notes`]: { data: [] },
    [`GET /api/admin/orders/${row.public_id}/shipping-address`]: () =>
      json({ data: SHIPPING, can_correct: ['pending', 'processing'].includes(current.status) }),
    [`POST /api/admin/orders/${row.public_id}/status`]: ({ body: sent }: ApiRequest) => {
      const body = fields(sent);
      const to = body.status as AdminOrderDetail['status'];
      current = {
        ...current,
        status: to,
        carrier: (body.carrier as AdminOrderDetail['carrier']) ?? current.carrier,
        tracking_number: body.tracking_number ?? current.tracking_number,
        status_history: [
          ...current.status_history,
          {
            from: current.status,
            to,
            staff_id: 2,
            staff_name: 'Sam Clerk',
            note: '',
            at: '2026-11-25T01:00:00.000Z',
          },
        ],
      };
      return json({ message: `Order INV-001042 is now ${to}.`, data: current });
    },
    [`POST /api/admin/orders/${row.public_id}/line-refunds`]: ({ body: sent, request }: ApiRequest) => {
      const body = sent as {
        lines: { line_id: number; quantity: number }[];
        shipping: string;
        reason: string;
      };
      refundBodies.push(body);
      refundKeys.push(request.headers.get('idempotency-key') ?? '');
      // The first try never answers (the network drops it); the retry carries the same key.
      if (refundFailures-- > 0) return Response.error();
      const units = body.lines.reduce((n, l) => n + l.quantity, 0);
      const shipping = Math.round(Number(body.shipping) * 100);
      const cents = units * 3_000 + shipping;
      const amount = (cents / 100).toFixed(2);
      const refunded = Math.round(Number(current.refunded_total) * 100) + cents;
      current = {
        ...current,
        payment_status: refunded === 7150 ? 'refunded' : 'partially_refunded',
        refunded_total: (refunded / 100).toFixed(2),
        refundable: ((7150 - refunded) / 100).toFixed(2),
        refund_lines: current.refund_lines.map((l) => ({
          ...l,
          refunded_quantity: l.refunded_quantity + units,
        })),
        shipping_refundable: ((1150 - shipping) / 100).toFixed(2),
        refunds: [
          ...current.refunds,
          {
            id: current.refunds.length + 1,
            status: 'succeeded',
            amount,
            reason: body.reason ?? '',
            provider: 'test-card',
            provider_refund_id: 're_test_abc',
            return_id: null,
            staff_name: 'Sam Clerk',
            created_at: '2026-11-25T02:00:00.000Z',
          },
        ],
        audit: [
          {
            id: 10 + current.refunds.length,
            action: 'order.refund',
            staff_name: 'Sam Clerk',
            before: { payment_status: current.payment_status },
            after: { refund_cents: cents },
            at: '2026-11-25T02:00:00.000Z',
          },
          ...current.audit,
        ],
      };
      return json({ message: `Refunded $${amount} on order INV-001042.`, data: current }, 201);
    },
  };
  return { table, refundKeys, refundBodies };
}

/** The back office at `path`, signed in as a clerk, over `api`. */
function renderAdmin(path: string, api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: clerk });
  return renderRoute(path, { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/orders', () => {
  it('lists orders with filters, search and sorting kept in the URL, and links each to its page', async () => {
    const { api, router, user } = renderAdmin('/admin/orders?status=pending', orderApi().table);
    const table = await screen.findByRole('table', { name: /Orders \(1\)/ });
    const link = within(table).getByRole('link', { name: 'INV-001042' });
    expect(link.getAttribute('href')).toBe(`/admin/orders/${row.public_id}`);
    expect(within(table).getByRole('rowheader', { name: 'INV-001042' })).toBeTruthy();
    expect(within(table).getByText('$71.50')).toBeTruthy();
    expect((screen.getByLabelText('Order status') as HTMLInputElement).value).toBe('pending');

    await user.selectOptions(screen.getByLabelText('Payment'), 'completed');
    await user.type(screen.getByLabelText('Invoice, order id, email or name'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(Object.fromEntries(params)).toMatchObject({
        status: 'pending',
        payment_status: 'completed',
        q: 'jane@example.com',
        sort: 'total',
      });
    });
    const last = api.requestsTo('/api/admin/orders').at(-1)!.url;
    expect(last.searchParams.get('q')).toBe('jane@example.com');
    expect(last.searchParams.get('sort')).toBe('total');
  });

  it('says when the orders did not load', async () => {
    renderAdmin('/admin/orders', {
      'GET /api/admin/me': { user: clerk },
      'GET /api/admin/orders': () => json({ message: 'Database down' }, 503),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The orders did not load: Database down',
    );
  });
});

describe('/admin/orders/:publicId', () => {
  it('moves the order, ships it with a tracking link, and refunds with one key per intended refund', async () => {
    const { table, refundKeys, refundBodies } = orderApi();
    const { user } = renderAdmin(`/admin/orders/${row.public_id}`, table);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order INV-001042' })).toBeTruthy();
    expect(screen.getByText('Brake Pads Front')).toBeTruthy();
    const totals = screen.getByLabelText('Order totals');
    expect(within(totals).getByText('Includes GST (10%) of').nextElementSibling?.textContent).toBe('$6.50');
    expect(screen.getByText('Reference: pi_test_123')).toBeTruthy();
    // Issue 18 §3: the paid order's tax invoice, as the customer gets it, downloaded with the staff bearer
    // (decision 0044: no address opens it by the public id alone).
    expect(screen.getByRole('button', { name: 'Tax invoice (PDF)' })).toBeTruthy();
    expect(document.querySelector('a[href*="tax-invoice"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Move to processing' }));
    await waitFor(() => expect(screen.getByText('Order INV-001042 is now processing.')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('Enter the tracking number.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Carrier'), 'Australia Post');
    await user.type(screen.getByLabelText('Tracking number'), '33LOB1234567');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.getByText('Order INV-001042 is now shipped.')).toBeTruthy());
    expect(screen.getByRole('link', { name: /Track with Australia Post/ }).getAttribute('href')).toBe(
      'https://auspost.com.au/mypost/track/details/33LOB1234567',
    );

    // Issue 36 §3: the refund dialog — a line, restock, a reason, and a confirmation with the amount.
    await user.click(screen.getByRole('button', { name: 'Refund items…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order INV-001042' });
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByText(LINE_REFUND_MESSAGES.nothing)).toBeTruthy();
    const quantity = within(dialog).getByLabelText('Quantity to refund (of 2)');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByText('Only 2 of Brake Pads Front can still be refunded.')).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(within(dialog).getByText('$30.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByText(LINE_REFUND_MESSAGES.reasonRequired)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(
      within(dialog).getByText('$30.00 will be refunded to the test card the order was paid with.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/1 × Brake Pads Front \(back in stock\)/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The store did not answer');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.00' }));
    await waitFor(() => expect(screen.getByText('Refunded $30.00 on order INV-001042.')).toBeTruthy());
    expect(refundKeys).toHaveLength(2);
    expect(refundKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(refundKeys[1]).toBe(refundKeys[0]);
    expect(refundBodies[1]).toEqual({
      lines: [{ line_id: 1, quantity: 1, restock: true }],
      shipping: '0.00',
      reason: 'Wrong size',
    });
    expect(screen.getByText(/Refunded \$30\.00 of \$71\.50/)).toBeTruthy();
    expect(screen.getByText('order.refund')).toBeTruthy();

    // The rest: the other unit and the delivery, another intended refund with a new key; then refunded in full,
    // and a refunded order is offered no move to processing.
    await user.click(screen.getByRole('button', { name: 'Refund items…' }));
    const again = await screen.findByRole('dialog', { name: 'Refund order INV-001042' });
    await user.type(within(again).getByLabelText('Quantity to refund (of 1)'), '{backspace}1');
    const delivery = within(again).getByLabelText('Delivery charge to refund (AUD)');
    await user.clear(delivery);
    await user.type(delivery, '11.50');
    await user.type(within(again).getByLabelText(/Reason/), 'Cancelled');
    await user.click(within(again).getByRole('button', { name: 'Review refund' }));
    await user.click(within(again).getByRole('button', { name: 'Refund $41.50' }));
    await waitFor(() => expect(screen.getByText('This order has been refunded in full.')).toBeTruthy());
    expect(refundKeys).toHaveLength(3);
    expect(refundKeys[2]).not.toBe(refundKeys[0]);
    expect(screen.queryByRole('button', { name: 'Move to processing' })).toBeNull();
  }, 90_000);

  it('a fully refunded pending order offers only cancelling, not "Move to processing"', async () => {
    const { user } = renderAdmin(
      `/admin/orders/${row.public_id}`,
      orderApi({ ...detail, payment_status: 'refunded', refundable: '0.00', refunded_total: '71.50' }).table,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order INV-001042' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to processing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.getByText('Refunded')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }));
    expect(screen.getByRole('button', { name: 'Yes, cancel the order' })).toBeTruthy();
  });

  it.each([
    ['Stripe', 'afterpay_clearpay', 'Afterpay via test-card'],
    ['Stripe', 'apple_pay', 'Apple Pay via test-card'],
    ['Stripe', null, 'Card via test-card'],
    ['Account', null, 'On account via test-card'],
  ])('names the payment method %s / %s as the customer sees it (issue 40)', async (method, kind, shown) => {
    renderAdmin(
      `/admin/orders/${row.public_id}`,
      orderApi({ ...detail, payment_method: method, payment_method_type: kind }).table,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order INV-001042' })).toBeTruthy();
    const payment = screen.getByText('Payment', { selector: 'dt' }).nextElementSibling!;
    expect(payment.textContent).toContain(shown);
  });

  it('a refund refused until two-step sign-in is set up goes to /admin/security, as every back-office call does', async () => {
    const { router, user } = renderAdmin(`/admin/orders/${row.public_id}`, {
      ...orderApi().table,
      [`POST /api/admin/orders/${row.public_id}/line-refunds`]: () =>
        json({ message: ADMIN_MESSAGES.totpSetupFirst }, 403),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order INV-001042' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refund items…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Quantity to refund (of 2)'), '{backspace}1');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong size');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
  });

  it('says which refunds are still waiting for the provider or were refused, and counts only the made ones', async () => {
    const refund = (id: number, status: AdminOrderDetail['refunds'][number]['status'], amount: string) => ({
      id,
      status,
      amount,
      reason: '',
      provider: 'test-card',
      provider_refund_id: status === 'succeeded' ? `re_test_${id}` : null,
      return_id: null,
      staff_name: 'Sam Clerk',
      created_at: '2026-11-25T01:00:00.000Z',
    });
    renderAdmin(
      `/admin/orders/${row.public_id}`,
      orderApi({
        ...detail,
        payment_status: 'partially_refunded',
        refunds: [
          refund(1, 'succeeded', '10.00'),
          refund(2, 'pending', '20.00'),
          refund(3, 'failed', '5.00'),
        ],
        refunded_total: '10.00',
        refundable: '41.50',
      }).table,
    );
    const section = (await screen.findByRole('heading', { name: 'Refunds' })).closest('section');
    if (!section) throw new Error('no Refunds section');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).not.toMatch(/Waiting|Refused/);
    expect(items[1]?.textContent).toContain(REFUND_STATUS_NOTES.pending);
    expect(items[2]?.textContent).toContain(REFUND_STATUS_NOTES.failed);
    expect(section.textContent).toContain('Refunded $10.00 of $71.50; $41.50 can still be refunded.');
  });

  it("shows a member's order with the rows breakdownRows gives from its stored record, and they add up", async () => {
    // Two brake pads at $115.45 inc. GST and one fluid at $16.45, the member discount of 10%, free delivery.
    const lines = [
      { unitPriceCents: 11_545, quantity: 2 },
      { unitPriceCents: 1_645, quantity: 1 },
    ];
    const settings = { gstPercent: 10, deliveryChargeCents: 1_650, freeDeliveryThresholdCents: 10_000 };
    const t = computeCheckoutTotals(lines, settings, { signupPercent: 10 });
    const money = centsToDecimalString;
    const member: AdminOrderDetail = {
      ...detail,
      subTotal: money(t.subtotalCents),
      discountedAmount: money(t.discountCents),
      discount: money(t.discountCents),
      delivery_charges: money(t.deliveryChargeCents),
      totalGst: money(t.gstCents),
      total_amount: money(t.totalCents),
      refundable: money(t.totalCents),
      order_items: lines.map((l, i) => ({
        id: i + 1,
        product_id: 9 + i,
        product_title: i === 0 ? 'Brake Pads Front' : 'Brake Fluid DOT 4',
        sku: `BP-${i}`,
        quantity: l.quantity,
        price: money(l.unitPriceCents),
        qp_subtotal: money(lineSubtotalCents(l)),
        gst: money(lineGstCents(lineSubtotalCents(l), 10)),
      })),
      order_meta: [
        { option: '_prices_include_gst', value: 'yes' },
        { option: '_gst_percent', value: '10' },
        { option: '_signup_discount', value: money(t.signupDiscountCents) },
      ],
    };
    renderAdmin(`/admin/orders/${row.public_id}`, orderApi(member).table);
    const totals = await screen.findByLabelText('Order totals');
    const expected = breakdownRows(amountsOfOrder(member));
    const shown = [...totals.querySelectorAll('div')].map((d) => [
      d.querySelector('dt')?.textContent,
      d.querySelector('dd')?.textContent,
    ]);
    expect(shown).toEqual(expected.map((r) => [r.label, r.text]));
    expect(shown).toEqual([
      ['Subtotal', '$247.35'],
      ['Member discount', '\u2212$24.74'],
      ['Delivery', 'Free'],
      ['Total (inc. GST)', '$222.61'],
      ['Includes GST (10%) of', '$20.24'],
    ]);
    // The rows that are amounts add up to the total charged, to the cent.
    const sum = expected.filter((r) => r.addsUp).reduce((a, r) => a + r.cents, 0);
    expect(sum).toBe(t.totalCents);
    // Each line: unit, line total and the GST it includes, all inc. GST.
    const table = screen.getByRole('table', { name: 'Items (2)' });
    const pads = within(table).getByRole('row', { name: /Brake Pads Front/ });
    expect(
      within(pads)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['BP-0', '2', '$115.45', '$230.90', '$20.99']);
    expect(within(table).getByRole('columnheader', { name: 'Unit price inc. GST' })).toBeTruthy();
    // The refund panel offers at most the total charged.
    expect(screen.getByText(/\$222\.61 can still be refunded, to/)).toBeTruthy();
  });

  it('cancels only after the confirmation', async () => {
    const { user } = renderAdmin(`/admin/orders/${row.public_id}`, orderApi().table);
    await user.click(await screen.findByRole('button', { name: 'Cancel order…' }));
    await user.click(screen.getByRole('button', { name: 'Keep the order' }));
    await user.click(screen.getByRole('button', { name: 'Cancel order…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(screen.getByText('Order INV-001042 is now cancelled.')).toBeTruthy());
    expect(screen.getByText('A cancelled order does not change any more.')).toBeTruthy();
  });
});
