/**
 * /admin/settings (issue 36 §5) in the real admin routes over the fake API: the owner sees the settings, the
 * preview words the promises as typed with the shared functions, a bad field is named before anything is sent,
 * a save sends every field with the version it was loaded with, and a save refused as stale offers a reload.
 */
import type { StaffUser } from '@store/shared/admin';
import { ADMIN_SETTINGS_MESSAGES, type AdminStoreSettings } from '@store/shared/admin-store-settings';
import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import { DEFAULT_STORE_PROMISES, returnsSentence } from '@store/shared/store-promises';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminAppRoute } from '@/app/routes/admin-app';
import { resetSessionStoreForTests } from '@/stores/session-store';
import { json, type ApiTable } from '@/test/fake-api';
import { makeStoreConfig } from '@/test/fixtures';
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

const SETTINGS: AdminStoreSettings = {
  store_name: 'Torque Parts',
  meta_title: 'Torque Parts',
  meta_description: 'Car parts delivered Australia-wide.',
  abn: '',
  business_address: '12 Railway Terrace, Guildford NSW 2161',
  phone: '(02) 5550 0123',
  sales_email: 'sales@example.com',
  opening_hours: DEFAULT_OPENING_HOURS,
  social_links: {
    _facebook_link: 'https://www.facebook.com/torque',
    _twitter_link: '',
    _instagram_link: '',
    _youtube_link: '',
    _linke_din: '',
  },
  delivery_charge_cents: 1650,
  free_delivery_threshold_cents: 10000,
  order_cutoff: '18:00',
  handling_days_min: 0,
  handling_days_max: 1,
  delivery_days_min: 5,
  delivery_days_max: 8,
  return_window_days: 30,
  express_enabled: true,
  express_days_min: 1,
  express_days_max: 3,
  bulky_surcharge_cents: 2500,
  uncollected_after_days: 7,
  rate_table: null,
  gst_percent: 10,
  version: 3,
  updated_at: '2026-11-25T01:00:00.000Z',
};

/** The settings API: keeps what is saved; `stale` makes the next save answer 409. */
function settingsApi(options: { stale?: boolean } = {}) {
  let saved = SETTINGS;
  let stale = options.stale ?? false;
  const puts: unknown[] = [];
  const table: ApiTable = {
    'GET /api/store-config': () => json({ data: makeStoreConfig({ store_name: 'Torque Parts' }) }),
    'GET /api/admin/me': () => json({ user: owner }),
    'GET /api/admin/settings': () => json({ data: saved, audit: [] }),
    'PUT /api/admin/settings': ({ body }) => {
      puts.push(body);
      if (stale) {
        stale = false;
        saved = { ...saved, return_window_days: 60, version: saved.version + 1 };
        return json(
          {
            message: ADMIN_SETTINGS_MESSAGES.stale,
            errors: [{ field: 'version', message: ADMIN_SETTINGS_MESSAGES.stale }],
          },
          409,
        );
      }
      const { version: _v, ...fields } = body as AdminStoreSettings;
      saved = { ...saved, ...fields, version: saved.version + 1 };
      return json({ data: saved, message: ADMIN_SETTINGS_MESSAGES.saved });
    },
  };
  return { table, puts };
}

function renderSettings(api: ApiTable) {
  startAdminSession({ token: 'admin-token', user: owner });
  return renderRoute('/admin/settings', { routes: [{ path: '/admin/*', Component: AdminAppRoute }], api });
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('/admin/settings', () => {
  it('is in the admin nav and shows the settings in their four sections', async () => {
    renderSettings(settingsApi().table);
    expect(await screen.findByRole('heading', { level: 1, name: 'Store settings' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings');
    for (const section of ['Store details', 'Contact & hours', 'Social links', 'Delivery & returns']) {
      expect(await screen.findByRole('group', { name: section })).toBeTruthy();
    }
    expect((screen.getByLabelText('Store name') as HTMLInputElement).value).toBe('Torque Parts');
    expect((screen.getByLabelText('Free delivery from ($, inc. GST)') as HTMLInputElement).value).toBe(
      '100.00',
    );
    expect(screen.getByText(/GST: 10%/)).toBeTruthy();
  });

  it('words the promises as the owner types, with the shop’s own sentences', async () => {
    const { user } = renderSettings(settingsApi().table);
    const preview = await screen.findByRole('region', { name: 'What shoppers will read' });
    expect(preview.textContent).toContain(returnsSentence(DEFAULT_STORE_PROMISES));
    const window = screen.getByLabelText('Returns window (days)');
    await user.clear(window);
    await user.type(window, '45');
    const threshold = screen.getByLabelText('Free delivery from ($, inc. GST)');
    await user.clear(threshold);
    await user.type(threshold, '75');
    expect(preview.textContent).toContain(
      'You can return an item within 45 days of delivery for a full refund.',
    );
    expect(preview.textContent).toContain('45-day returns');
    expect(preview.textContent).toContain('Free delivery on orders of $75 or more');
    await user.clear(window);
    await user.type(window, 'soon');
    expect(preview.textContent).toContain('Fix the figures above');
  });

  it('names a bad field and sends nothing', async () => {
    const api = settingsApi();
    const { user } = renderSettings(api.table);
    const abn = await screen.findByLabelText('ABN');
    await user.type(abn, '51 824 753 557');
    const handlingTo = screen.getByLabelText('Handling to (business days)');
    await user.clear(handlingTo);
    await user.type(handlingTo, '3');
    const handlingFrom = screen.getByLabelText('Handling from (business days)');
    await user.clear(handlingFrom);
    await user.type(handlingFrom, '4');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('abn is not an ABN: its check digits do not add up')).toBeTruthy();
    expect(screen.getByText('Handling to must not be less than handling from')).toBeTruthy();
    expect(abn.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Check the fields marked below. Nothing was saved.')).toBeTruthy();
    expect(api.puts).toEqual([]);
  });

  it('saves every field with the version it was loaded with, hours included', async () => {
    const api = settingsApi();
    const { user } = renderSettings(api.table);
    const window = await screen.findByLabelText('Returns window (days)');
    await user.clear(window);
    await user.type(window, '45');
    await user.click(screen.getByLabelText('Open Sunday'));
    const note = screen.getByLabelText('Note under the hours');
    await user.type(note, 'Closed on public holidays');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ADMIN_SETTINGS_MESSAGES.saved)).toBeTruthy();
    expect(api.puts).toHaveLength(1);
    expect(api.puts[0]).toMatchObject({
      version: 3,
      return_window_days: 45,
      delivery_charge_cents: 1650,
      free_delivery_threshold_cents: 10000,
      opening_hours: {
        days: { sun: null, mon: { open: '08:00', close: '18:00' } },
        note: 'Closed on public holidays',
      },
      social_links: { _facebook_link: 'https://www.facebook.com/torque', _twitter_link: '' },
    });
    // The next save carries the new version.
    await user.clear(window);
    await user.type(window, '40');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.puts).toHaveLength(2));
    expect(api.puts[1]).toMatchObject({ version: 4, return_window_days: 40 });
  });

  it('says when someone else saved first, and reloads their settings on request', async () => {
    const api = settingsApi({ stale: true });
    const { user } = renderSettings(api.table);
    const window = await screen.findByLabelText('Returns window (days)');
    await user.clear(window);
    await user.type(window, '14');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(ADMIN_SETTINGS_MESSAGES.stale, { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reload the settings' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Returns window (days)') as HTMLInputElement).value).toBe('60'),
    );
  });
});
