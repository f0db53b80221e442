/**
 * The warehouse's calls (issue 36 §4): packing slips and the pick list of selected orders (PDF downloads), batch
 * status moves, and the low-stock report on demand.
 */
import type {
  AdminBatchStatusAnswer,
  BatchStatusMove,
  LowStockReportAnswer,
} from '@store/shared/admin-fulfilment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { served } from '@/lib/api-client';
import { adminRequest } from '../admin-request';
import { downloadAdminFile } from './admin-return-file';

/** Which document of the selected orders: packing slips (a page per order) or the pick list. */
export type FulfilmentDocument = 'packing-slips' | 'pick-list';

/**
 * `POST /api/admin/orders/{packing-slips|pick-list}` with the orders' public ids: downloads the PDF under the
 * server's name. Throws ApiError with the server's message when refused (e.g. an order that no longer exists).
 */
export function downloadFulfilmentPdf(
  document: FulfilmentDocument,
  orders: readonly string[],
): Promise<string> {
  return downloadAdminFile(`/admin/orders/${document}`, `${document}.pdf`, {
    method: 'POST',
    body: { orders },
  });
}

/** `POST /api/admin/orders/batch-status` -> each order's outcome; the orders list reads again after. */
export function useBatchMoveOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moves: BatchStatusMove[]) =>
      adminRequest('/admin/orders/batch-status', served<AdminBatchStatusAnswer>(), {
        method: 'POST',
        body: { moves },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'order'] });
    },
  });
}

/** `POST /api/admin/low-stock-report` -> whether the report went and how many products it listed. */
export function useSendLowStockReport() {
  return useMutation({
    mutationFn: () =>
      adminRequest('/admin/low-stock-report', served<LowStockReportAnswer>(), { method: 'POST' }),
  });
}
