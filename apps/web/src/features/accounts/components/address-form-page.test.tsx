import { screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedAddress } from '@store/shared/account';
import { resetSessionStoreForTests, startSession } from '@/stores/session-store';
import { json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { AddAddressPage } from './address-form-page';
import { MyAccountPage } from './my-account-page';

const user = {
  id: 7,
  name: 'Sam Lee',
  email: 'sam@example.com',
  phone: '0412345678',
  role_id: 5,
  created_by: 0,
  user_meta: [],
};

const saved: SavedAddress = {
  id: 5,
  user_id: 7,
  f_name: 'Sam',
  l_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412345678',
  street_address: '12 Railway Tce',
  city: 'Guildford',
  state: 'NSW',
  suburb: 'Guildford',
  post_code: '2161',
  address_type: 'Home',
  company: '',
};

beforeEach(() => {
  resetSessionStoreForTests();
  startSession({ user, token: 't0k3n', subscription: false });
});

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('/address (decision 0059)', () => {
  it('starts from the profile, asks for the place once, offers the types as a list, and sends suburb = city', async () => {
    const { api, user: u } = renderRoute('/address', {
      routes: [
        { path: '/address', Component: AddAddressPage },
        { path: '/my-account', element: <h1>My account</h1> },
      ],
      api: {
        'POST /api/user-addresses/store': ({ body }) =>
          json({ message: 'Address Added Successfully!', data: { ...saved, ...(body as object) } }),
      },
    });
    await waitFor(() => expect(field(/^First name/).value).toBe('Sam'));
    expect(field(/^Last name/).value).toBe('Lee');
    expect(field(/^Email/).value).toBe('sam@example.com');
    expect(field(/^Phone/).value).toBe('0412 345 678');
    expect(screen.queryByLabelText(/^Suburb/)).toBeNull();
    const type = screen.getByLabelText<HTMLSelectElement>(/^Address type/);
    expect(type.tagName).toBe('SELECT');
    expect([...type.options].map((o) => o.value)).toEqual(['Home', 'Work', 'Other']);

    await u.type(field(/^Street address/), '1 Church St');
    await u.type(screen.getByRole('combobox', { name: /^City/ }), 'Parramatta');
    await u.type(field(/^State/), 'NSW');
    await u.type(field(/^Post code/), '2150');
    await u.selectOptions(type, 'Work');
    await u.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(api.requestsTo('/api/user-addresses/store')[0]?.body).toMatchObject({
      f_name: 'Sam',
      l_name: 'Lee',
      phone: '0412345678',
      city: 'Parramatta',
      suburb: 'Parramatta',
      address_type: 'Work',
    });
  });
});

describe('deleting a saved address (decision 0059)', () => {
  it('asks first, then offers Undo, which stores the address again', async () => {
    let addresses = [saved];
    const { api, user: u } = renderRoute('/my-account', {
      routes: [{ path: '/my-account', Component: MyAccountPage }],
      beside: <ToastContainer />,
      api: {
        'GET /api/profile': { data: user },
        'GET /api/user-addresses': () => json({ data: { data: { shipping_addresses: addresses } } }),
        'DELETE /api/user-addresses/:id': () => {
          addresses = [];
          return json({ message: 'Address deleted.', data: saved });
        },
        'POST /api/user-addresses/store': ({ body }) => {
          addresses = [{ ...saved, id: 6 }];
          return json({
            message: 'Address Added Successfully!',
            data: { ...saved, id: 6, ...(body as object) },
          });
        },
      },
    });
    const card = await screen.findByRole('listitem', { name: /^Home: Sam Lee/ });
    await u.click(within(card).getByRole('button', { name: 'Delete Home address' }));
    // Nothing is deleted until the question is answered; Cancel keeps the address.
    expect(api.requestsTo('/api/user-addresses/5')).toHaveLength(0);
    const ask = within(card).getByRole('group', { name: 'Delete this address?' });
    await u.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await u.click(within(card).getByRole('button', { name: 'Delete Home address' }));
    await u.click(within(card).getByRole('button', { name: 'Yes, delete Home address' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Home: Sam Lee/ })).toBeNull());

    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Address restored.')).toBeTruthy();
    expect(api.requestsTo('/api/user-addresses/store')[0]?.body).toMatchObject({
      street_address: '12 Railway Tce',
      city: 'Guildford',
      address_type: 'Home',
    });
    expect(await screen.findByRole('listitem', { name: /^Home: Sam Lee/ })).toBeTruthy();
  });
});
