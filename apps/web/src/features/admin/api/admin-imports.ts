/** The back office's catalog imports (issue 12): upload a CSV, poll its progress, list recent imports. */
import { IMPORT_FILE_FIELD, IMPORT_POLL_MS, type AdminImport } from '@store/shared/admin-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

type Started = { message: string; data: AdminImport };

/**
 * `POST /api/admin/imports` as multipart: the file and `skip_invalid`. An error answer is an ApiError with the
 * server's message (413 too big, 415 not a CSV, 409 another import running), and a refused session is handled
 * as for every back-office call (`adminRequest`).
 */
export function uploadImport(file: File, skipInvalid: boolean): Promise<Started> {
  const body = new FormData();
  body.append('skip_invalid', skipInvalid ? 'true' : 'false');
  body.append(IMPORT_FILE_FIELD, file);
  return adminRequest('/admin/imports', served<Started>(), {
    method: 'POST',
    body,
    fallbackMessage: (status) => `The file was not uploaded (status ${status}).`,
  });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, skipInvalid }: { file: File; skipInvalid: boolean }) =>
      uploadImport(file, skipInvalid),
    onSuccess: (answer) => {
      queryClient.setQueryData(['admin', 'import', answer.data.id], { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'imports'] });
    },
  });
}

/** `GET /api/admin/imports/{id}`, asked again every second while it runs. */
export function useAdminImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['admin', 'import', id],
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const answer = await adminRequest(
        `/admin/imports/${encodeURIComponent(id ?? '')}`,
        served<{ data: AdminImport }>(),
        { signal },
      );
      if (answer.data.status !== 'running')
        void queryClient.invalidateQueries({ queryKey: ['admin', 'imports'] });
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.data.status === 'running' ? IMPORT_POLL_MS : false),
  });
}

/** `GET /api/admin/imports` -> the recent imports. */
export function useAdminImports() {
  return useQuery({
    queryKey: ['admin', 'imports'],
    queryFn: ({ signal }) => adminRequest('/admin/imports', served<{ data: AdminImport[] }>(), { signal }),
  });
}
