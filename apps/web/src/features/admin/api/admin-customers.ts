import type {
  AdminCustomerDetail,
  AdminCustomerListQuery,
  AdminCustomerRow,
} from '@store/shared/admin-customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

/** `GET /api/admin/customers` (admins only) -> `{ data, total }`. */
export function useAdminCustomers(query: Partial<AdminCustomerListQuery>) {
  return useQuery({
    queryKey: ['admin', 'customers', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/customers', served<{ data: AdminCustomerRow[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/customers/{id}` (admins only) -> `{ data }`. */
export function useAdminCustomer(id: number) {
  return useQuery({
    queryKey: ['admin', 'customer', id],
    queryFn: ({ signal }) =>
      adminRequest(`/admin/customers/${id}`, served<{ data: AdminCustomerDetail }>(), { signal }),
  });
}
