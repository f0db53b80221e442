/**
 * The back office's locations page (issue 41 §1-2, decision 0069) in the real admin routes, the API faked at the
 * network edge: the locations table, an edit the server refuses (its message at the field), a pick list with a
 * transfer needed and an uncollected order, Ready for collection and Collected by name.
 */
import type { StaffUser } from '@store/shared/admin';
import type { AdminLocation } from '@store/shared/admin-locations';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { LOCATION_MESSAGES } from '@store/shared/stock-locations';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
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

const guildford: AdminLocation = {
  id: 1,
  code: 'guildford',
  name: 'Guildford warehouse',
  street_address: '10 Railway Tce',
  suburb: 'Guildford',
  state: 'NSW',
  post_code: '2161',
  phone: '',
  opening_hours: DEFAULT_OPENING_HOURS,
  ships: true,
  hands_over: true,
  ready_minutes: 60,
  dispatch_days_min: 0,
  dispatch_days_max: 1,
  sort_order: 0,
  active: true,
  units_on_hand: 120,
};

function locationsApi(): ApiTable {
  let ready = false;
  const order = () => ({
    public_id: 'AbCdEfGh12345678',
    invoice_number: 'INV-000042',
    customer: 'Jane O’Connor',
    delivery_option: 'click_and_collect',
    status: 'processing',
    ready_for_collection_at: ready ? '2026-11-20T01:00:00.000Z' : null,
    uncollected: ready ? 'Uncollected since 20 Nov 2026' : null,
    lines: [
      {
        sku: 'BP-FRONT',
        title: 'Brake Pads',
        quantity: 2,
        from: [{ location: 'Parramatta warehouse', quantity: 2, transfer_needed: true }],
      },
    ],
  });
  return {
    'GET /api/store-config': () => json({ data: makeStoreConfig({ store_name: 'Torque Parts' }) }),
    'GET /api/admin/me': () => json({ user: clerk }),
    'GET /api/admin/locations': () => json({ data: [guildford] }),
    'PUT /api/admin/locations/1': () =>
      json(
        {
          message: LOCATION_MESSAGES.lastShipping,
          errors: [{ field: 'ships', message: LOCATION_MESSAGES.lastShipping }],
        },
        409,
      ),
    'GET /api/admin/locations/1/pick-list': () =>
      json({
        data: {
          location: 'Guildford warehouse',
          to_pick: ready ? [] : [order()],
          awaiting_collection: ready ? [order()] : [],
        },
      }),
    'POST /api/admin/orders/AbCdEfGh12345678/ready-for-collection': () => {
      ready = true;
      return json({ message: 'Order INV-000042 is ready for collection at Guildford warehouse.', data: {} });
    },
    'POST /api/admin/orders/AbCdEfGh12345678/collected': ({ body }) =>
      json({
        message: `Order INV-000042 was collected by ${(body as { collected_by: string }).collected_by}.`,
      }),
  };
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('/admin/locations', () => {
  it('lists locations, shows a refusal, and runs a pick list through ready and collected', async () => {
    startAdminSession({ token: 'staff-token', user: clerk });
    const { api, user } = renderRoute('/admin/locations', {
      routes: [{ path: '/admin/*', Component: AdminAppRoute }],
      api: locationsApi(),
    });
    const table = await screen.findByRole('table', { name: 'Locations (1)' });
    const row = within(table).getByRole('row', { name: /Guildford warehouse/ });
    expect(within(row).getByText('Ships, Click & collect')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Edit Guildford warehouse' }));
    const form = screen.getByRole('form', { name: 'Edit Guildford warehouse' });
    await user.click(within(form).getByLabelText('Ships orders'));
    await user.click(within(form).getByRole('button', { name: 'Save location' }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(within(form).getAllByText(LOCATION_MESSAGES.lastShipping).length).toBeGreaterThan(0);
    const sent = api.requestsTo('/api/admin/locations/1')[0]?.body as { ships: boolean };
    expect(sent.ships).toBe(false);

    await user.click(within(row).getByRole('button', { name: 'Pick list of Guildford warehouse' }));
    const card = await screen.findByRole('article', { name: 'Order INV-000042' });
    expect(within(card).getByText(/2 at Parramatta warehouse \(transfer needed\)/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: /Ready for collection/ }));
    expect(
      await screen.findByText('Order INV-000042 is ready for collection at Guildford warehouse.'),
    ).toBeTruthy();
    const waiting = await screen.findByRole('article', { name: 'Order INV-000042' });
    expect(within(waiting).getByText(/Uncollected since 20 Nov 2026/)).toBeTruthy();
    await user.type(within(waiting).getByLabelText('Collected by (name)'), 'Jane');
    await user.click(within(waiting).getByRole('button', { name: 'Collected' }));
    expect(await screen.findByText('Order INV-000042 was collected by Jane.')).toBeTruthy();
  });
});
