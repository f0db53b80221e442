/** The back office's jobs calls (issue 38 §2, decision 0062): queue depths, failed jobs, and a retry. */
import type { AdminJobs } from '@store/shared/admin-jobs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

const JOBS_KEY = ['admin', 'jobs'] as const;

/** `GET /api/admin/jobs`, read again every 15 s while the page is open (a retried job moves on its own). */
export function useAdminJobs() {
  return useQuery({
    queryKey: JOBS_KEY,
    queryFn: ({ signal }) => adminRequest('/admin/jobs', served<AdminJobs>(), { signal }),
    refetchInterval: 15_000,
  });
}

/** `POST /api/admin/jobs/{id}/retry`: one more try of a failed job; the list is read again after. */
export function useRetryAdminJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/admin/jobs/${encodeURIComponent(id)}/retry`, served<{ message: string }>(), {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}
