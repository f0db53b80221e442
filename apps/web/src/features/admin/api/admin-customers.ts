import type {
  AdminCustomerAnswer,
  AdminCustomerListQuery,
  AdminCustomerRow,
} from '@store/shared/admin-customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const customerKey = (id: number) => ['admin', 'customer', id] as const;

/** `GET /api/admin/customers/{id}` (admins only) -> `{ data, audit }`: the customer and their audit trail. */
export function useAdminCustomer(id: number) {
  return useQuery({
    queryKey: customerKey(id),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/customers/${id}`, served<AdminCustomerAnswer>(), { signal }),
  });
}

/**
 * Grants (`held` true: `PUT`) or removes (`DELETE`) a membership plan of customer `id` (issue 34 §4, admins only)
 * -> `{ message, data, audit }`; the page shows the answer as it is.
 */
export function useSetCustomerPlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, held }: { planId: number; held: boolean }) =>
      adminRequest(
        `/admin/customers/${id}/membership-plans/${planId}`,
        served<AdminCustomerAnswer & { message: string }>(),
        { method: held ? 'PUT' : 'DELETE' },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(customerKey(id), { data: answer.data, audit: answer.audit });
    },
  });
}
