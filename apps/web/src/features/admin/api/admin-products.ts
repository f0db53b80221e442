/** The back office's catalog calls (issue 12): the products list, one product with its audit trail, the edit. */
import type {
  AdminProductDetail,
  AdminProductListQuery,
  AdminProductRow,
  AdminProductUpdate,
} from '@store/shared/admin-products';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';

export type AdminProductsQuery = Partial<AdminProductListQuery>;

/** `GET /api/admin/products` -> `{ data, total }`. */
export function useAdminProducts(query: AdminProductsQuery) {
  return useQuery({
    queryKey: ['admin', 'products', query],
    queryFn: ({ signal }) =>
      adminRequest('/admin/products', served<{ data: AdminProductRow[]; total: number }>(), {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const productKey = (sku: string) => ['admin', 'product', sku.toLowerCase()];

/** `GET /api/admin/products/{sku}` -> `{ data, audit }`. */
export function useAdminProduct(sku: string) {
  return useQuery({
    queryKey: productKey(sku),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/products/${encodeURIComponent(sku)}`, served<AdminProductDetail>(), { signal }),
  });
}

/** `PATCH /api/admin/products/{sku}` -> `{ message, data, audit }`; the page shows the answer, the list reads again. */
export function useUpdateAdminProduct(sku: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductUpdate) =>
      adminRequest(
        `/admin/products/${encodeURIComponent(sku)}`,
        served<AdminProductDetail & { message: string }>(),
        { method: 'PATCH', body },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(productKey(sku), { data: answer.data, audit: answer.audit });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}
