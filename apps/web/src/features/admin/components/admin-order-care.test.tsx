/**
 * The order page's care sections (issue 36 §4) over the fake API: adding an internal note (listed newest first,
 * the server's field message shown on the field), resending the customer's mails (a refusal said in an alert),
 * and correcting the shipping address with the checkout's rules (a post code outside the state is refused in
 * the browser, nothing sent), then the saved address shown; a shipped order offers no correction.
 */
import type { StaffUser } from '@store/shared/admin';
import type { ShippingAddress } from '@store/shared/admin-address-correction';
import { RESEND_MAIL_MESSAGES } from '@store/shared/admin-order-mails';
import type { OrderNote } from '@store/shared/admin-order-notes';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { CHECKOUT_MESSAGES } from '@store/shared/checkout-form';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
const ID = 'AbCdEfGhIjKlMnOp';
const order: AdminOrderDetail = {
  id: ID,
  invoice_number: 'INV-001042',
  created_at: '2026-11-24T23:00:00.000Z',
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
  status: 'processing',
  f_name: 'Jane',
  l_name: 'Buyer',
  email: 'jane@example.com',
  phone: '0412345678',
  address: '1 Test St, Sydney NSW 2000',
  billing_address: '1 Test St, Sydney NSW 2000',
  carrier: null,
  tracking_number: null,
  order_items: [],
  order_meta: [
    { option: '_prices_include_gst', value: 'yes' },
    { option: '_gst_percent', value: '10' },
  ],
  status_history: [],
  returns: [],
  refunds: [],
  refunded_total: '0.00',
  refundable: '71.50',
  refund_lines: [],
  shipping_refundable: '11.50',
  refund_destination: 'the test card the order was paid with',
  audit: [],
};
const SHIPPING: ShippingAddress = {
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

function careApi(start: AdminOrderDetail = order) {
  const notes: OrderNote[] = [
    { id: 1, kind: 'note', body: 'First call.', author: 'Sam Clerk', created_at: '2026-11-25T01:00:00.000Z' },
  ];
  let address = SHIPPING;
  let resends = 0;
  const table: ApiTable = {
    'GET /api/store-config': { data: makeStoreConfig({ store_name: 'Torque Parts' }) },
    'GET /api/admin/me': { user: clerk },
    [`GET /api/admin/orders/${ID}`]: () => json({ data: start }),
    [`GET /api/admin/orders/${ID}/notes`]: () => json({ data: notes }),
    [`POST /api/admin/orders/${ID}/notes`]: ({ body }: ApiRequest) => {
      const text = (body as { body: string }).body;
      if (text.includes('secret')) {
        return json(
          { message: 'Check the fields.', errors: [{ field: 'body', message: 'body must not hold that' }] },
          400,
        );
      }
      notes.unshift({
        id: notes.length + 1,
        kind: 'note',
        body: text,
        author: 'Sam Clerk',
        created_at: '2026-11-25T03:00:00.000Z',
      });
      return json({ message: 'Note added. Only staff see it.', data: notes }, 201);
    },
    [`POST /api/admin/orders/${ID}/resend-mail`]: () =>
      resends++ === 0
        ? json({ message: RESEND_MAIL_MESSAGES.sent('Order confirmation', 'jane@example.com') }, 202)
        : json({ message: RESEND_MAIL_MESSAGES.tooSoon('Order confirmation') }, 409),
    [`GET /api/admin/orders/${ID}/shipping-address`]: () =>
      json({ data: address, can_correct: ['pending', 'processing'].includes(start.status) }),
    [`PUT /api/admin/orders/${ID}/shipping-address`]: ({ body }: ApiRequest) => {
      address = { ...(body as ShippingAddress) };
      return json({
        message: 'Shipping address of order INV-001042 corrected.',
        changed: true,
        data: address,
        can_correct: true,
      });
    },
  };
  return table;
}

function renderOrder(api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: clerk });
  return renderRoute(`/admin/orders/${ID}`, {
    routes: [{ path: '/admin/*', Component: AdminAppRoute }],
    api,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('the order page: notes, mails and the shipping address', () => {
  it('adds an internal note, newest first, and shows the server refusing one on the field', async () => {
    const { user, api } = renderOrder(careApi());
    const section = await screen.findByRole('region', { name: 'Internal notes' });
    await within(section).findByText('First call.');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Write the note first.')).toBeTruthy();
    expect(api.requestsTo(`/api/admin/orders/${ID}/notes`).filter((r) => r.method === 'POST')).toHaveLength(
      0,
    );

    await user.type(within(section).getByLabelText('New note'), 'Rang about the delivery.');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('Note added. Only staff see it.')).toBeTruthy();
    const list = within(section).getByRole('list', { name: 'Notes, newest first' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('Rang about the delivery.');
    expect(items[1]).toContain('First call.');
    expect((within(section).getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');

    await user.type(within(section).getByLabelText('New note'), 'a secret');
    await user.click(within(section).getByRole('button', { name: 'Add note' }));
    expect(await within(section).findByText('body must not hold that')).toBeTruthy();
  });

  it('resends the confirmation, and says so when the server refuses a second within a minute', async () => {
    const { user } = renderOrder(careApi());
    const panel = await screen.findByRole('region', { name: 'Customer mails' });
    // Not shipped: only the confirmation can be sent again.
    expect(within(panel).queryByRole('button', { name: /shipping notice/ })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Resend order confirmation' }));
    expect(await within(panel).findByText('Order confirmation sent again to jane@example.com.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Resend order confirmation' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      RESEND_MAIL_MESSAGES.tooSoon('Order confirmation'),
    );
  });

  it("corrects the shipping address with the checkout's rules, and offers nothing once shipped", async () => {
    const { user, api } = renderOrder(careApi());
    const panel = await screen.findByRole('region', { name: 'Shipping address' });
    expect(
      await within(panel).findByText('Jane Buyer, 1 Test St, Sydney NSW 2000, 0412345678, jane@example.com'),
    ).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Correct address…' }));
    const street = within(panel).getByLabelText('Street address');
    await user.clear(street);
    await user.type(street, '4 Workshop Lane');
    const city = within(panel).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Melbourne');
    await user.selectOptions(within(panel).getByLabelText('State'), 'NSW');
    const postCode = within(panel).getByLabelText('Post code');
    await user.clear(postCode);
    await user.type(postCode, '3000');
    await user.click(within(panel).getByRole('button', { name: 'Save address' }));
    expect(await within(panel).findByText(CHECKOUT_MESSAGES.postCodeNotInState('3000', 'NSW'))).toBeTruthy();
    expect(
      api.requestsTo(`/api/admin/orders/${ID}/shipping-address`).filter((r) => r.method === 'PUT'),
    ).toHaveLength(0);

    await user.selectOptions(within(panel).getByLabelText('State'), 'VIC');
    await user.click(within(panel).getByRole('button', { name: 'Save address' }));
    expect(await within(panel).findByText('Shipping address of order INV-001042 corrected.')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(panel).getByText(
          'Jane Buyer, 4 Workshop Lane, Melbourne VIC 3000, 0412345678, jane@example.com',
        ),
      ).toBeTruthy(),
    );
    const put = api.requestsTo(`/api/admin/orders/${ID}/shipping-address`).find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      street_address: '4 Workshop Lane',
      city: 'Melbourne',
      state: 'VIC',
      post_code: '3000',
    });
  });

  it('a shipped order offers the shipping notice again and no address correction', async () => {
    renderOrder(
      careApi({ ...order, status: 'shipped', carrier: 'Australia Post', tracking_number: '33LOB1234567' }),
    );
    const mails = await screen.findByRole('region', { name: 'Customer mails' });
    expect(within(mails).getByRole('button', { name: 'Resend shipping notice' })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Shipping address' });
    expect(await within(panel).findByText(/no longer changes/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Correct address…' })).toBeNull();
  });
});
