import type { AdminSubscriberListQuery, AdminSubscriberRow } from '@store/shared/admin-customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';
import { downloadAdminFile } from './admin-return-file';

/** `GET /api/admin/subscribers` (admins only) -> `{ data, total }`. */
export function useAdminSubscribers(query: Partial<AdminSubscriberListQuery>) {
  return useQuery({
    queryKey: ['admin', 'subscribers', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/subscribers', served<{ data: AdminSubscriberRow[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves `GET /api/admin/subscribers.csv` (the active subscribers) as a file; answers its name. */
export function downloadSubscribersCsv(): Promise<string> {
  return downloadAdminFile('/admin/subscribers.csv', 'subscribers.csv');
}
