import type { PublicUser } from '@store/shared/account';
import { priceDisplayOf } from '@store/shared/gst-prices';
import {
  AGEING_WORDS,
  TRADE_MESSAGES,
  TRADE_STATUS_WORDS,
  tradeApplicationRequestSchema,
} from '@store/shared/trade-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TradeAccountRoute } from '@/app/routes/account-member';
import { getSession, resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { makeTradeAccount, TRADE_OWNER } from '@/test/trade-fixtures';

/** Issue 39 §1, §4, §5: the trade account page, from the application to the account's users. */

/** A member with no business details: the form starts from their name, email and phone only. */
const member: PublicUser = { ...TRADE_OWNER, user_meta: [] };

function renderTrade(api: ApiTable, user: PublicUser = member) {
  startSession({ user, token: 'member-token', subscription: false });
  return renderRoute('/my-account/trade', {
    routes: [
      { path: '/my-account/trade', Component: TradeAccountRoute },
      { path: '/signin', element: <h1>Sign in page</h1> },
    ],
    api,
    beside: <ToastContainer />,
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The message under a field (its aria-describedby's `-message` element). */
function messageOf(control: HTMLElement): string | null {
  const id = control
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-message'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

beforeEach(() => resetSessionStoreForTests());
afterEach(() => {
  localStorage.clear();
  resetSessionStoreForTests();
});

describe('trade application (issue 39 §1)', () => {
  it('checks the ABN by its checksum as it is typed', async () => {
    const { user } = renderTrade({ 'GET /api/trade/account': { data: null } });
    const abn = await screen.findByRole('textbox', { name: /^ABN/ });
    await user.type(abn, '51 824 753 557');
    expect(messageOf(abn)).toBe(TRADE_MESSAGES.abnInvalid);
    expect(abn.getAttribute('aria-invalid')).toBe('true');
    await user.clear(abn);
    await user.type(abn, '51824753556');
    expect(messageOf(abn)).toBe('ABN 51 824 753 556 passes the ABN check.');
    expect(abn.getAttribute('aria-invalid')).toBe('false');
  });

  it("refuses what the server's schema refuses, under each field, and sends nothing", async () => {
    const { user, api } = renderTrade({ 'GET /api/trade/account': { data: null } });
    await screen.findByRole('form', { name: 'Trade application' });
    // Started from the member: contact, phone and accounts email are filled in.
    expect(field(/^Contact name/).value).toBe('Pat Mechanic');
    expect(field(/^Accounts email/).value).toBe('pat@guildford-auto.example');
    await user.type(field(/^Postcode/), '21');
    await user.type(field(/^Expected monthly spend/), 'lots');
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));

    // The same words as the server's schema (tradeApplicationRequestSchema).
    const expected = tradeApplicationRequestSchema.safeParse({
      business_name: '',
      abn: '',
      street_address: '',
      suburb: '',
      post_code: '21',
      expected_monthly_spend: 'lots',
    });
    const messages = new Map(expected.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(await screen.findByText(messages.get('business_name')!)).toBeTruthy();
    expect(messageOf(field(/^Business name/))).toBe('Business name is required');
    expect(messageOf(field(/^ABN/))).toBe(TRADE_MESSAGES.abnInvalid);
    expect(messageOf(field(/^Postcode/))).toBe('Postcode must be 4 digits');
    expect(messageOf(field(/^Expected monthly spend/))).toBe(
      'Expected monthly spend must be an amount in dollars, such as 2500',
    );
    expect(messageOf(screen.getByRole('combobox', { name: /^State/ }))).toBe(messages.get('state'));
    expect(screen.getByText(messages.get('gst_registered')!)).toBeTruthy();
    expect(api.requestsTo('/api/trade/applications')).toEqual([]);
  });

  /** Fills a valid application. */
  async function fillApplication(user: ReturnType<typeof renderTrade>['user']) {
    await screen.findByRole('form', { name: 'Trade application' });
    await user.type(field(/^Business name/), 'Guildford Auto Repairs Pty Ltd');
    await user.type(field(/^ABN/), '51 824 753 556');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(field(/^Street address/), '12 Railway Terrace');
    await user.type(field(/^Suburb/), 'Guildford');
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'NSW');
    await user.type(field(/^Postcode/), '2161');
    await user.type(field(/^Expected monthly spend/), '2,500');
  }

  it('sends the application and shows it as received', async () => {
    const pending = makeTradeAccount({ status: 'pending', can_order_on_account: false, price_lists: [] });
    const { user, api } = renderTrade({
      'GET /api/trade/account': { data: null },
      'POST /api/trade/applications': () => json({ message: TRADE_MESSAGES.applied, data: pending }, 201),
    });
    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));

    expect(await screen.findByText(TRADE_STATUS_WORDS.pending)).toBeTruthy();
    const [sent] = api.requestsTo('/api/trade/applications');
    expect(sent?.request.headers.get('authorization')).toBe('Bearer member-token');
    expect(sent?.body).toMatchObject({
      business_name: 'Guildford Auto Repairs Pty Ltd',
      abn: '51 824 753 556',
      gst_registered: true,
      state: 'NSW',
      post_code: '2161',
      accounts_email: 'pat@guildford-auto.example',
      // Dollars as typed: the server's schema reads them (decision 0066: money in requests is dollars as typed).
      expected_monthly_spend: '2,500',
    });
  });

  it("shows the server's field errors under their fields, and a refusal without fields above the button", async () => {
    const { user, api } = renderTrade({
      'GET /api/trade/account': { data: null },
      'POST /api/trade/applications': () =>
        json(
          { message: 'Validation failed', errors: [{ field: 'abn', message: TRADE_MESSAGES.abnNotFound }] },
          400,
        ),
    });
    await fillApplication(user);
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    await waitFor(() => expect(messageOf(field(/^ABN/))).toBe(TRADE_MESSAGES.abnNotFound));

    api.answer({
      'POST /api/trade/applications': () => json({ message: TRADE_MESSAGES.abnTaken }, 409),
    });
    await user.clear(field(/^ABN/));
    await user.type(field(/^ABN/), '51824753556');
    await user.click(screen.getByRole('button', { name: 'Apply for a trade account' }));
    const form = screen.getByRole('form', { name: 'Trade application' });
    expect(await within(form).findByText(TRADE_MESSAGES.abnTaken)).toBeTruthy();
  });

  it('says why an application was declined', async () => {
    renderTrade({
      'GET /api/trade/account': {
        data: makeTradeAccount({
          status: 'declined',
          decline_reason: 'The ABR lists this ABN as cancelled.',
        }),
      },
    });
    expect(await screen.findByText(TRADE_STATUS_WORDS.declined)).toBeTruthy();
    expect(screen.getByText('The ABR lists this ABN as cancelled.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Trade application' })).toBeNull();
  });
});

describe('an approved trade account (issue 39 §4, §5)', () => {
  const account = makeTradeAccount({
    overdue: '120.00',
    can_order_on_account: false,
    on_account_blocked: TRADE_MESSAGES.overdue('$120.00'),
    open_invoices: [
      {
        order_id: 'Ab12Cd34Ef56Gh78',
        invoice_number: 'INV-000077',
        purchase_order_number: 'PO-4471',
        placed_by: 'Lee Apprentice',
        invoice_day: '2026-10-03',
        due_day: '2026-11-30',
        total: '150.00',
        open: '120.00',
        bucket: '1_30',
      },
    ],
    statement_months: ['2026-11', '2026-10'],
  });

  it('shows terms, credit, the open invoices with their ageing, and why it cannot order on account', async () => {
    renderTrade(
      { 'GET /api/trade/account': { data: account }, 'GET /api/profile': { data: TRADE_OWNER } },
      TRADE_OWNER,
    );
    expect(await screen.findByRole('heading', { level: 1, name: account.business_name })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Account' });
    expect(details.textContent).toContain('ABN51 824 753 556');
    expect(details.textContent).toContain('Terms30 days end of month');
    expect(details.textContent).toContain('Credit limit$5000.00');
    expect(details.textContent).toContain('Available credit$3750.00');
    expect(details.textContent).toContain('Price listsTrade Gold');
    expect(within(details).getByText(TRADE_MESSAGES.overdue('$120.00'))).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Quick order' }).getAttribute('href')).toBe(
      '/my-account/quick-order',
    );

    const invoices = screen.getByRole('region', { name: 'Open invoices' });
    const row = within(invoices).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'INV-000077' }).getAttribute('href')).toBe(
      '/track-order?order_id=Ab12Cd34Ef56Gh78',
    );
    expect(row.textContent).toContain('PO-4471');
    expect(row.textContent).toContain('Lee Apprentice');
    expect(row.textContent).toContain('30/11/2026');
    expect(row.textContent).toContain('$120.00 of $150.00');
    expect(within(row).getByText(AGEING_WORDS['1_30'])).toBeTruthy();
  });

  it('takes the ex-GST display approval gave the account when the member signed in before it (issue 39 §3)', async () => {
    // Signed in before approval: no business details, prices with GST. The profile now says ex. GST.
    renderTrade({ 'GET /api/trade/account': { data: account }, 'GET /api/profile': { data: TRADE_OWNER } });
    await waitFor(() => expect(priceDisplayOf(getSession()?.user.user_meta ?? null)).toBe('ex_gst'));
  });

  it("downloads a month's statement with the member's bearer", async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const createObjectURL = vi.fn(() => 'blob:statement');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    try {
      const { user, api } = renderTrade(
        {
          'GET /api/trade/account': { data: account },
          'GET /api/profile': { data: TRADE_OWNER },
          'GET /api/trade/statements/:month': () =>
            new Response('%PDF-1.7', {
              headers: {
                'content-type': 'application/pdf',
                'content-disposition': 'attachment; filename="statement-2026-11.pdf"',
              },
            }),
        },
        TRADE_OWNER,
      );
      await user.click(await screen.findByRole('button', { name: 'November 2026 (PDF)' }));
      await waitFor(() => expect(clicked).toEqual(['statement-2026-11.pdf']));
      const [asked] = api.requestsTo('/api/trade/statements/2026-11');
      expect(asked?.request.headers.get('authorization')).toBe('Bearer member-token');
    } finally {
      click.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('lets the owner add a person by email and remove a buyer', async () => {
    const joined = makeTradeAccount({
      users: [
        ...account.users,
        { user_id: 23, name: 'Sam Parts', email: 'sam@guildford-auto.example', role: 'buyer' },
      ],
    });
    const { user, api } = renderTrade(
      {
        'GET /api/trade/account': { data: account },
        'GET /api/profile': { data: TRADE_OWNER },
        'POST /api/trade/users': () =>
          json({ message: TRADE_MESSAGES.userAdded('sam@guildford-auto.example'), data: joined }),
        'DELETE /api/trade/users/:userId': ({ params }) =>
          params.userId === '22'
            ? json({
                message: TRADE_MESSAGES.userRemoved,
                data: { ...joined, users: joined.users.filter((u) => u.user_id !== 22) },
              })
            : undefined,
      },
      TRADE_OWNER,
    );
    const users = await screen.findByRole('region', { name: 'Who can order' });
    // The owner cannot be removed; a buyer can.
    expect(within(users).queryByRole('button', { name: /Remove Pat Mechanic/ })).toBeNull();
    await user.type(within(users).getByLabelText(/Add a person/), 'Sam@Guildford-Auto.example ');
    await user.click(within(users).getByRole('button', { name: 'Add user' }));
    expect(await within(users).findByText('sam@guildford-auto.example')).toBeTruthy();
    expect(api.requestsTo('/api/trade/users')[0]?.body).toEqual({ email: 'sam@guildford-auto.example' });

    await user.click(
      within(users).getByRole('button', { name: 'Remove Lee Apprentice (lee@guildford-auto.example)' }),
    );
    await waitFor(() => expect(within(users).queryByText('Lee Apprentice')).toBeNull());
    expect(within(users).getByText('Sam Parts')).toBeTruthy();
  });

  it('shows a buyer the people who order, without changing them', async () => {
    const lee = { ...TRADE_OWNER, id: 22, name: 'Lee Apprentice', email: 'lee@guildford-auto.example' };
    renderTrade(
      {
        'GET /api/trade/account': { data: { ...account, role: 'buyer' } },
        'GET /api/profile': { data: lee },
      },
      lee,
    );
    const users = await screen.findByRole('region', { name: 'Who can order' });
    expect(within(users).getAllByRole('row')).toHaveLength(3);
    expect(within(users).queryByRole('button')).toBeNull();
    expect(within(users).getByText(TRADE_MESSAGES.ownerOnly)).toBeTruthy();
  });
});
