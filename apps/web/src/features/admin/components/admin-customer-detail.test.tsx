/**
 * The customer page's membership plans (issue 34 §4) in the real admin routes, the API faked at the network edge:
 * an admin grants a plan and removes it with one press each, the server's message is announced, the holding and
 * the audit trail follow the answer, and a refusal is shown as an alert.
 */
import type { AuditEntry, StaffUser } from '@store/shared/admin';
import type { AdminCustomerAnswer, AdminCustomerPlan } from '@store/shared/admin-customers';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiHandler, type ApiTable } from '@/test/fake-api';
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

const loyalty: AdminCustomerPlan = {
  id: 2,
  plan_name: 'Loyalty Member',
  discount_percentage: 5,
  active: true,
  held: false,
  granted_at: null,
  granted_by: null,
};
const trade: AdminCustomerPlan = { ...loyalty, id: 3, plan_name: 'Trade Member', discount_percentage: 7 };

function customer(plans: AdminCustomerPlan[], audit: AuditEntry[]): AdminCustomerAnswer {
  return {
    data: {
      id: 5,
      name: 'Bianca Buyer',
      email: 'bianca@example.com',
      phone: '0412345678',
      created_at: '2026-01-10T01:00:00.000Z',
      orders_count: 0,
      total_spent: '0.00',
      last_order_at: null,
      membership_plans: plans,
      addresses: [],
      orders: [],
    },
    audit,
  };
}

/**
 * The API of a server that keeps the customer's plans and trail; `refuse` answers every plan change with that 409.
 * `changes` lists the plan changes asked, oldest first.
 */
function customerApi(refuse?: string) {
  let plans = [loyalty, trade];
  let audit: AuditEntry[] = [];
  const changes: { method: string; path: string }[] = [];
  const change: ApiHandler = ({ method, url, params }) => {
    changes.push({ method, path: url.pathname });
    if (refuse) return json({ message: refuse }, 409);
    const held = method === 'PUT';
    const plan = plans.find((p) => p.id === Number(params.planId))!;
    plans = plans.map((p) =>
      p === plan
        ? {
            ...p,
            held,
            granted_at: held ? '2026-11-25T01:00:00.000Z' : null,
            granted_by: held ? 'Olive Owner' : null,
          }
        : p,
    );
    const fields = { membership_plan: plan.plan_name, plan_id: plan.id, discount_percentage: 7 };
    audit = [
      {
        id: audit.length + 1,
        action: held ? 'customer.plan_grant' : 'customer.plan_remove',
        staff_name: 'Olive Owner',
        before: held ? null : fields,
        after: held ? fields : null,
        at: '2026-11-25T01:00:00.000Z',
      },
      ...audit,
    ];
    return json({
      message: held ? `${plan.plan_name} granted.` : `${plan.plan_name} removed.`,
      ...customer(plans, audit),
    });
  };
  const table: ApiTable = {
    'GET /api/admin/me': { user: owner },
    'GET /api/admin/customers/5': () => json(customer(plans, audit)),
    'PUT /api/admin/customers/5/membership-plans/:planId': change,
    'DELETE /api/admin/customers/5/membership-plans/:planId': change,
  };
  return { table, changes };
}

/** The back office at the customer's page, signed in as the owner, over `api`. */
function renderCustomer(api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: owner });
  const { user } = renderRoute('/admin/customers?id=5', {
    routes: [{ path: '/admin/*', Component: AdminAppRoute }],
    api,
  });
  return user;
}

const planSection = async () =>
  (await screen.findByRole('heading', { name: 'Membership plans' })).closest('section') as HTMLElement;
const planLine = (section: HTMLElement, name: string) =>
  within(section)
    .getByText(new RegExp(`^${name}`), { selector: 'strong' })
    .closest('li') as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('/admin/customers?id= membership plans', () => {
  it('grants a plan and removes it, each with one press; the holding and the audit trail follow', async () => {
    const { table, changes } = customerApi();
    const user = renderCustomer(table);
    const section = await planSection();
    expect(planLine(section, 'Trade Member').textContent).toMatch(/Trade Member \(7% off\): Not held/);
    expect(screen.getByText('No changes from the back office yet.')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Grant Trade Member' }));
    expect(await within(section).findByRole('status')).toHaveProperty('textContent', 'Trade Member granted.');
    expect(planLine(section, 'Trade Member').textContent).toMatch(
      /Held since 25 Nov 2026, granted by Olive Owner/,
    );
    expect(planLine(section, 'Loyalty Member').textContent).toMatch(/Not held/);
    const trail = screen.getByRole('heading', { name: 'Audit trail' }).closest('section') as HTMLElement;
    expect(within(trail).getByText('customer.plan_grant')).toBeTruthy();
    expect(within(trail).getByText(/membership plan: — → Trade Member/)).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Remove Trade Member' }));
    expect(await within(section).findByText('Trade Member removed.')).toBeTruthy();
    expect(planLine(section, 'Trade Member').textContent).toMatch(/Not held/);
    expect(within(trail).getByText('customer.plan_remove')).toBeTruthy();
    expect(changes).toEqual([
      { method: 'PUT', path: '/api/admin/customers/5/membership-plans/3' },
      { method: 'DELETE', path: '/api/admin/customers/5/membership-plans/3' },
    ]);
  });

  it("shows the server's refusal as an alert and leaves the plan as it was", async () => {
    const { table } = customerApi('This membership plan is switched off, so it cannot be granted.');
    const user = renderCustomer(table);
    const section = await planSection();
    await user.click(within(section).getByRole('button', { name: 'Grant Loyalty Member' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'This membership plan is switched off, so it cannot be granted.',
    );
    expect(planLine(section, 'Loyalty Member').textContent).toMatch(/Not held/);
  });
});
