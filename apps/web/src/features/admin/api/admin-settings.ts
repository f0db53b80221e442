/**
 * The back office's store settings calls (issue 36 §5): `GET /api/admin/settings` and `PUT /api/admin/settings`.
 * Shapes and messages in `@store/shared/admin-store-settings`.
 */
import type {
  AdminStoreSettings,
  AdminStoreSettingsAnswer,
  AdminStoreSettingsInput,
} from '@store/shared/admin-store-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

const KEY = ['admin', 'settings'] as const;

/** `GET /api/admin/settings` -> `{ data, audit }`. */
export function useAdminSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest('/admin/settings', served<AdminStoreSettingsAnswer>(), { signal }),
  });
}

/**
 * `PUT /api/admin/settings`: every field with the version the form was loaded with. The settings and their
 * audit trail read again afterwards, and so does the shop's config this browser holds.
 */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminStoreSettingsInput) =>
      adminRequest('/admin/settings', served<{ data: AdminStoreSettings; message: string }>(), {
        method: 'PUT',
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['store-config'] });
    },
  });
}
