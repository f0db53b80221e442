import { ADMIN_MESSAGES, type StaffUser } from '@store/shared/admin';
import { DASHBOARD_LABELS, type AdminDashboard } from '@store/shared/admin-dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import {
  ADMIN_SESSION_KEY,
  getAdminSession,
  resetAdminSessionStoreForTests,
  startAdminSession,
} from '../admin-session-store';

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
const PASSWORD = 'Sparkplug!42';
const DASHBOARD: AdminDashboard = {
  today: '2026-11-20',
  month: '2026-11',
  periods: {
    today: { orders: 3, revenue: '181.50', gst: '16.50', refunded: '0.00', net_revenue: '181.50' },
    month: { orders: 41, revenue: '5210.40', gst: '473.67', refunded: '12.34', net_revenue: '5198.06' },
  },
  waiting_to_ship: {
    total: 12,
    data: [
      {
        public_id: 'ABCDEFGHJKLMNPQR',
        invoice_number: 'INV-001042',
        created_at: '2026-11-19T23:00:00.000Z',
        customer: 'Jane Citizen',
        total: '70.40',
        status: 'processing',
      },
    ],
  },
  open_returns: 1,
  unhandled_messages: 0,
  low_stock: {
    total: 1,
    data: [{ sku: 'H4-GLOBE', title: 'H4 Headlight Globe', stock: 2, reorder_level: 5 }],
  },
};
const NEW_PASSWORD = 'Gearbox#2026';

interface Api {
  loginUser?: StaffUser;
  /** What `GET /api/admin/me` and `GET /api/admin/staff` answer when not 200. */
  meStatus?: number;
  staffStatus?: number;
  staffMessage?: string;
  /** Two-step sign-in is on: login wants this code. */
  totpCode?: string;
}

/** The back office's API as a table, a server that keeps who is signed in (their password and two-step state). */
function adminApi({
  loginUser = owner,
  meStatus = 200,
  staffStatus = 200,
  staffMessage = 'Gone',
  totpCode,
}: Api = {}): ApiTable {
  let me = loginUser;
  const fields = (body: unknown) => (body ?? {}) as Record<string, string>;
  return {
    'GET /api/store-config': { data: makeStoreConfig({ store_name: 'Torque Parts' }) },
    'POST /api/admin/login': ({ body }) => {
      const { password, code } = fields(body);
      if (password !== PASSWORD) return json({ message: 'The email or password is incorrect.' }, 401);
      if (totpCode && !code)
        return json({ message: ADMIN_MESSAGES.totpRequired, code: 'totp_required' }, 401);
      if (totpCode && code !== totpCode) {
        return json({ message: ADMIN_MESSAGES.totpWrong, code: 'totp_required' }, 401);
      }
      return json({ token: 'admin-token', user: loginUser });
    },
    'POST /api/admin/totp/setup': {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/Torque:owner%40example.com?secret=JBSWY3DPEHPK3PXP',
    },
    'POST /api/admin/totp/enable': ({ body }) => {
      if (fields(body).code !== '123456') return json({ message: ADMIN_MESSAGES.totpWrong }, 400);
      me = { ...me, totp_enabled: true, totp_setup_required: false };
      return json({ message: ADMIN_MESSAGES.totpEnabled, user: me });
    },
    'GET /api/admin/me': () =>
      meStatus === 200 ? json({ user: me }) : json({ message: 'Signed out' }, meStatus),
    'POST /api/admin/password': ({ body }) => {
      if (fields(body).current_password !== PASSWORD) {
        return json({ message: ADMIN_MESSAGES.wrongCurrentPassword }, 400);
      }
      me = { ...me, must_change_password: false };
      return json({ message: ADMIN_MESSAGES.passwordChanged, user: me });
    },
    'POST /api/admin/staff': ({ body }) => {
      const { name, email } = fields(body);
      return email === 'taken@example.com'
        ? json({ message: ADMIN_MESSAGES.staffEmailTaken }, 409)
        : json(
            {
              message: `${name} can now sign in with the one-time password below, once, and must then choose their own.`,
              user: { ...clerk, id: 3, name, email, must_change_password: true },
              one_time_password: 'OneTimeXyz123A!',
            },
            201,
          );
    },
    'GET /api/admin/staff': () =>
      staffStatus === 200
        ? json({ data: [owner, { ...clerk, must_change_password: true }] })
        : json({ message: staffMessage }, staffStatus),
    'POST /api/admin/logout': { message: 'Signed out' },
    'GET /api/admin/dashboard': DASHBOARD,
  };
}

/** The back office at `path` over `api`. */
function renderAdmin(path: string, api: ApiTable) {
  return renderRoute(path, { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

/** The text an input's aria-describedby points at. */
function description(control: HTMLElement): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  const form = screen.getByRole('form', { name: 'Back office sign in' });
  await user.type(within(form).getByLabelText('Email'), 'owner@example.com');
  await user.type(within(form).getByLabelText('Password'), password);
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('back office sign-in', () => {
  it('signs in to the dashboard with the admin token, kept apart from the customer session', async () => {
    sessionStorage.setItem(
      'userSession',
      JSON.stringify({
        token: 'shopper-token',
        user: { id: 9, name: 'Shopper' },
        subscription: false,
        timestamp: Date.now(),
      }),
    );
    const { api, router, user } = renderAdmin('/admin/signin', adminApi());
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Welcome, Olive Owner' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(await screen.findByText('Torque Parts')).toBeTruthy();
    const stored = JSON.parse(sessionStorage.getItem(ADMIN_SESSION_KEY) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({ token: 'admin-token', user: owner });
    expect(typeof stored.timestamp).toBe('number');
    // The shopper's session is untouched, and its bearer never goes to an admin call (nor the admin's to login).
    expect(JSON.parse(sessionStorage.getItem('userSession') ?? '{}')).toMatchObject({
      token: 'shopper-token',
    });
    await waitFor(() => expect(api.requestsTo('/api/admin/me')).toHaveLength(1));
    const headers = (path: string) =>
      api.requestsTo(path).map((r) => r.request.headers.get('authorization') ?? undefined);
    expect(headers('/api/admin/me')).toEqual(['Bearer admin-token']);
    expect(headers('/api/admin/login')).toEqual([undefined]);
  });

  it('sends a one-time password to /admin/password, then to the dashboard with the message', async () => {
    const { router, user } = renderAdmin(
      '/admin/signin',
      adminApi({ loginUser: { ...owner, must_change_password: true } }),
    );
    await signIn(user);

    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/password');
    expect(screen.getByText(/signed in with a one-time password/)).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Change your password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(description(within(form).getByLabelText('One-time password'))).toBe(
      'Current password is required',
    );

    await user.type(within(form).getByLabelText('One-time password'), PASSWORD);
    await user.type(within(form).getByLabelText('New password'), NEW_PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect((await screen.findByText(ADMIN_MESSAGES.passwordChanged)).getAttribute('role')).toBe('status');
    expect(router.state.location.pathname).toBe('/admin');
    expect(getAdminSession()?.user.must_change_password).toBe(false);
  });

  it('says so when the password is wrong, and stays signed out', async () => {
    const { router, user } = renderAdmin('/admin/signin', adminApi());
    await signIn(user, 'Wrong!pass1');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The email or password is incorrect.'),
    );
    expect(router.state.location.pathname).toBe('/admin/signin');
    expect(getAdminSession()).toBeNull();
  });

  it('shows the schema messages on the fields before calling the server', async () => {
    const { api, user } = renderAdmin('/admin/signin', adminApi());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(description(screen.getByLabelText('Email'))).toBe('Email is required');
    expect(api.requestsTo('/api/admin/login')).toHaveLength(0);
  });
});

describe('the back office shell', () => {
  it('sends a visitor without a session to /admin/signin and back to the page after signing in', async () => {
    const { router, user } = renderAdmin('/admin/staff', adminApi());
    expect(await screen.findByRole('form', { name: 'Back office sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/signin');
    await signIn(user);
    expect(await screen.findByRole('table', { name: /Staff accounts/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/staff');
  });

  it('lists the staff for an admin', async () => {
    startAdminSession({ token: 'admin-token', user: owner });
    renderAdmin('/admin/staff', adminApi());
    const table = await screen.findByRole('table', { name: 'Staff accounts (2)' });
    expect(within(table).getByRole('rowheader', { name: 'Sam Clerk' })).toBeTruthy();
    expect(within(table).getByText('One-time password not yet changed')).toBeTruthy();
  });

  it('signs out to /admin/signin when a later call answers 401', async () => {
    startAdminSession({ token: 'admin-token', user: owner });
    const { router } = renderAdmin('/admin/staff', adminApi({ staffStatus: 401, meStatus: 200 }));
    expect(await screen.findByRole('form', { name: 'Back office sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/signin');
    expect(getAdminSession()).toBeNull();
    expect(sessionStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it('goes to /admin/password when the server asks for the one-time password to be changed first', async () => {
    startAdminSession({ token: 'admin-token', user: { ...owner, must_change_password: true } });
    const { router, user } = renderAdmin(
      '/admin/staff',
      adminApi({
        loginUser: { ...owner, must_change_password: true },
        staffStatus: 403,
        staffMessage: ADMIN_MESSAGES.changePasswordFirst,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/password');

    // Once changed, the dashboard stays: the shell does not act on what it read before the change.
    await user.type(screen.getByLabelText('One-time password'), PASSWORD);
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Olive Owner' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows the staff role no staff table, and does not ask for it', async () => {
    startAdminSession({ token: 'admin-token', user: clerk });
    const { api } = renderAdmin('/admin/staff', adminApi({ loginUser: clerk }));
    expect((await screen.findByRole('alert')).textContent).toContain(ADMIN_MESSAGES.forbidden);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Staff', { selector: '.admin-role' })).toBeTruthy();
    expect(api.requestsTo('/api/admin/staff')).toHaveLength(0);
    // The nav offers the staff role only what it may use.
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Orders', 'Returns', 'Locations', 'Messages', 'Security', 'Jobs']);
  });

  it('moves between sections by the nav, and signs out', async () => {
    startAdminSession({ token: 'admin-token', user: owner });
    const { api, router, user } = renderAdmin('/admin', adminApi());
    await user.click(await screen.findByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/staff');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('form', { name: 'Back office sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/signin');
    expect(api.requestsTo('/api/admin/logout')).toHaveLength(1);
    expect(getAdminSession()).toBeNull();
  });

  it("shows the dashboard's figures and what needs doing, with links to it", async () => {
    startAdminSession({ token: 'admin-token', user: owner });
    renderAdmin('/admin', adminApi());
    const today = await screen.findByRole('region', { name: 'Today' });
    const figure = (card: HTMLElement, label: string) =>
      within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure(today, DASHBOARD_LABELS.charged)).toBe('$181.50');
    expect(figure(today, DASHBOARD_LABELS.gst)).toBe('$16.50');
    const month = screen.getByRole('region', { name: 'November 2026' });
    expect(figure(month, DASHBOARD_LABELS.orders)).toBe('41');
    expect(figure(month, DASHBOARD_LABELS.refunded)).toBe('$12.34');
    // Issue 34 §2: what was charged less the money given back.
    expect(figure(month, DASHBOARD_LABELS.netRevenue)).toBe('$5198.06');
    const todo = screen.getByRole('list', { name: 'To do' });
    expect(within(todo).getByText(/waiting to ship/).textContent).toBe('12 paid orders waiting to ship');
    expect(within(todo).getByRole('link', { name: '1 open return' }).getAttribute('href')).toBe(
      '/admin/returns?status=open',
    );
    expect(screen.getByRole('link', { name: 'INV-001042' }).getAttribute('href')).toBe(
      '/admin/orders/ABCDEFGHJKLMNPQR',
    );
    expect(screen.getByRole('link', { name: 'H4 Headlight Globe' }).getAttribute('href')).toBe(
      '/admin/products/H4-GLOBE',
    );
  });

  it('asks for the authentication code after a right password when two-step sign-in is on', async () => {
    const { api, router, user } = renderAdmin('/admin/signin', adminApi({ totpCode: '654321' }));
    await signIn(user);
    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByRole('alert').textContent).toBe('');
    await user.type(code, '111 111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.totpWrong);
    await user.clear(code);
    await user.type(code, '654 321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    const last = api.requestsTo('/api/admin/login').at(-1);
    expect(last?.body).toMatchObject({ code: '654321' });
  });

  it('sends an admin who must use two-step sign-in to set it up, with a QR code and the key', async () => {
    const held = { ...owner, totp_required: true, totp_setup_required: true };
    const { router, user } = renderAdmin('/admin/signin', adminApi({ loginUser: held }));
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    expect(await screen.findByText(ADMIN_MESSAGES.totpSetupFirst)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Confirm two-step sign-in' });
    await user.type(within(form).getByLabelText('Code from the app'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(description(await within(form).findByLabelText('Code from the app'))).toContain(
      ADMIN_MESSAGES.totpWrong,
    );
    await user.clear(within(form).getByLabelText('Code from the app'));
    await user.type(within(form).getByLabelText('Code from the app'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByText(ADMIN_MESSAGES.totpEnabled)).toBeTruthy();
    expect(getAdminSession()?.user.totp_enabled).toBe(true);
    // Required for this admin: no way to turn it off.
    expect(screen.getByText(ADMIN_MESSAGES.totpCannotDisable)).toBeTruthy();
  });

  it('adds a staff account and shows its one-time password once; a taken email is said at the field', async () => {
    startAdminSession({ token: 'admin-token', user: owner });
    const { api, user } = renderAdmin('/admin/staff', adminApi());
    const form = await screen.findByRole('form', { name: 'Add a staff account' });
    await user.type(within(form).getByLabelText('Name'), 'Pat Packer');
    await user.type(within(form).getByLabelText('Email'), 'taken@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(description(within(form).getByLabelText('Email'))).toContain(ADMIN_MESSAGES.staffEmailTaken),
    );
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'pat@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('OneTimeXyz123A!')).toBeTruthy();
    const sent = api.requestsTo('/api/admin/staff').filter((r) => r.method === 'POST');
    expect(sent.at(-1)?.body).toEqual({
      name: 'Pat Packer',
      email: 'pat@example.com',
      role: 'staff',
    });
  });

  it('drops a stored session idle for more than 30 minutes', async () => {
    sessionStorage.setItem(
      ADMIN_SESSION_KEY,
      JSON.stringify({ token: 'admin-token', user: owner, timestamp: Date.now() - 31 * 60_000 }),
    );
    renderAdmin('/admin', adminApi());
    expect(await screen.findByRole('form', { name: 'Back office sign in' })).toBeTruthy();
  });
});
