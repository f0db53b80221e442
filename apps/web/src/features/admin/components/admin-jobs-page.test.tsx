/**
 * The back office's jobs page (issue 38 §2, decision 0062) in the real admin routes, the API faked at the network
 * edge: failed jobs with their kind, tries and last error, a Retry that the server takes and the list read again,
 * and each queue's depth.
 */
import type { StaffUser } from '@store/shared/admin';
import { ADMIN_JOB_MESSAGES, type AdminJobs } from '@store/shared/admin-jobs';
import { screen, waitFor, within } from '@testing-library/react';
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
const FAILED_ID = '0b7d6c1e-2f43-4a5b-9c8d-7e6f5a4b3c2d';

function jobsApi(): ApiTable {
  let failed = true;
  const answer = (): AdminJobs => ({
    queues: [
      { name: 'mail', waiting: 3, active: 1, failed: failed ? 1 : 0, oldest_waiting_ms: 125_000 },
      { name: 'order-mail', waiting: 0, active: 0, failed: 0, oldest_waiting_ms: 0 },
    ],
    failed: failed
      ? [
          {
            id: FAILED_ID,
            queue: 'mail',
            kind: 'order confirmation',
            created_at: '2026-11-24T22:00:00.000Z',
            failed_at: '2026-11-24T22:31:00.000Z',
            attempts: 9,
            last_error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587',
          },
        ]
      : [],
  });
  return {
    'GET /api/store-config': () => json({ data: makeStoreConfig({ store_name: 'Torque Parts' }) }),
    'GET /api/admin/me': () => json({ user: clerk }),
    'GET /api/admin/jobs': () => json(answer()),
    [`POST /api/admin/jobs/${FAILED_ID}/retry`]: () => {
      failed = false;
      return json({ message: ADMIN_JOB_MESSAGES.retried });
    },
  };
}

beforeEach(() => {
  sessionStorage.clear();
  resetAdminSessionStoreForTests();
  resetSessionStoreForTests();
});

describe('/admin/jobs', () => {
  it('lists a failed job with its tries and last error, retries it, and shows the queues', async () => {
    startAdminSession({ token: 'staff-token', user: clerk });
    const { api, user } = renderRoute('/admin/jobs', {
      routes: [{ path: '/admin/*', Component: AdminAppRoute }],
      api: jobsApi(),
    });
    const failed = await screen.findByRole('table', { name: 'Failed jobs (1)' });
    const row = within(failed).getByRole('row', { name: /order confirmation/ });
    expect(within(row).getByText('9')).toBeTruthy();
    expect(within(row).getByText(/ECONNREFUSED/)).toBeTruthy();
    const queues = screen.getByRole('table', { name: 'Queues' });
    const mail = within(queues).getByRole('row', { name: /^mail/ });
    expect(within(mail).getByText('2 min')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: /Retry order confirmation/ }));
    expect(await screen.findByText(ADMIN_JOB_MESSAGES.retried)).toBeTruthy();
    expect(
      api.requestsTo(`/api/admin/jobs/${FAILED_ID}/retry`)[0]?.request.headers.get('authorization'),
    ).toBe('Bearer staff-token');
    await waitFor(() => expect(screen.queryByRole('table', { name: /Failed jobs/ })).toBeNull());
    expect(screen.getByText(/No job has failed/)).toBeTruthy();
  });
});
