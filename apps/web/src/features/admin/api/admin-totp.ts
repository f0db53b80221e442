/** Two-step sign-in calls (issue 12): start the setup, turn it on with a code, turn it off with a code. */
import type { StaffUser } from '@store/shared/admin';
import { useMutation } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';
import { updateAdminSessionUser } from '../admin-session-store';

export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
}

/** `POST /api/admin/totp/setup` -> `{ secret, otpauth_uri }`; 409 when it is already on. */
export function useStartTotpSetup() {
  return useMutation({
    mutationFn: () => adminRequest('/admin/totp/setup', served<TotpSetup>(), { method: 'POST' }),
  });
}

/** `POST /api/admin/totp/{enable|disable}` `{ code }` -> `{ message, user }`; 400 for a wrong code. */
export function useTotpSwitch(action: 'enable' | 'disable') {
  return useMutation({
    mutationFn: (code: string) =>
      adminRequest(`/admin/totp/${action}`, served<{ message: string; user: StaffUser }>(), {
        method: 'POST',
        body: { code },
      }),
    onSuccess: (answer) => updateAdminSessionUser(answer.user),
  });
}
