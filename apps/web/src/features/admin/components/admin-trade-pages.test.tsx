/**
 * The back office's trade pages (issue 39 §6) in the real admin routes, the API faked at the network edge: an
 * application is approved with a list, limit and terms (and a refused decline is shown), an account's payment is
 * recorded and its open invoices link to their orders, and a price list is built with a rule whose target is
 * picked by search, checked with the shared schema before it is sent, and previewed for an account.
 */
import type { StaffUser } from '@store/shared/admin';
import type {
  AdminTradeAccountDetail,
  AdminTradeApplication,
  PriceList,
  PriceListPreview,
  TradeAccountView,
} from '@store/shared/trade-accounts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { resetAdminSessionStoreForTests, startAdminSession } from '../admin-session-store';

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

const zeroAgeing = { current: '0.00', '1_30': '0.00', '31_60': '0.00', '61_90': '0.00', '90_plus': '0.00' };

const application: AdminTradeApplication = {
  id: 7,
  status: 'pending',
  business_name: 'Rivet Motors Pty Ltd',
  abn: '51 824 753 556',
  gst_registered: true,
  street_address: '12 Spanner St',
  suburb: 'Parramatta',
  state: 'NSW',
  post_code: '2150',
  contact_name: 'Rita Rivet',
  contact_phone: '0298765432',
  accounts_email: 'accounts@rivet.example.com',
  expected_monthly_spend: '2500.00',
  abn_check: {
    entity_name: 'RIVET MOTORS PTY LTD',
    active: true,
    gst_registered: true,
    checked_at: '2026-12-01T00:00:00Z',
  },
  owner_name: 'Rita Rivet',
  owner_email: 'rita@example.com',
  decline_reason: null,
  created_at: '2026-12-01T00:00:00.000Z',
  decided_at: null,
  decided_by: null,
};

const view: TradeAccountView = {
  id: 7,
  status: 'pending',
  business_name: 'Rivet Motors Pty Ltd',
  abn: '51 824 753 556',
  gst_registered: true,
  decline_reason: null,
  role: 'owner',
  price_lists: [],
  terms: '30_eom',
  credit_limit: '0.00',
  balance: '0.00',
  available_credit: '0.00',
  overdue: '0.00',
  can_order_on_account: false,
  on_account_blocked: 'Not approved',
  users: [{ user_id: 3, name: 'Rita Rivet', email: 'rita@example.com', role: 'owner' }],
  open_invoices: [],
  ageing: zeroAgeing,
  statement_months: [],
};

const workshop: PriceList = { id: 4, name: 'Workshop', accounts: 0, rules: [] };

function detail(
  over: Partial<TradeAccountView> = {},
  appOver: Partial<AdminTradeApplication> = {},
): AdminTradeAccountDetail {
  return {
    account: { ...view, ...over },
    application: { ...application, ...appOver },
    price_list_ids: [],
    ledger: [],
  };
}

function renderAt(path: string, api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: owner });
  return renderRoute(path, {
    routes: [{ path: '/admin/*', Component: AdminAppRoute }],
    api: { 'GET /api/admin/me': { user: owner }, ...api },
  });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('trade applications', () => {
  it('lists applications with the ABR check, opens one and approves it with a list, a limit and terms', async () => {
    let current = detail();
    const { user, api } = renderAt('/admin/trade-applications', {
      'GET /api/admin/trade-applications': { data: [application] },
      'GET /api/admin/trade-accounts/7': () => json({ data: current, audit: [] }),
      'GET /api/admin/price-lists': { data: [workshop, { ...workshop, id: 5, name: 'Fleet' }] },
      'POST /api/admin/trade-accounts/7/decision': () => {
        current = detail(
          { status: 'approved', price_lists: ['Workshop'], credit_limit: '5000.00' },
          { status: 'approved' },
        );
        return json({ data: current, message: 'Application approved.' });
      },
    });
    const table = await screen.findByRole('table', { name: /Trade applications/ });
    expect(within(table).getByText(/RIVET MOTORS PTY LTD: active, registered for GST/)).toBeTruthy();
    await user.click(within(table).getByRole('link', { name: 'Rivet Motors Pty Ltd' }));
    expect(await screen.findByRole('heading', { name: 'Rivet Motors Pty Ltd', level: 1 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the application' });
    await user.click(await within(dialog).findByLabelText('Workshop'));
    await user.type(within(dialog).getByLabelText('Credit limit ($)'), '5000');
    await user.selectOptions(within(dialog).getByLabelText('Terms'), '30 days');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and mail the applicant' }));
    expect(await screen.findByText('Application approved.')).toBeTruthy();
    expect(api.requestsTo('/api/admin/trade-accounts/7/decision')[0]?.body).toEqual({
      decision: 'approve',
      price_list_ids: [4],
      credit_limit: '5000',
      terms: '30_days',
    });
    expect(await screen.findByRole('link', { name: 'Open the trade account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve…' })).toBeNull();
  });

  it("shows the server's refusal of a decline in the dialog", async () => {
    const { user } = renderAt('/admin/trade-applications/7', {
      'GET /api/admin/trade-accounts/7': { data: detail(), audit: [] },
      'POST /api/admin/trade-accounts/7/decision': () =>
        json(
          { message: 'This application has already been decided (approved): reload it to see the decision.' },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Decline…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'ABN holder could not be verified');
    await user.click(within(dialog).getByRole('button', { name: 'Decline and mail the applicant' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/already been decided/);
  });
});

describe('trade accounts', () => {
  const approved = detail(
    {
      status: 'approved',
      price_lists: ['Workshop'],
      credit_limit: '5000.00',
      balance: '330.00',
      available_credit: '4670.00',
      overdue: '110.00',
      ageing: { ...zeroAgeing, current: '220.00', '1_30': '110.00' },
      open_invoices: [
        {
          order_id: 'ORD123',
          invoice_number: 'INV-001001',
          purchase_order_number: 'WS-4411',
          placed_by: 'Rita Rivet',
          invoice_day: '2026-10-20',
          due_day: '2026-11-19',
          total: '110.00',
          open: '110.00',
          bucket: '1_30',
        },
      ],
      statement_months: ['2026-11', '2026-10'],
    },
    { status: 'approved' },
  );

  it('shows money, ageing and open invoices linked to their orders, and records a payment', async () => {
    let current = { ...approved, price_list_ids: [4] };
    const { user, api } = renderAt('/admin/trade-accounts/7', {
      'GET /api/admin/trade-accounts/7': () => json({ data: current, audit: [] }),
      'GET /api/admin/price-lists': { data: [workshop] },
      'POST /api/admin/trade-accounts/7/payments': () => {
        current = { ...current, account: { ...current.account, balance: '230.00' } };
        return json({ data: current, message: 'Payment recorded.' }, 201);
      },
    });
    expect(await screen.findByRole('heading', { name: 'Rivet Motors Pty Ltd', level: 1 })).toBeTruthy();
    expect(screen.getByText(/1–30 days \$110\.00/)).toBeTruthy();
    const open = screen.getByRole('table', { name: /Open invoices/ });
    expect(within(open).getByRole('link', { name: 'INV-001001' }).getAttribute('href')).toBe(
      '/admin/orders/ORD123',
    );
    expect(within(open).getByText('WS-4411')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the statement for 2026-11' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record payment…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    await user.type(within(dialog).getByLabelText('Amount ($)'), '100');
    await user.type(within(dialog).getByLabelText(/Reference/), 'EFT 778899');
    await user.clear(within(dialog).getByLabelText('Received on'));
    await user.type(within(dialog).getByLabelText('Received on'), '2026-12-02');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded.')).toBeTruthy();
    expect(api.requestsTo('/api/admin/trade-accounts/7/payments')[0]?.body).toEqual({
      amount: '100',
      reference: 'EFT 778899',
      received_day: '2026-12-02',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('lists', () => {
  it('lists accounts with balance, overdue and ageing columns under the ageing totals, and searches', async () => {
    const row = {
      id: 7,
      business_name: 'Rivet Motors Pty Ltd',
      abn: '51 824 753 556',
      status: 'approved' as const,
      price_lists: ['Workshop', 'Fleet'],
      credit_limit: '5000.00',
      terms: '30_eom' as const,
      balance: '330.00',
      overdue: '110.00',
      ageing: { ...zeroAgeing, current: '220.00', '1_30': '110.00' },
    };
    const { user, api } = renderAt('/admin/trade-accounts', {
      'GET /api/admin/trade-accounts': { data: [row] },
      'GET /api/admin/trade-ageing': {
        as_of: '2026-12-03',
        totals: row.ageing,
        total_balance: '330.00',
        accounts: [row],
      },
    });
    const table = await screen.findByRole('table', { name: /Trade accounts/ });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '51 824 753 556',
      'Approved',
      'Workshop, Fleet',
      '$5000.00',
      '30 days end of month',
      '$330.00',
      '$110.00',
      '$220.00',
      '$110.00',
      '$0.00',
      '$0.00',
      '$0.00',
    ]);
    expect(within(table).getByRole('link', { name: 'Rivet Motors Pty Ltd' }).getAttribute('href')).toBe(
      '/admin/trade-accounts/7',
    );
    expect(screen.getByText('Owed in all').nextSibling?.textContent).toBe('$330.00');
    await user.type(screen.getByLabelText('Business, ABN or email'), 'rivet');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: /Trade accounts/ });
    expect(api.requestsTo('/api/admin/trade-accounts').at(-1)?.url.searchParams.get('search')).toBe('rivet');
  });

  it("shows the server's refusal to delete a price list in use", async () => {
    const { user } = renderAt('/admin/price-lists', {
      'GET /api/admin/price-lists': { data: [{ ...workshop, accounts: 2 }] },
      'DELETE /api/admin/price-lists/4': () =>
        json({ message: 'This price list is assigned to trade accounts: take it off them first.' }, 409),
    });
    const table = await screen.findByRole('table', { name: /Price lists/ });
    expect(within(table).getAllByRole('cell')[1]?.textContent).toBe('2');
    await user.click(within(table).getByRole('button', { name: 'Delete Workshop' }));
    expect(
      await screen.findByText('This price list is assigned to trade accounts: take it off them first.'),
    ).toBeTruthy();
  });
});

describe('price lists', () => {
  it('builds a list with a brand rule picked by search, refuses a rule with no percent before sending, and saves', async () => {
    const saved: PriceList = {
      id: 9,
      name: 'Trade Gold',
      accounts: 0,
      rules: [
        {
          scope: 'brand',
          target_id: 2,
          target_name: 'Kestrel Lighting',
          percent_off: 12.5,
          fixed_price: null,
        },
      ],
    };
    const { user, api } = renderAt('/admin/price-lists/new', {
      'GET /api/admin/price-lists/targets': ({ url }) =>
        url.searchParams.get('scope') === 'brand'
          ? json({ data: [{ id: 2, name: 'Kestrel Lighting', price: null }] })
          : json({ data: [] }),
      'POST /api/admin/price-lists': () =>
        json({ data: saved, message: 'Price list Trade Gold saved.' }, 201),
      'GET /api/admin/price-lists/9': { data: saved, audit: [] },
      'GET /api/admin/trade-accounts': { data: [] },
    });
    await user.type(await screen.findByLabelText('Name'), 'Trade Gold');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    await user.click(within(rule).getByLabelText(/Brand: none chosen/));
    await user.click(await within(rule).findByRole('button', { name: 'Kestrel Lighting' }));
    expect(within(rule).getByLabelText(/Brand: Kestrel Lighting/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create price list' }));
    expect((await screen.findByRole('status', { name: '' })).textContent ?? '').toMatch(
      /Rule 1: percent_off must be a number/,
    );
    expect(api.requestsTo('/api/admin/price-lists')).toHaveLength(0);
    await user.type(within(rule).getByLabelText('Percent off'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Create price list' }));
    expect(await screen.findByRole('heading', { name: 'Price list' })).toBeTruthy();
    expect(api.requestsTo('/api/admin/price-lists')[0]?.body).toEqual({
      name: 'Trade Gold',
      rules: [{ scope: 'brand', target_id: 2, percent_off: 12.5, fixed_price: null }],
    });
  });

  it('shows a fixed price inc. and ex. GST, and previews a product for the list', async () => {
    const list: PriceList = {
      id: 4,
      name: 'Workshop',
      accounts: 1,
      rules: [
        {
          scope: 'product',
          target_id: 11,
          target_name: 'H7 Globe (KL-H7-55)',
          percent_off: null,
          fixed_price: '22.00',
        },
      ],
    };
    const preview: PriceListPreview = {
      product: { id: 11, sku: 'KL-H7-55', title: 'H7 Globe' },
      shelf_price: { inc_gst: '29.95', ex_gst: '27.23' },
      sale_price: { inc_gst: '26.95', ex_gst: '24.50' },
      lists: [
        {
          id: 4,
          name: 'Workshop',
          price: { inc_gst: '22.00', ex_gst: '20.00' },
          rule: 'Fixed price for H7 Globe (KL-H7-55)',
        },
      ],
      trade_price: { inc_gst: '22.00', ex_gst: '20.00' },
      list_name: 'Workshop',
      basis: 'fixed',
    };
    const { user, api } = renderAt('/admin/price-lists/4', {
      'GET /api/admin/price-lists/4': { data: list, audit: [] },
      'GET /api/admin/trade-accounts': { data: [] },
      'GET /api/admin/price-lists/preview': { data: preview },
    });
    const rule = await screen.findByRole('group', { name: 'Rule 1' });
    expect(within(rule).getByText('$22.00 inc. GST ($20.00 ex.)')).toBeTruthy();
    await user.type(screen.getByLabelText('SKU'), 'KL-H7-55');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const lists = await screen.findByRole('table', { name: /Each list's price/ });
    expect(within(lists).getByText('Fixed price for H7 Globe (KL-H7-55)')).toBeTruthy();
    expect(screen.getByText(/on sale \$26\.95 inc\. GST \(\$24\.50 ex\.\)/)).toBeTruthy();
    expect(screen.getByText(/Charged:/).textContent).toMatch(
      /\$22\.00 inc\. GST \(\$20\.00 ex\.\) \(from Workshop\)/,
    );
    const asked = api.requestsTo('/api/admin/price-lists/preview')[0]!.url.searchParams;
    expect([asked.get('sku'), asked.get('price_list_id')]).toEqual(['KL-H7-55', '4']);
  });
});
